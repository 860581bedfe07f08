"""The table page as a document: made for screen readers first, every sentence from the ``web`` catalog.

A heading per part, the first one read when the page opens (nothing takes the
focus by itself); one command field; the announcements in one log, each entry
with its own ``lang``; the secret value in a password field that the browser
never keeps; the keys are documented access keys, never a key a screen reader
needs. Sizes in ``rem`` and the system's own colours, as on the seats' pages.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from html import escape
from pathlib import Path
from typing import Any

from companion.i18n import Translator
from companion.web import pages
from companion.web.feed import Entry
from companion.web.table_page.help import ACCESS_KEYS

SCRIPT_FILE = Path(__file__).resolve().parent.parent / "static" / "table.js"

#: The seats' pages' style, and the table page's own parts.
CSS = pages.CSS + """\
label.inline { display: inline; }
#command { width: 100%; box-sizing: border-box; }
#said { max-height: 24rem; overflow-y: auto; border: 0.1rem solid GrayText; padding: 0.25rem 0.75rem; }
#said p.assertive { font-weight: bold; }
/* The value typed is never shown, not even as dots (their number would tell how many digits). */
#value { color: transparent; caret-color: CanvasText; }
"""

#: The quick commands: the button, the line it sends (the parser takes English words at a French table too).
QUICK = (("status", "status"), ("now", ""), ("help", "help"), ("why", "why"), ("rules", "rules"), ("undo", "undo"),
         ("redo", "redo"))


def _words(t: Translator, game: str) -> dict[str, str]:
    """Every sentence of the page once, escaped (outside the f-strings, where gettext's extractor cannot read it)."""
    w = {
        # Translators: the table page's title and first heading; {game} is the game's name.
        "title": t("{game}: the table", game=game),
        "intro": t("This page is the table itself: type commands here or at the terminal. "
                   "Keep its address to yourself."),
        # Translators: a heading of the table page: the field where the host types commands.
        "command_title": t("Command"),
        "command": t("Command, in French or English"),
        "command_help": t("Enter sends it. Up and Down: the lines sent before."),
        "send": t("Send"),
        # Translators: a button: accepts the command the table suggested (did you mean…).
        "yes": t("Yes"),
        # Translators: a heading of the table page: the field for a secret fight value.
        "secret_title": t("Secret value"),
        "secret_idle": t("No secret value is asked now."),
        "value": t("Your secret value, never shown"),
        "send_value": t("Send the value"),
        "cancel": t("Cancel"),
        # Translators: a heading of the table page, above buttons that send common commands.
        "quick": t("Quick commands"),
        # Translators: a button of the table page: says the game's status.
        "status": t("Status"),
        # Translators: a button of the table page: says who must act now.
        "now": t("Now"),
        # Translators: a button of the table page: says the commands.
        "help": t("Help"),
        # Translators: a button of the table page: says why the last decision was made.
        "why": t("Why"),
        # Translators: a button of the table page: the game's rules.
        "rules": t("Rules"),
        # Translators: a button of the table page: takes back the last command.
        "undo": t("Undo"),
        # Translators: a button of the table page: does again what was taken back.
        "redo": t("Redo"),
        "said": t("What the table says"),
        "voice_title": t("Voice and sounds"),
        # Translators: a check box; the browser's own voice, for a computer without a screen reader.
        "voice": t("Built-in voice, for a computer without a screen reader"),
        "connection": t("Connection"),
        "connecting": t("Connecting to the table…"),
        # Translators: a heading of the table page, above the list of access keys.
        "keys": t("Keys"),
        "keys_intro": t("Access keys: Alt and the letter in Chrome and Edge. Firefox: Alt, Shift and the letter. "
                        "On a Mac: Control, Option and the letter."),
        **{f"key_{name}": t(sentence) for name, _, sentence in ACCESS_KEYS},
    }
    return {k: escape(v) for k, v in w.items()}


def _sounds_sentence(t: Translator, sounds: str) -> str:
    if sounds == "off":
        return t("Sounds are off (--sounds off).")
    if sounds == "only":
        return t("Sounds replace the words of a play for the built-in voice (--sounds only).")
    return t("A short sound comes before the frequent sentences (--sounds on).")


def page(lang: str, game: str, base: str, entries: Sequence[Entry], after: int, earcons: dict[str, Any], sounds: str,
         yes: str, asked: str = "") -> str:
    """The whole page: ``entries`` already said (kept in the log, not read again), ``asked``: a value awaited now."""
    t = Translator(lang, "web")
    w = _words(t, game)
    keys = {name: key for name, key, _ in ACCESS_KEYS}
    said = "".join(_entry(e) for e in entries)
    access = {name: f' accesskey="{key}"' for name, key in keys.items()}
    quick = "\n".join(f'<button type="button" id="{name}" data-line="{line}"{access.get(name, "")}>{w[name]}</button>'
                      for name, line in QUICK)
    shown, idle = ("", " hidden") if asked else (" hidden", "")
    # The value field takes its form's autocomplete="off" (HTML's form owner rule): the browser keeps nothing.
    off = "" if asked else " disabled"
    listed = "\n".join(f'<li>{w["key_" + name]}</li>' for name, _, _ in ACCESS_KEYS)
    body = f"""<h1>{w["title"]}</h1>
<p>{w["intro"]}</p>
<h2 id="command-title">{w["command_title"]}</h2>
<form id="command-form" method="post" action="{escape(base)}/line">
<label for="command">{w["command"]}</label>
<input id="command" name="line" type="text" autocomplete="off" spellcheck="false" maxlength="200"
 accesskey="{keys["command"]}" aria-describedby="command-help command-hint">
<p id="command-help">{w["command_help"]}</p>
<button type="submit" id="send">{w["send"]}</button>
<button type="button" id="yes" hidden disabled>{w["yes"]}</button>
<p id="command-hint" role="status"></p>
</form>
<h2 id="secret-title" tabindex="-1">{w["secret_title"]}</h2>
<p id="secret-idle"{idle}>{w["secret_idle"]}</p>
<form id="secret-form" method="post" action="{escape(base)}/secret" autocomplete="off"{shown}>
<input type="hidden" name="request" value="{escape(asked)}">
<label for="value">{w["value"]}</label>
<input id="value" name="value" type="password" inputmode="numeric" spellcheck="false" maxlength="4"
 accesskey="{keys["value"]}"{off}>
<button type="submit" id="send-value"{off}>{w["send_value"]}</button>
<button type="button" id="cancel-value"{off}>{w["cancel"]}</button>
</form>
<h2>{w["quick"]}</h2>
<p id="quick">{quick}</p>
<h2 id="said-title">{w["said"]}</h2>
<div id="said" role="log" aria-live="polite" aria-relevant="additions" aria-labelledby="said-title" tabindex="0"
 accesskey="{keys["said"]}">{said}</div>
<h2>{w["voice_title"]}</h2>
<p><input type="checkbox" id="voice"> <label for="voice" class="inline">{w["voice"]}</label></p>
<p>{escape(_sounds_sentence(t, sounds))}</p>
<h2>{w["connection"]}</h2>
<p id="link" role="status">{w["connecting"]}</p>
<h2>{w["keys"]}</h2>
<p>{w["keys_intro"]}</p>
<ul>
{listed}
</ul>"""
    data = {"base": base, "after": str(after), "yes": yes, "sounds": sounds, "earcons": json.dumps(earcons),
            **_connection(t)}
    # Translators: the page's title; {game} is the game's name.
    return _document(lang, t("{game}: the table", game=game), body, data)


def _connection(t: Translator) -> dict[str, str]:
    """What the script says of the connection as the stream comes and goes."""
    return {"online": t("Connected to the table."), "offline": t("Connection lost: trying again by itself."),
            "back": t("Connected again: what was said meanwhile follows."),
            # Translators: the table page's connection, after a few tries (the companion runs on this computer).
            "silent": t("No answer from the companion on this computer: it may have stopped. Trying again."),
            # Translators: the table page's connection, once the companion (started again) refused the page's secret.
            "stale": t("This page's link is no longer valid: the companion was started again. "
                       "Open the new link shown at the table.")}


def _entry(entry: Entry) -> str:
    urgent = ' class="assertive"' if entry.data.get("assertive") else ""
    return f'<p lang="{escape(entry.lang)}" data-id="{entry.id}"{urgent}>{escape(entry.text)}</p>'


def _document(lang: str, title: str, body: str, data: dict[str, str]) -> str:
    attributes = "".join(f' data-{k}="{escape(v)}"' for k, v in data.items())
    return (f'<!DOCTYPE html>\n<html lang="{lang}" translate="no"{attributes}>\n<head>\n<meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f'<meta name="google" content="notranslate">\n<title>{escape(title)}</title>\n'
            f'<link rel="stylesheet" href="/table.css">\n</head>\n<body>\n<main>\n{body}\n</main>\n'
            f'<script src="/table.js"></script>\n</body>\n</html>\n')


__all__ = ["CSS", "SCRIPT_FILE", "page"]
