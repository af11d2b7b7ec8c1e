from enum import StrEnum


class ListMyGamesStatus(StrEnum):
    ABANDONED = "ABANDONED"
    ACTIVE = "ACTIVE"
    FINISHED = "FINISHED"
    OPEN = "OPEN"

    def __str__(self) -> str:
        return str(self.value)
