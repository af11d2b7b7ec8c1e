"""The service object: every feature built once and handed to the doors."""
