"""Bots: policies that choose a seat's move from what that seat may know (issue 17). Above the
games' rules protocol (`engine.core`), never inside its import closure; a game's own bot hooks
(resampler, evaluation) are part of its declaration: `engine.core.bot_hooks`."""
