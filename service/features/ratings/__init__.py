"""Ratings per (player, game type): Weng-Lin (OpenSkill) updates of rated games, applied once
each from the feed, leaderboards, histories, and their rebuild from the logs (issue 30)."""
