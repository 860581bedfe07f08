"""The pages: linear documents made for screen readers, in French and English.

A heading per part, one polite live region that receives every public
announcement, a form with real labels for the private value, nothing timed,
nothing that moves the focus by itself, sizes in ``rem`` and the system's own
colours (so the device's text size, contrast and dark mode apply). The script is
a few lines of plain JavaScript served from the same origin (no framework, no
build step); the form also works without it.
"""

from __future__ import annotations

from html import escape
from collections.abc import Sequence
from typing import Any

from companion.i18n import LANGUAGES, Translator
from companion.web.tls import SERVER_NAME

CSS = """\
:root { color-scheme: light dark; }
html { font-size: 100%; }
body { font-family: system-ui, sans-serif; line-height: 1.5; max-width: 42rem; margin: 0 auto; padding: 1rem;
       background: Canvas; color: CanvasText; }
h1 { font-size: 1.6rem; } h2 { font-size: 1.3rem; margin-top: 2rem; }
label { display: block; font-weight: bold; margin-top: 1rem; }
input, select, button { font: inherit; padding: 0.5rem; margin-top: 0.25rem; }
button { margin-right: 0.5rem; }
a { color: LinkText; }
:focus-visible { outline: 0.2rem solid Highlight; outline-offset: 0.15rem; }
#said p, #mine p { margin: 0.25rem 0; }
[hidden] { display: none !important; }
"""

