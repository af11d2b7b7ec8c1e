"""Bots: policies that choose a seat's move from what that seat may know (issue 17)."""
