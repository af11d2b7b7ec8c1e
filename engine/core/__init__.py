"""Shared engine mechanisms: the decider protocol, errors, RNG, wire forms, decks, turn order."""