#: Each public sentence once, in order (the stream resumes after its last entry); a private form shown
#: when a value is asked; a value checked as it is typed. The focus is never moved, but when the control
#: holding it is hidden (the value was sent, the card played), where it goes is the heading of that part.
SCRIPT = """\
"use strict";
const page = document.documentElement.dataset, said = document.getElementById("said"), mine = document.getElementById("mine");
const form = document.getElementById("secret"), field = document.getElementById("value");
const hint = document.getElementById("hint"), idle = document.getElementById("idle");
const handForm = document.getElementById("hand-form"), lineForm = document.getElementById("line-form");
const offers = document.getElementById("offers");
function line(box, text, lang) { const p = document.createElement("p"); p.textContent = text; p.lang = lang; box.append(p); }
function controls(on) { for (const id of ["value", "send", "cancel"]) document.getElementById(id).disabled = !on; }
function show(request, text) { form.elements.request.value = request; document.getElementById("prompt").textContent = text;
  hint.textContent = ""; field.value = ""; controls(true); form.hidden = false; idle.hidden = true; }
function hide() { const had = form.contains(document.activeElement); form.hidden = true; controls(false); idle.hidden = false;
  if (had) document.getElementById("private-title").focus(); }
// A request the server cannot answer (it stopped, or the network is gone) is said, never silently lost.
async function send(action, fields) { const body = new URLSearchParams(fields);
  body.set("lang", document.documentElement.lang);
  try { const answer = await fetch(page.base + "/" + action, {method: "POST", body, headers: {"Accept": "application/json"}});
    return await answer.json(); }
  catch (e) { return {ok: false, unsent: true, message: ended ? link.textContent : page.offline}; } }
async function post(action) { const fields = new FormData(form); if (action === "cancel") fields.delete("value");
  return send(action, fields); }
function showHand(d) { if (!handForm) return; document.getElementById("hand-summary").textContent = d.text;
  const count = d.missing > 0 ? d.missing : d.held, focused = document.activeElement;
  handForm.querySelectorAll(".card-choice").forEach((box, i) => { box.hidden = i >= count;
    box.querySelector("select").disabled = i >= count; });
  handForm.hidden = count === 0;
  // A list or the button that held the focus went (the hand emptied, a card left it): to the part's heading.
  if (handForm.contains(focused) && (focused.disabled || focused.closest("[hidden]")))
    document.getElementById("hand-title").focus(); }
// A button pressed goes with the hand it played from: the focus goes to the same offer if it is still there, else to
// the heading of its part (never to the page's body).
function showOffers(list) { if (!offers) return;
  const had = offers.contains(document.activeElement) ? document.activeElement.value : null; offers.replaceChildren();
  for (const [text, label] of list) { const b = document.createElement("button"); b.type = "submit"; b.name = "line";
    b.value = text; b.textContent = label; offers.append(b); } offers.hidden = list.length === 0;
  if (had === null) return; const same = [...offers.querySelectorAll("button")].find(b => b.value === had);
  (same || document.getElementById("device-title")).focus(); }
// The stream: each entry once, in order, by its id; after any refusal or drop it reconnects by itself with a
// growing delay, says so in the polite "Connection" status, and the server replays what was missed.
let lastId = Number(page.after) || 0, stream = null, delay = 1000, lost = false, timer = null;
const link = document.getElementById("link");
function once(handler) { return e => { const id = Number(e.lastEventId) || 0; if (id && id <= lastId) return;
  if (id) lastId = id; handler(JSON.parse(e.data)); }; }
// A refusal that never clears (the seat freed, re-keyed or given to another device, no cookie kept): said as the
// server words it, and the page stops reconnecting; anything else is a transient loss, tried again by itself.
let ended = false;
async function probe() { try {
  const r = await fetch(page.base + "/beat", {method: "POST", headers: {"Accept": "application/json"}});
  if (r.status >= 400) { const d = await r.json();
    if (d.final) { ended = true; link.textContent = d.message; return; } } }
  catch (e) { /* offline: tried again below */ }
  if (timer === null) timer = setTimeout(connect, delay + Math.random() * 500); delay = Math.min(delay * 2, 15000); }
function connect() { timer = null; if (ended) return; stream = new EventSource(page.base + "/events?after=" + lastId);
  stream.addEventListener("say", once(d => line(said, d.text, d.lang)));
  stream.addEventListener("note", once(d => line(mine, d.text, d.lang)));
  stream.addEventListener("hand", once(d => { showHand(d); showOffers(d.offers || []);
    if (d.missing > 0) line(mine, d.text, d.lang); }));
  stream.addEventListener("ask", once(d => { line(mine, d.text, d.lang); show(d.request, d.text); }));
  stream.addEventListener("done", once(d => { if (form.elements.request.value === d.request) hide(); }));
  stream.addEventListener("end", once(d => { ended = true; stream.close(); link.textContent = d.text; }));
  stream.onopen = () => { delay = 1000; link.textContent = lost ? page.back : page.online; lost = false; };
  stream.onerror = () => { stream.close(); if (ended) return;
    if (!lost) link.textContent = page.offline; lost = true; probe(); }; }
connect();
setInterval(() => { if (!ended) fetch(page.base + "/beat", {method: "POST"}).catch(() => {}); }, Number(page.heartbeat) * 1000);
// "Leave this seat" asks first: the question and its two buttons appear, and the focus goes to the question.
const leaveForm = document.getElementById("leave-form"), confirmBox = document.getElementById("leave-confirm");
function asking(on) { confirmBox.hidden = !on; for (const b of confirmBox.querySelectorAll("button")) b.disabled = !on; }
leaveForm.addEventListener("submit", async e => { e.preventDefault();
  const by = e.submitter ? e.submitter.id : "";
  if (by === "leave-no") { asking(false); document.getElementById("leave").focus(); return; }
  if (by !== "leave-yes") { asking(true); document.getElementById("leave-question").focus(); return; }
  const d = await send("leave", {confirm: "yes"});
  if (d.unsent) { document.getElementById("leave-done").textContent = d.message; return; }
  ended = true; if (stream) stream.close();
  asking(false); link.textContent = d.message; document.getElementById("leave-done").textContent = d.message;
  document.getElementById("leave-title").focus(); });
field.addEventListener("input", async () => { if (field.value.trim() === "") { hint.textContent = ""; return; }
  const d = await post("check"); if (d.unsent) return;
  field.setAttribute("aria-invalid", d.ok ? "false" : "true"); hint.textContent = d.message; });
// Each answer goes to one live region once: cleared first, so that the same refusal twice is said twice; a value
// sent is said in "Only for you" only (its form and hint are hidden at once).
form.addEventListener("submit", async e => { e.preventDefault(); hint.textContent = "";
  const action = e.submitter && e.submitter.id === "cancel" ? "cancel" : "secret"; const d = await post(action);
  if (!d.ok) { hint.textContent = d.message; return; }
  field.value = ""; hide(); line(mine, d.message, document.documentElement.lang); });
if (handForm) handForm.addEventListener("submit", async e => { e.preventDefault();
  const fields = new FormData(); handForm.querySelectorAll(".card-choice:not([hidden]) select").forEach(
    select => fields.set(select.name, select.value));
  const answer = document.getElementById("hand-hint"); answer.textContent = "";
  answer.textContent = (await send("hand", fields)).message; });
for (const box of [lineForm, offers]) if (box) box.addEventListener("submit", async e => { e.preventDefault();
  const typed = document.getElementById("line"), text = e.submitter && e.submitter.name === "line" ?
    e.submitter.value : typed.value; const answer = document.getElementById("line-hint"); answer.textContent = "";
  const d = await send("line", {line: text}); answer.textContent = d.hint || d.message;
  // A line sent leaves the field; a refused one stays to be corrected, selected, so that a line typed again replaces it
  // (it was added to its end: "Unknown command: jou garde benjoue garde ben").
  if (box === lineForm) { if (d.ok) typed.value = ""; else typed.select(); } });
"""


