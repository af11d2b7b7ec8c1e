from enum import StrEnum


class StandInInPolicy(StrEnum):
    HEURISTIC = "heuristic"
    RANDOM = "random"
    SEARCH = "search"
    STAND_IN = "stand-in"

    def __str__(self) -> str:
        return str(self.value)
