from enum import StrEnum


class AnalyseGameResponse200Status(StrEnum):
    DONE = "DONE"
    PENDING = "PENDING"

    def __str__(self) -> str:
        return str(self.value)