def _document(lang: str, title: str, body: str, data: dict[str, str] | None = None, script: bool = False) -> str:
    """A whole page: its language said to the browser and the screen reader, never machine-translated."""
    attributes = "".join(f' data-{k}="{escape(v)}"' for k, v in (data or {}).items())
    tail = '<script src="/page.js"></script>' if script else ""
    return (f'<!DOCTYPE html>\n<html lang="{lang}" translate="no"{attributes}>\n<head>\n<meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f'<meta name="google" content="notranslate">\n<title>{escape(title)}</title>\n'
            f'<link rel="stylesheet" href="/page.css">\n</head>\n<body>\n<main>\n{body}\n</main>\n{tail}\n</body>\n</html>\n')


def _languages(lang: str, href: str) -> str:
    """The page's language said in words (and how to switch the screen reader's voice), then a link to the other one,
    named in that language."""
    t = Translator(lang, "web")
    names = {"fr": "Français", "en": "English"}
    # Translators: "English" is this page's language: say yours ("Cette page est en français.").
    said = escape(t("This page is in English. If your screen reader speaks another language, switch its voice to "
                    "English. NVDA: NVDA+Ctrl+V, or the voice settings. VoiceOver: the rotor's Languages. TalkBack "
                    "and Orca: their speech settings. Or choose the other language here:"))
    links = [f'<a href="{escape(href)}?lang={other}" lang="{other}" hreflang="{other}">{names[other]}</a>'
             for other in LANGUAGES if other != lang]
    return f'<p id="language">{said} {" ".join(links)}</p>'


