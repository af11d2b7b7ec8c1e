"""Bots: the worker that plays bot seats, their memory and thinking pool, and hints."""
