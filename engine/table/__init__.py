"""Table options every game takes beside its own (clocks, stand-ins, hints, bot seats) and
their published schema. Above the games' rules protocol (`engine.core`), never inside its
import closure."""
