"use strict";
// "Scan a card" on a seat's page (docs/scanning.en.md): the camera read until a sticker's code is found, each card
// said in the page's own live region (the player's screen reader) with a short sound, never a visual-only cue.
// The browser's BarcodeDetector reads the code where it exists; elsewhere small JPEG frames go to the table's own
// server over this seat's requests, decoded there in memory. Nothing is kept. The region is polite, and its guidance
// ("No card seen.", "Move the card away.") is said at most once every QUIET seconds, so it never crowds out the
// table's own announcements; a refusal from the table is said once while it repeats.
(() => {
  const button = document.getElementById("scan"), status = document.getElementById("scan-status");
  if (!button || !navigator.mediaDevices) return;
  const page = document.documentElement.dataset, words = button.dataset;
  const EVERY = 250, NEAR = 2000, AGAIN = 3000;
  let TIMEOUT = 30000, QUIET = 15000, stream = null, video = null, timer = null, detector = null, busy = false;
  let lastCode = "", lastCodeAt = 0, lastFound = 0, lastHint = 0, started = 0, audio = null;
  let lastRefusal = "", lastRefusalAt = 0;
  function say(text) { const p = document.createElement("p"); p.textContent = text; p.lang = document.documentElement.lang;
    status.append(p); while (status.children.length > 6) status.firstElementChild.remove(); }
  function beep(good) { try { audio = audio || new AudioContext(); const o = audio.createOscillator(), g = audio.createGain();
    o.frequency.value = good ? 880 : 220; g.gain.value = 0.15; o.connect(g).connect(audio.destination);
    o.start(); o.stop(audio.currentTime + (good ? 0.12 : 0.25)); } catch (e) { /* no sound: the words remain */ } }
  async function post(action, body, type) {
    const headers = {"Accept": "application/json"}; if (type) headers["Content-Type"] = type;
    const answer = await fetch(page.base + "/" + action + "?lang=" + document.documentElement.lang,
      {method: "POST", body, headers}); return answer.json(); }
  function heard(d) { if (!d.found && d.message) { refused(d.message); return; }
    if (!d.found) { hint(d.hint); return; }
    lastFound = Date.now(); say(d.message); beep(d.added); }
  // Guidance: at most one sentence every QUIET ms; "near" as soon as a card is too close, "none" after QUIET of nothing.
  function hint(kind) { const now = Date.now(); if (lastHint && now - lastHint < QUIET) return;
    if (kind === "near" && now - Math.max(lastFound, started) > NEAR) { lastHint = now; say(words.near); beep(false); return; }
    if (kind !== "near" && now - Math.max(lastFound, lastHint, started) > QUIET) { lastHint = now; say(words.none); } }
  // A request the table refused (a frame it does not read, too many requests): said, then not again while it repeats.
  function refused(text) { const now = Date.now();
    if (text === lastRefusal && now - lastRefusalAt < QUIET) { lastRefusalAt = now; return; }
    lastRefusal = text; lastRefusalAt = now; say(text); beep(false); }
  // A code still in view is said once, but a card added is always said: a hand full when the card was first read has
  // room after the draw while the card is still in front of the camera.
  function answered(d) { const now = Date.now();
    if (d.found && d.code === lastCode && now - lastCodeAt < AGAIN && !d.added) {
      lastCodeAt = lastFound = now; return; }
    if (d.found) { lastCode = d.code; lastCodeAt = now; }
    heard(d); }
  async function code(text) {
    const d = await post("scan", new URLSearchParams({code: text})); d.code = text; answered(d); }
  async function tick() {
    if (busy || !video || video.readyState < 2) return; busy = true;
    try {
      if (Date.now() - Math.max(lastFound, started) > TIMEOUT) { stop(words.timedout); return; }
      if (detector) { const found = await detector.detect(video);
        if (found.length) { const box = found[0].boundingBox;
          if (box && box.width > 0.6 * video.videoWidth && !found[0].rawValue) hint("near"); else await code(found[0].rawValue); }
        else hint("none"); return; }
      const canvas = document.createElement("canvas"), scale = Math.min(1, 480 / video.videoWidth);
      canvas.width = Math.round(video.videoWidth * scale); canvas.height = Math.round(video.videoHeight * scale);
      canvas.getContext("2d").drawImage(video, 0, 0, canvas.width, canvas.height);
      const blob = await new Promise(done => canvas.toBlob(done, "image/jpeg", 0.7));
      if (!blob || !stream) return;
      answered(await post("frame", blob, "image/jpeg"));
    } catch (e) { /* a dropped frame: the next one is sent */ } finally { busy = false; } }
  async function torch(track) { try { const can = track.getCapabilities ? track.getCapabilities() : {};
    if (can.torch) { await track.applyConstraints({advanced: [{torch: true}]}); say(words.torch); } } catch (e) { } }
  async function start() {
    try { stream = await navigator.mediaDevices.getUserMedia({audio: false,
      video: {facingMode: {ideal: "environment"}, width: {ideal: 640}, height: {ideal: 480}}}); }
    catch (e) { stream = null; say(words.nocamera); beep(false); return; }
    video = document.createElement("video"); video.muted = true; video.playsInline = true; video.srcObject = stream;
    await video.play().catch(() => {});
    if ("BarcodeDetector" in window) { try { const formats = await BarcodeDetector.getSupportedFormats();
      if (formats.includes("qr_code")) detector = new BarcodeDetector({formats: ["qr_code"]}); } catch (e) { detector = null; } }
    TIMEOUT = Number(button.dataset.timeout || 30) * 1000; QUIET = Number(button.dataset.quiet || 15) * 1000;
    lastRefusal = ""; started = Date.now(); lastFound = 0; lastHint = 0; button.textContent = words.stop; button.setAttribute("aria-pressed", "true");
    say(words.started); torch(stream.getVideoTracks()[0]); timer = setInterval(tick, EVERY); }
  function stop(text) { if (timer !== null) clearInterval(timer); timer = null;
    if (stream) stream.getTracks().forEach(track => track.stop()); stream = null; video = null;
    button.textContent = words.start; button.setAttribute("aria-pressed", "false"); if (text) say(text); button.focus(); }
  button.addEventListener("click", () => { if (stream) stop(words.stopped); else start(); });
})();
