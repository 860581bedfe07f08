"""Simulation paths made for speed: compact game states the bots play millions of games on.

Each module here follows a game's rules core (``companion/games``), which stays the reference; a
differential test (``tests/test_num_x_fast.py``) plays random games on both and checks they never drift.
"""
