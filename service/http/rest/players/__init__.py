"""REST: players (tokens, their own games and stream) and ratings."""
