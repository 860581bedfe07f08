"""Speech output: a `Speaker` protocol and its backends (see speech/base.py)."""
