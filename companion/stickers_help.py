"""The words of ``companion stickers`` that the CLI needs first: kept light, for a fast --help (tools catalog)."""

from __future__ import annotations


def N_(message: str) -> str:  # noqa: N802 - marks a message for the tools catalog; translated where it is said
    return message


CLI_HELP = {
    "stickers": N_("write a sheet of stickers to scan: a QR code and the name for each card copy (docs/scanning.en.md)"),
    "scan": N_("a webcam (or a video file) whose sticker codes are said at the table, for cards played face up"),
    "paper": N_("the paper: a4 (the default) or letter"),
    "output": N_("the sheet to write: a .pdf, or a .svg (one file a page); a .pef of the names in braille goes beside it"),
    # Translators: said when companion stickers is given no -o FILE, or one of another kind.
    "kind": N_("companion stickers: give -o FILE ending in .svg or .pdf. The braille .pef is written beside it."),
    # Translators: said once the sheet is written; {files} lists the files, {count} the stickers.
    "written": N_("{count} stickers written to {files}."),
}
