"""Braille: liblouis translation, display output and aid sheets."""
