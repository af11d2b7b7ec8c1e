"""The lobby: creating games (admission, limits), taking seats, forks, imports and expiry."""
