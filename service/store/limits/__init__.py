"""Counting callers in Redis: request rate limits, the points budget, the open-games quota."""
