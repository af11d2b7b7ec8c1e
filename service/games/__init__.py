"""Game operations: create, join, moves (the referee), loading and caching, views, live events."""
