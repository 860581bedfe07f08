// The table's own page (companion/web/table_page): the command field, the live log, the secret value,
// the earcons (Web Audio) and the built-in voice (speechSynthesis). Plain JavaScript, no framework.
// Nothing here moves the focus by itself, except from the command field to the secret value field when the
// line just sent asks a value, and back once it is sent, and from the Yes button (which goes away once pressed) to the
// command field; no key is taken but Up and Down in the command field.
"use strict";
const page = document.documentElement.dataset;
const said = document.getElementById("said"), commandForm = document.getElementById("command-form");
const command = document.getElementById("command"), hint = document.getElementById("command-hint");
const yes = document.getElementById("yes"), secretForm = document.getElementById("secret-form");
const value = document.getElementById("value"), secretIdle = document.getElementById("secret-idle");
const voice = document.getElementById("voice"), link = document.getElementById("link");
const earcons = JSON.parse(page.earcons || "{}"), VOLUME = 0.45, VOICE_KEY = "companion-table-voice";
const lines = [];
let historyAt = 0, audio = null;
// What was played and said, for the tests (kinds only: never a sentence's words).
window.companionPlayed = [];

// ------------------------------------------------------------------ sounds and the built-in voice
function wakeAudio() {
  if (audio === null && window.AudioContext) audio = new AudioContext();
  if (audio !== null && audio.state === "suspended") audio.resume().catch(() => {});
}
document.addEventListener("keydown", wakeAudio, true);
document.addEventListener("pointerdown", wakeAudio, true);
function sound(kind) {
  const tones = earcons[kind];
  if (!tones || page.sounds === "off") return;
  window.companionPlayed.push(kind);
  if (audio === null) return;
  let at = audio.currentTime + 0.01;
  for (const [wave, hz, seconds] of tones) {
    const osc = audio.createOscillator(), gain = audio.createGain(), [from, to] = String(hz).split("-").map(Number);
    const fade = Math.min(0.005, seconds / 4);
    osc.type = wave;
    osc.frequency.setValueAtTime(from, at);
    if (to) osc.frequency.linearRampToValueAtTime(to, at + seconds);
    gain.gain.setValueAtTime(0, at);
    gain.gain.linearRampToValueAtTime(VOLUME, at + fade);
    gain.gain.setValueAtTime(VOLUME, at + seconds - fade);
    gain.gain.linearRampToValueAtTime(0, at + seconds);
    osc.connect(gain).connect(audio.destination);
    osc.start(at);
    osc.stop(at + seconds);
    at += seconds;
  }
}
voice.checked = localStorage.getItem(VOICE_KEY) === "on";
voice.addEventListener("change", () => {
  localStorage.setItem(VOICE_KEY, voice.checked ? "on" : "off");
  if (!voice.checked && window.speechSynthesis) speechSynthesis.cancel();
});
function speak(text, lang, assertive) {
  if (!voice.checked || !window.speechSynthesis) return;
  if (assertive) speechSynthesis.cancel();
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = lang;
  speechSynthesis.speak(utterance);
}

// ------------------------------------------------------------------ the log
function add(d) {
  const p = document.createElement("p");
  p.textContent = d.text;
  p.lang = d.lang;
  p.dataset.id = d.id;
  if (d.assertive) p.className = "assertive";
  // An error, a life, a round or a game end interrupts; every other sentence waits its turn.
  said.setAttribute("aria-live", d.assertive ? "assertive" : "polite");
  said.append(p);
  said.scrollTop = said.scrollHeight;
  if (d.sound) sound(d.sound);
  if (d.words !== false) speak(d.text, d.lang, d.assertive);
  // The offer lasts until the next line, typed here or at the terminal: whatever is said next ends it.
  if (d.suggestion) { yes.hidden = false; yes.disabled = false; } else withdrawOffer();
}
function withdrawOffer() {
  if (yes.hidden) return;
  if (document.activeElement === yes) command.focus();  // the button goes away: the focus waits in the command field
  yes.hidden = true;
  yes.disabled = true;
}

