"""The players' part of the contract: codes, ports and view records of players, their streams,
matchmaking and ratings."""
