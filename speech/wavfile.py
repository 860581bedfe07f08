"""Speech as numbered WAV files, for machines without sound and for checking by ear later.

Each sentence becomes ``0001.wav`` (its earcon first, when it has one), ``0002.wav`` … in one folder: the
samples the built-in voice plays, the silence espeak-ng puts around the words cut the same way (speech/trim.py). Numbering
continues after the files already there, so a second session never overwrites
the first.
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

from . import audio, espeak, trim
from .base import Spoken, SpeechUnavailable

_NUMBERED = re.compile(r"^(\d{4,})\.wav$")


class WavSpeaker:
    """Writes each sentence said to the next numbered WAV file in ``directory``."""

    name = "wav"

    def __init__(self, directory: str | os.PathLike[str], lang: str, rate: int | None = None, voice: str | None = None) -> None:
        self.directory = Path(directory)
        self.lang = lang
        self.voice = espeak.voice_for(lang, voice)
        self._asked_voice = voice
        self.rate = espeak.clamp_rate(rate)
        engine = espeak.find()
        espeak.check(engine, self.voice)
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            probe = self.directory / ".companion-write-test"
            probe.write_bytes(b"")
            probe.unlink()
        except OSError as error:
            # Translators: a reason; {directory} is a folder path.
            raise SpeechUnavailable("cannot write in the folder {directory}", directory=str(self.directory)) from error
        self._engine = engine
        numbers = [int(m.group(1)) for p in self.directory.iterdir() if (m := _NUMBERED.match(p.name))]
        self.count = max(numbers, default=0)
        #: The files written by this speaker, in order.
        self.files: list[Path] = []

    def say(self, text: str, interrupt: bool = False, lang: str | None = None) -> None:
        self.speak(Spoken(text, lang), interrupt)

    def speak(self, spoken: Spoken, interrupt: bool = False) -> None:
        """Writes the file (its earcon, then the words) before returning: espeak-ng needs a few milliseconds.

        A sentence in another language than the speaker's is read with that language's voice.
        """
        text = spoken.text.strip()
        sound = spoken.sound.pcm if spoken.sound is not None else b""
        if not text and not sound:
            return
        path = self.directory / f"{self.count + 1:04d}.wav"
        words = b""
        if text:
            try:
                result = subprocess.run(
                    espeak.command(self._engine, self._voice(spoken.lang), self.rate),
                    input=text.encode("utf-8"),
                    stdout=subprocess.PIPE,
                    stderr=subprocess.DEVNULL,
                    timeout=30,
                )
            except (OSError, subprocess.SubprocessError) as error:
                raise SpeechUnavailable("cannot write sound files: {error}", error=str(error)) from error
            if result.returncode != 0:
                raise SpeechUnavailable("cannot write sound files: {error}", error=f"espeak-ng exit status {result.returncode}")
            words = trim.trimmed(audio.samples(result.stdout))  # what the built-in voice plays
        try:
            path.write_bytes(audio.wav(audio.joined(sound, words)))
        except OSError as error:
            raise SpeechUnavailable("cannot write sound files: {error}", error=str(error)) from error
        self.count += 1
        self.files.append(path)

    def new_line(self) -> None:
        """Nothing plays, so nothing to cut."""

    def backlog(self) -> float:
        return 0.0

    def _voice(self, lang: str | None) -> str:
        if lang is None or lang == self.lang or self._asked_voice:
            return self.voice
        return espeak.voice_for(lang)

    def stop(self) -> None:
        """Nothing plays, so nothing to stop: files already written stay."""

    def close(self) -> None:
        pass
