"""Each player's private hand: what a seat holds, entered on the player's own device, and what it lets the companion decide.

A game that can use the hands its players enter privately declares ``PRIVATE``
(a `companion.private.base.PrivateRules`) in ``companion/private/<game>.py``;
the registry finds it by the game module's last name, like the parser and the
renderer. Like a rules core, it is pure: no I/O, no language.
"""
