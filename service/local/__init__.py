"""Local conveniences: a private Redis server for local runs and tests."""
