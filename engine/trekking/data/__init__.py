"""Trekking Through History component data (written once by scripts/trekking_data.py)."""