// ------------------------------------------------------------------ the secret value
function ask(request) {
  const fromCommand = commandForm.contains(document.activeElement);
  secretForm.elements.request.value = request;
  value.value = "";
  for (const control of secretForm.querySelectorAll("input, button")) control.disabled = false;
  secretForm.hidden = false;
  secretIdle.hidden = true;
  if (fromCommand) value.focus();  // the line just sent asks it: the value is typed next, never in the command field
}
function asked(request) {
  if (secretForm.elements.request.value !== request) return;
  const had = secretForm.contains(document.activeElement);
  value.value = "";
  secretForm.elements.request.value = "";
  for (const control of secretForm.querySelectorAll("input:not([type=hidden]), button")) control.disabled = true;
  secretForm.hidden = true;
  secretIdle.hidden = false;
  hint.textContent = "";  // "A secret value is asked…" is no longer true
  if (had) command.focus();
}
// A request the server cannot answer (the game ended, the companion stopped) is said in the hint, never lost silently.
async function post(action, fields) {
  if (ended) return {ok: false, message: link.textContent};  // the game ended, or this link is stale: nothing is sent
  const body = new URLSearchParams(fields);
  try {
    const answer = await fetch(page.base + "/" + action, {method: "POST", body, headers: {"Accept": "application/json"}});
    return await answer.json();
  } catch (error) {
    return {ok: false, message: tries >= SILENT_AFTER ? link.textContent : page.offline};
  }
}
function answered(d) {
  if (!d.ok) hint.textContent = d.message;
}
secretForm.addEventListener("submit", e => {
  e.preventDefault();
  const fields = {request: secretForm.elements.request.value, value: value.value};
  value.value = "";  // gone from the page before it is even sent
  post("secret", fields).then(answered);
});
document.getElementById("cancel-value").addEventListener("click", () => {
  value.value = "";
  post("secret", {request: secretForm.elements.request.value, cancel: "1"}).then(answered);
});

// ------------------------------------------------------------------ the command field
async function send(line) {
  withdrawOffer();
  hint.textContent = "";
  answered(await post("line", {line}));
}
commandForm.addEventListener("submit", e => {
  e.preventDefault();
  const line = command.value;
  command.value = "";
  if (line.trim() !== "" && lines[lines.length - 1] !== line) lines.push(line);
  historyAt = lines.length;
  send(line);
});
command.addEventListener("keydown", e => {
  if (e.key !== "ArrowUp" && e.key !== "ArrowDown") return;
  if (lines.length === 0) return;
  e.preventDefault();
  historyAt = Math.max(0, Math.min(lines.length, historyAt + (e.key === "ArrowUp" ? -1 : 1)));
  command.value = historyAt < lines.length ? lines[historyAt] : "";
});
yes.addEventListener("click", () => send(page.yes));
for (const button of document.querySelectorAll("#quick button")) {
  button.addEventListener("click", () => {
    if (button.dataset.line) send(button.dataset.line);
    else post("now", {}).then(answered);
  });
}

// ------------------------------------------------------------------ the stream
// Each entry once, in order, by its id; after a drop it reconnects by itself and the server replays what was missed.
// The companion runs on this very computer: after a few tries in vain, the page says it may have stopped. A companion
// started again (on the same --port) refuses this page's old secret (403): the page says once that its link is no
// longer valid, and stops, as at the game's end.
const SILENT_AFTER = 3;
let lastId = Number(page.after) || 0, stream = null, delay = 1000, lost = false, timer = null, ended = false, tries = 0;
async function refused() {
  try {
    return (await fetch(page.base, {cache: "no-store"})).status === 403;
  } catch (error) {
    return false;  // nothing answers: not a refusal
  }
}
function retry() {
  if (ended) return;
  if (!lost) link.textContent = page.offline;
  else if (++tries === SILENT_AFTER) link.textContent = page.silent;
  lost = true;
  if (timer === null) timer = setTimeout(connect, delay + Math.random() * 500);
  delay = Math.min(delay * 2, 15000);
}
function once(handler) {
  return e => {
    const id = Number(e.lastEventId) || 0;
    if (id && id <= lastId) return;
    if (id) lastId = id;
    handler(JSON.parse(e.data));
  };
}
function connect() {
  timer = null;
  stream = new EventSource(page.base + "/events?after=" + lastId);
  stream.addEventListener("say", once(add));
  stream.addEventListener("ask", once(d => ask(d.request)));
  stream.addEventListener("done", once(d => asked(d.request)));
  stream.addEventListener("end", once(d => { ended = true; stream.close(); link.textContent = d.text; }));
  stream.onopen = () => { delay = 1000; tries = 0; link.textContent = lost ? page.back : page.online; lost = false; };
  stream.onerror = () => {
    stream.close();
    if (ended) return;
    refused().then(stale => {
      if (!stale) return retry();
      ended = true;
      link.textContent = page.stale;
    });
  };
}
connect();