def _seat_words(t: Translator, seat: Any, game: str, code: str) -> dict[str, str]:
    """Every sentence of a seat's page, escaped; each once, outside the f-strings (where gettext cannot read it)."""
    return {
        # Translators: a seat page's heading; {name} is the player's name.
        "title": escape(t("{name}: your private view", name=seat.name)),
        # Translators: {game} is the game's name, {code} the table's join code.
        "intro": escape(t("{game}, table {code}. This page is yours alone: keep its address to yourself.", game=game,
                          code=code)),
        # Translators: a heading of the seat's page.
        "private": escape(t("Your private actions")),
        "idle": escape(t("Nothing to type now. When the table asks you a secret value, a form appears here.")),
        # Translators: a field's label.
        "value": escape(t("Your secret value")),
        # Translators: a button.
        "send": escape(t("Send my value")),
        # Translators: a button: the secret value is not sent.
        "cancel": escape(t("Cancel")),
        # Translators: a heading: the private notes for this player only.
        "mine": escape(t("Only for you")),
        "device": escape(t("Play or ask from your page")),
        "line": escape(t("A play or a question, answered here only")),
        # Translators: a button sending the line typed.
        "send_line": escape(t("Send")),
        "said": escape(t("What the table says")),
        "where": escape(t("Where the game stands")),
        "again": escape(t("Read again where the game stands")),
        # Translators: a heading: the page's connection to the table.
        "connection": escape(t("Connection")),
        "connecting": escape(t("Connecting to the table…")),
        "leave_title": escape(t("Leave this seat")),
        "leave_text": escape(t("On another device, or done playing? Leave the seat: the table can give it again.")),
        "leave": escape(t("Leave this seat")),
        "leave_question": escape(t("Leave this seat? Your hand and your private notes are cleared on it.")),
        # Translators: a button confirming "Leave this seat".
        "leave_yes": escape(t("Yes, leave this seat")),
        # Translators: a button: do not leave the seat after all.
        "leave_no": escape(t("No, stay")),
    }


def seat_page(lang: str, game: str, seat: Any, code: str, status: str, table_lang: str, after: int,
              prompt: tuple[str, str] | None, hand: dict[str, Any], notes: Sequence[tuple[str, str]] = (),
              heartbeat: float = 10.0) -> str:
    """A seat's page: its private value when one is asked, its hand, its own plays and questions, what the table says."""
    t = Translator(lang, "web")
    w = _seat_words(t, seat, game, code)
    base = seat.path()
    body = f"""<h1>{w["title"]}</h1>
<p>{w["intro"]}</p>
{_languages(lang, base)}
{_secret_part(w, lang, base, prompt)}
{_hand_part(t, lang, base, hand)}
{_scan_part(lang, hand)}
<h2>{w["mine"]}</h2>
<div id="mine" role="log" aria-live="polite" aria-relevant="additions">{"".join(
    f'<p lang="{note_lang}">{escape(text)}</p>' for text, note_lang in notes)}</div>
<h2 id="device-title" tabindex="-1">{w["device"]}</h2>
<form id="offers" method="post" action="{escape(base)}/line"{"" if hand["offers"] else " hidden"}>
{"".join(f'<button type="submit" name="line" value="{escape(text)}">{escape(label)}</button>'
         for text, label in hand["offers"])}
</form>
<form id="line-form" method="post" action="{escape(base)}/line">
<input type="hidden" name="lang" value="{lang}">
<label for="line">{w["line"]}</label>
<input id="line" name="line" type="text" autocomplete="off" spellcheck="false" maxlength="200" aria-describedby="line-hint">
<button type="submit" id="send-line">{w["send_line"]}</button>
<p id="line-hint" role="status"></p>
</form>
<h2>{w["said"]}</h2>
<div id="said" role="log" aria-live="polite" aria-relevant="additions" lang="{table_lang}"></div>
<h2>{w["where"]}</h2>
<p lang="{table_lang}">{escape(status)}</p>
<p><a id="again" href="{escape(base)}?lang={lang}">{w["again"]}</a></p>
<h2>{w["connection"]}</h2>
<p id="link" role="status" aria-live="polite">{w["connecting"]}</p>
{_leave_part(w, lang, base)}"""
    data = {"base": base, "after": str(after), "online": t("Connected to the table."),
            "offline": t("Connection lost: trying again by itself."),
            "back": t("Connected again: what was said meanwhile follows."), "heartbeat": f"{heartbeat:g}"}
    # Translators: a seat page's title; {name} is the player's name.
    return _document(lang, t("{name}: private view", name=seat.name), body, data, script=True)


