"""Speech as numbered WAV files, for machines without sound and for checking by ear later.

Each sentence becomes ``0001.wav``, ``0002.wav`` … in one folder. Numbering
continues after the files already there, so a second session never overwrites
the first.
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

from . import espeak
from .base import SpeechUnavailable

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
        """Writes the file before returning: espeak-ng needs a few milliseconds per sentence.

        A sentence in another language than the speaker's is read with that language's voice.
        """
        text = text.strip()
        if not text:
            return
        path = self.directory / f"{self.count + 1:04d}.wav"
        try:
            result = subprocess.run(
                espeak.command(self._engine, self._voice(lang), self.rate, wav=str(path)),
                input=text.encode("utf-8"),
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                timeout=30,
            )
        except (OSError, subprocess.SubprocessError) as error:
            raise SpeechUnavailable("cannot write sound files: {error}", error=str(error)) from error
        if result.returncode != 0 or not path.exists():
            raise SpeechUnavailable("cannot write sound files: {error}", error=f"espeak-ng exit status {result.returncode}")
        self.count += 1
        self.files.append(path)

    def _voice(self, lang: str | None) -> str:
        if lang is None or lang == self.lang or self._asked_voice:
            return self.voice
        return espeak.voice_for(lang)

    def stop(self) -> None:
        """Nothing plays, so nothing to stop: files already written stay."""

    def close(self) -> None:
        pass
