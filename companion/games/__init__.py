"""The rules cores, one module per game (pure: no I/O, no language); the registry of games is `companion.registry`."""