def _secret_part(w: dict[str, str], lang: str, base: str, prompt: tuple[str, str] | None) -> str:
    """The private value's form: shown when one is asked, else a sentence saying nothing is."""
    request, prompt_text = prompt if prompt is not None else ("", "")
    hidden_form, hidden_idle = ("", " hidden") if prompt is not None else (" hidden", "")
    off = "" if prompt is not None else " disabled"  # a hidden form's controls take no focus
    return f"""<h2 id="private-title" tabindex="-1">{w["private"]}</h2>
<p id="idle"{hidden_idle}>{w["idle"]}</p>
<form id="secret" method="post" action="{escape(base)}/secret"{hidden_form}>
<p id="prompt">{escape(prompt_text)}</p>
<input type="hidden" name="request" value="{escape(request)}">
<input type="hidden" name="lang" value="{lang}">
<label for="value">{w["value"]}</label>
<input id="value" name="value" type="text" inputmode="numeric" autocomplete="off" spellcheck="false" maxlength="4"
 aria-describedby="hint"{off}>
<p id="hint" role="status"></p>
<button type="submit" id="send"{off}>{w["send"]}</button>
<button type="submit" id="cancel" formaction="{escape(base)}/cancel"{off}>{w["cancel"]}</button>
</form>"""


def _leave_part(w: dict[str, str], lang: str, base: str) -> str:
    """"Leave this seat", and its confirmation (shown by the script; without it, a page of its own asks)."""
    return f"""<h2 id="leave-title" tabindex="-1">{w["leave_title"]}</h2>
<form id="leave-form" method="post" action="{escape(base)}/leave">
<input type="hidden" name="lang" value="{lang}">
<p>{w["leave_text"]}</p>
<button type="submit" id="leave">{w["leave"]}</button>
<div id="leave-confirm" hidden>
<p id="leave-question" tabindex="-1">{w["leave_question"]}</p>
<button type="submit" id="leave-yes" name="confirm" value="yes" disabled>{w["leave_yes"]}</button>
<button type="submit" id="leave-no" disabled>{w["leave_no"]}</button>
</div>
<p id="leave-done" role="status"></p>
</form>"""


def _hand_part(t: Translator, lang: str, base: str, hand: dict[str, Any]) -> str:
    """The seat's hand and the form to enter it: one list per card still to enter (or per card held, to correct)."""
    # Each sentence once, outside the f-strings (where gettext's extractor cannot read it).
    w = {
        # Translators: a heading of the seat's page.
        "hand": escape(t("Your hand")),
        "enter": escape(t("Enter these cards")),
    }
    if not hand["hands"]:
        return ""
    # Translators: the label of one card list; {number} is its place in the hand (1, 2…).
    card_labels = [escape(t("Card {number}", number=i)) for i in range(1, MAX_SHOWN + 1)]
    count = hand["missing"] or hand["held"]
    options = "".join(f'<option value="{escape(card_id)}">{escape(label)}</option>' for card_id, label in hand["choices"])
    boxes = "\n".join(
        f'<p class="card-choice"{"" if i <= count else " hidden"}><label for="card{i}">'
        f'{label}</label>\n<select id="card{i}" name="card{i}"{"" if i <= count else " disabled"}>{options}</select></p>'
        for i, label in enumerate(card_labels, 1))
    return f"""<h2 id="hand-title" tabindex="-1">{w["hand"]}</h2>
<p id="hand-summary">{escape(hand["summary"])}</p>
<form id="hand-form" method="post" action="{escape(base)}/hand"{"" if count else " hidden"}>
<input type="hidden" name="lang" value="{lang}">
{boxes}
<button type="submit" id="send-hand">{w["enter"]}</button>
<p id="hand-hint" role="status"></p>
</form>"""


def _scan_part(lang: str, hand: dict[str, Any]) -> str:
    """"Scan a card" (issue 26, ``companion/web/scan.py``): where the game has hands to enter."""
    from companion.web.scan import part

    return part(lang) if hand["hands"] else ""


#: Card lists on a page (the largest hand a game holds; a seat shows as many as it enters).
MAX_SHOWN = 8


