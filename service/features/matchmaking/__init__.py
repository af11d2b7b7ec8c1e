"""Matchmaking (architecture §5e): seeks paired into games, challenges, rematches."""
