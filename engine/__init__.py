"""Boardstate's pure rules engine: standard library only (DESIGN §2, §3)."""
