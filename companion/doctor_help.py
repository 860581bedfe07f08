"""The words of ``companion doctor --help``, apart from companion/doctor.py so the CLI loads no check to print them."""

from __future__ import annotations

from companion.marker import N_



DOMAIN = "doctor"
CLI_HELP = N_("check speech, braille and the data folder, and say what to install")
CLI_EPILOG = N_("Exit status: 0 when everything needed to play is here, 1 when something is missing.")
