"""Boardstate package."""