def join_page(lang: str, game: str, seats: list[Any], problem: str | None = None, fingerprint: str | None = None) -> str:
    """The table's address: the join code and the free seats (and, over HTTPS, the certificate's fingerprint)."""
    t = Translator(lang, "web")
    # Each sentence once, outside the f-strings (where gettext's extractor cannot read it).
    w = {
        "code": escape(t("Join code (said at the table)")),
        # Translators: a heading and a field's label on the join page.
        "seat": escape(t("Your seat")),
        # Translators: a button on the join page.
        "join": escape(t("Join")),
        "taken": escape(t("No seat is free: every seat is taken, or the join code has expired. Ask the table.")),
        "certificate": escape(t("This page's certificate")),
        # Issue 30: where to read the fingerprint, never its value (an interceptor would forward a written one).
        "fingerprint": escape(t("Compare the fingerprint said at the table in your browser's own certificate view.")),
        # Translators: {name} is the certificate's own name, shown in English by every browser.
        "look": escape(t("Open the certificate beside the address: {name}, its SHA-256 fingerprint.",
                         name=SERVER_NAME)),
        "install": escape(t("The table's authority, to install on this device after comparing it (see the guide)")),
        # Translators: the join page's heading; {game} is the game's name.
        "heading": escape(t("Join the table: {game}", game=game)),
    }
    options = "\n".join(f'<option value="{escape(s.id)}">{escape(s.name)}</option>' for s in seats)
    # A refused code comes back as a new page: its title and the line after its heading say why first (a screen reader
    # reads the title as the page loads; an alert already in a page that loads is not announced), and the field
    # points to it.
    alert = f'<p id="problem" role="alert">{escape(problem)}</p>' if problem else ""
    invalid = ' aria-invalid="true" aria-describedby="problem"' if problem else ""
    free = (f"""<form method="post" action="/join">
<input type="hidden" name="lang" value="{lang}">
<label for="code">{w["code"]}</label>
<input id="code" name="code" type="text" autocomplete="off" autocapitalize="characters" spellcheck="false"
 maxlength="12"{invalid}>
<label for="seat">{w["seat"]}</label>
<select id="seat" name="seat">
{options}
</select>
<p><button type="submit">{w["join"]}</button></p>
</form>""" if seats else f'<p>{w["taken"]}</p>')
    body = f"""<h1>{w["heading"]}</h1>
{alert}
{_languages(lang, "/")}
<h2>{w["seat"]}</h2>
{free}{_fingerprint(w, fingerprint)}"""
    title = t("Join the table: {game}", game=game)
    return _document(lang, f"{problem} — {title}" if problem else title, body)


def _fingerprint(w: dict[str, str], fingerprint: str | None) -> str:
    if fingerprint is None:
        return ""
    return f"""
<h2>{w["certificate"]}</h2>
<p>{w["fingerprint"]}</p>
<p>{w["look"]}</p>
<p><a href="/authority.crt">{w["install"]}</a></p>"""


def leave_page(lang: str, base: str, question: str) -> str:
    """"Leave this seat" confirmed without the script: the question, "Yes, leave this seat", and a way back."""
    t = Translator(lang, "web")
    title = escape(t("Leave this seat"))
    body = f"""<h1>{title}</h1>
<form method="post" action="{escape(base)}/leave">
<input type="hidden" name="lang" value="{lang}">
<p>{escape(question)}</p>
<button type="submit" name="confirm" value="yes">{escape(t("Yes, leave this seat"))}</button>
</form>
<p><a href="{escape(base)}?lang={lang}">{escape(t("No, stay"))}</a></p>"""
    return _document(lang, t("Leave this seat"), body)


def message_page(lang: str, title: str, text: str) -> str:
    """A refusal or an answer without the script, as a page of its own."""
    body = f'<h1>{escape(title)}</h1>\n<p>{escape(text)}</p>'
    return _document(lang, title, body)


__all__ = ["CSS", "SCRIPT", "join_page", "leave_page", "message_page", "seat_page"]
