"""companion: an audio and braille companion for physical card games."""

__version__ = "0.1.0"
