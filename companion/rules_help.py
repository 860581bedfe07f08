"""The words of ``companion rules`` that the CLI needs before anything is read: kept light, so --help stays fast."""

from __future__ import annotations

from companion.marker import N_



FORMATS = ("txt", "html", "brf", "pef")

CLI_HELP = {
    "rules": N_("read a game's rules section by section, or write them as a document"),
    # Translators: a placeholder (metavar) in capitals.
    "SECTION": N_("SECTION"),
    "section": N_("the section to start at: its number or its name (or a word to find)"),
    "format": N_("write the whole rules as a document in this format instead of reading them"),
    # Translators: {path} a file or folder name.
    "written": N_("Rules written to {path}."),
    "no_section": N_("--format writes the whole rules: leave out the section."),
    "no_format": N_("-o and --force go with --format: add --format txt, html, brf or pef."),
}
