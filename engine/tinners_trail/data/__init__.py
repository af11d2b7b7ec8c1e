"""Component data of Tinners' Trail (one JSON file per edition; see `engine.core.data`)."""
