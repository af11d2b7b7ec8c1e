"""Boardstate's pure rules engine: standard library only (architecture §2, §3)."""
