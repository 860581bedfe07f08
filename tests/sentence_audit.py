"""The sentence rules of issue 22, as one checker any announced answer can be put through.

`breaks` returns what is wrong with one answer (the text announced for one event
or refusal), each as a short description; an empty list is a good answer. The
rules: sentences of at most `MAX_WORDS` words (a long reading is split into
sentences, count first); number first when the event carries a number the
answer says; no number or sentence said twice; the players' names when the
table gave names; no known slip of French grammar (plural after 1, elision, a
range from 4 to 4) or English stiff possessive ("The card of Ana").
``tests/test_sentence_audit.py`` runs it over random games of every game.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

#: The most words a sentence may have (about 5 s of speech at the default rate).
MAX_WORDS = 15
#: A sentence ends at ". ", "! " or "? ", a closing quote included (a colon or a semicolon does not end one: "3: Hulk").
SENTENCE = re.compile(r"\S.*?(?:[.!?…](?:\s?[»”\"])?(?=\s|$)|$)")
#: Answers asked for (the table, lists, help): no number-first or number-once rule, but short sentences still.
ANSWERS = frozenset({"status", "played", "unseen", "help", "card", "cards", "card_line", "undo", "redo", "now",
                     "rules", "why",
                     # The games' questions (their ``Rules.queries``): a list asked for says each item's number
                     # after its name ("Bee Bear 8"), and the same number for two items.
                     "board", "creature", "blockers", "what_if", "lives", "mindbugs", "hands", "discards",
                     "table", "pile", "fits", "left", "top", "errors", "round"})
#: Lines that are not an announced change at all (help's lines describe commands).
NOT_CHANGES = frozenset({"help"})
#: A count said: a signed number ("+2 for this fight") is a bonus the rules fix, not a count the event carries.
NUMBER = re.compile(r"(?<![\w.,+])\d+(?![\w])")
#: What a table that gave names never hears.
NAMELESS = {
    "en": re.compile(r"\b(the opponent|the other player|hero \d+|player \d+)\b", re.IGNORECASE),
    # "Paquets : héros 8" is the hero deck's count, not a player.
    "fr": re.compile(r"(\bl[’']adversaire|\bl[’']autre joueur|(?<!Paquets : )\bhéros \d+(?! sur)|\bjoueur \d+"
                     r"|\bjoueuse \d+)", re.IGNORECASE),
}
_VOWEL = "AEIOUÀÂÄÉÈÊËÎÏÔÖÛÙÜŒaeiouàâäéèêëîïôöûùüœ"
#: French words that end in s in the singular (after 1 they are right).
_FR_SINGULAR_S = frozenset({"fois", "pas", "temps", "corps", "héros", "sous", "dos", "bras", "poids", "avis", "plus",
                            "tours", "sens", "mois", "prix", "puis", "très", "dans", "sans", "vers", "après", "moins",
                            "jamais", "mais", "alors", "depuis", "contre", "rubis"})
#: English words ending in s that may follow 1 (verbs, "1 plus 2"…).
_EN_SINGULAR_S = frozenset({"is", "was", "has", "does", "goes", "plus", "less", "its", "this", "us", "as", "yes",
                            "always", "wins", "loses", "plays", "draws", "beats", "gets", "takes", "stays",
                            "remains", "counts", "keeps", "leaves", "says", "shows", "attacks", "blocks", "passes",
                            "defeats", "survives", "discards", "gives", "hits", "joins", "ends", "starts", "means",
                            "needs", "makes", "puts", "sees", "becomes", "comes"})
FRENCH_SLIPS: tuple[tuple[re.Pattern[str], str], ...] = (
    # Not a pronoun after an imperative's hyphen: "Demandez-le à la table", "corrigez-la et…" keep their vowel.
    (re.compile(rf"(?<![-\w])([Dd]e|[Ll]e|[Ll]a|[Qq]ue|[Nn]e|[Jj]e|[Ss]e|[Mm]e|[Tt]e) (?=[{_VOWEL}])"), "elision due"),
    (re.compile(r"\b(\d+) à \1\b"), "a range from a number to itself"),
    (re.compile(r"\bne sert pas de la\b"), "\"ne sert pas de la\""),
)
ENGLISH_SLIPS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\b(\d+) to \1\b"), "a range from a number to itself"),
)


def sentences(answer: str) -> list[str]:
    """The sentences of ``answer``, split at sentence ends."""
    return [s.strip() for s in SENTENCE.findall(answer.strip()) if s.strip()]


def words(sentence: str) -> int:
    """Words of a sentence (punctuation alone, such as French " : ", is no word)."""
    return sum(1 for w in sentence.split() if any(c.isalnum() for c in w))


#: A short label that a sentence may start with before its number ("Only for you: 3, Baron…", "Pour vous seul : 3…").
LABEL = re.compile(r"^(?:[^\s:]+\s){0,2}[^\s:]+\s?:\s")


def _starts_with_number(sentence: str) -> bool:
    """The sentence's first or second word is a number: "7 red.", "Turn 3: Ana." (a label, then its number); or the
    first or second after a label of up to three words and a colon, as "Turn" is one: "Only for you: 3, Baron…"."""
    starts = [sentence]
    label = LABEL.match(sentence)
    if label:
        starts.append(sentence[label.end():])
    for start in starts:
        first = [w for w in start.split() if any(c.isalnum() for c in w)][:2]
        if any(re.match(r"[-−+]?\d", w) for w in first):
            return True
    return False


def breaks(answer: str, lang: str, names: Sequence[str] = (), numbers: Iterable[int] = (), event: str = "") -> list[str]:
    """What breaks a sentence rule in ``answer`` (said in ``lang``), each as a short description.

    ``names``: the players' names the table gave (none: "player 2" is fine);
    ``numbers``: the whole numbers the event carries (its JSON fields, its cards' values);
    ``event``: its name (`ANSWERS` are held to the length, name and grammar rules only).
    """
    found: list[str] = []
    said = sentences(answer)
    if event in NOT_CHANGES:
        return found
    for sentence in said:
        if words(sentence) > MAX_WORDS:
            found.append(f"{words(sentence)} words: {sentence}")
    carried = Counter(str(n) for n in numbers) if event not in ANSWERS else Counter()
    spoken = Counter(NUMBER.findall(answer))
    for number, times in spoken.items():
        if number in carried and times > carried[number]:
            found.append(f"{number} said {times} times: {answer}")
    for sentence in said:
        if set(NUMBER.findall(sentence)) & set(carried) and not _starts_with_number(sentence):
            found.append(f"number not first: {sentence}")
    repeated = [s for s, n in Counter(s.casefold().rstrip(".!?") for s in said).items() if n > 1]
    if repeated:
        found.append(f"said twice: {repeated[0]}")
    if names:
        match = NAMELESS.get(lang, NAMELESS["en"]).search(answer)
        if match:
            found.append(f"no name, {match.group(0)!r}: {answer}")
    found.extend(grammar_slips(answer, lang, names))
    return found


def grammar_slips(answer: str, lang: str, names: Sequence[str] = ()) -> list[str]:
    """Plural after 1, elision, ranges from a number to itself, stiff possessives."""
    found = []
    for match in re.finditer(r"(?<![\w,.])1 (\w+)", answer):
        word = match.group(1)
        exceptions = _FR_SINGULAR_S if lang == "fr" else _EN_SINGULAR_S
        if word.endswith("s") and word.casefold() not in exceptions and (lang == "fr" or not word[:1].isupper()):
            found.append(f"plural after 1: {match.group(0)!r} in {answer}")
    for pattern, why in (FRENCH_SLIPS if lang == "fr" else ENGLISH_SLIPS):
        match = pattern.search(answer)
        if match:
            found.append(f"{why}: {match.group(0)!r} in {answer}")
    if lang == "en":
        owners = [re.escape(n) for n in names] + [r"(?:player|hero) \d+"]
        match = re.search(rf"\b[Tt]he \w+ of (?:{'|'.join(owners)})\b", answer)
        if match:
            found.append(f"stiff possessive: {match.group(0)!r} in {answer}")
    return found


def event_numbers(fields: Mapping[str, Any], cards: Any = None) -> list[int]:
    """The whole numbers an event carries: in its JSON fields (lists included; not booleans), and its cards' values."""
    found: list[int] = []
    for value in fields.values():
        items = value if isinstance(value, (list, tuple)) else [value]
        found.extend(abs(v) for v in items if isinstance(v, int) and not isinstance(v, bool))
        if cards is not None:
            found.extend(cards[v].value for v in items if isinstance(v, str) and v in cards
                         and isinstance(cards[v].value, int))
    return found


def without_printed(answer: str, printed: Sequence[str]) -> str:
    """``answer`` less the texts printed on a card (its effect and note), which a card's reading quotes as printed.

    The rules are for the companion's own sentences: a referee reads a card's text as the card says it
    (Mindbug's cards say "the opponent", Love Letter's Guard takes 22 words). A sentence of the answer that is
    part of a printed text (the reading cut it into sentences) goes too; the rest is checked as usual.
    """
    for text in printed:
        answer = answer.replace(text, "")
    flat = [re.sub(r"\W+", " ", text).casefold().strip() for text in printed]

    def quoted(sentence: str) -> bool:
        core = re.sub(r"\W+", " ", sentence.split(":", 1)[-1] if sentence.startswith("Note") else sentence)
        core = core.casefold().strip()
        return bool(core) and any(core in text for text in flat)

    return " ".join(s for s in sentences(answer) if not quoted(s))


#: English words no French sentence holds (none is also a French word: "on", "page", "type", "mode", "score",
#: "record", "table" are left out). Names of programs, games and command-line options are taken out first (`english_in_french`).
ENGLISH_WORDS = frozenset({
    "the", "and", "of", "with", "is", "are", "to", "for", "by", "not", "from", "this", "that", "it", "be", "has",
    "have", "will", "in", "at", "out", "up", "down", "left", "right", "without", "which", "when", "where", "your",
    "you", "there", "here", "all", "any", "each", "every", "no", "yes", "none", "off", "allowed", "lock", "shared",
    "family", "starts", "breaks", "reset", "close", "player", "players", "game", "games", "card", "cards", "won",
    "lost", "default", "ready", "running", "installed", "written", "saved", "finished", "stickers", "hero",
    "heroes", "draw", "play", "plays", "wins", "win", "lives", "life", "tokens", "token", "deck", "hand", "hands",
    "error", "errors", "discards", "rules", "text", "help", "file", "files", "folder", "data", "sound", "voice",
    "speech", "display", "screen", "reader", "words", "sentence", "say", "said", "press", "key", "interval", "mean",
    "turn", "round", "completed", "writable", "browser", "found", "missing",
})
#: What a French sentence may hold in English: the programs' and games' own names and ids (``the-void``), and what
#: the user types (``--speech none``, ``companion stickers``).
NOT_FRENCH_TO_CHECK = re.compile(
    r"`[^`]*`|--?[\w-]+(?:[ =][\w.:/-]+)?|\bcompanion [\w-]+|\b[a-z]+(?:-[a-z]+)+\b|"
    r"\b(?:Speech Dispatcher|The Void|Love Letter|Infinity Gauntlet|Num-X|Mindbug|espeak-ng|BRLTTY|BrlAPI|liblouis|"
    r"PyAV|pip install \w+|sox|Orca|NVDA|Chromium)\b")


def english_in_french(sentence: str) -> list[str]:
    """The English words of a French sentence (`ENGLISH_WORDS`), left aside what is typed (``--speech none``,
    backquoted commands) and the names of programs and games."""
    kept = NOT_FRENCH_TO_CHECK.sub(" ", sentence)
    return [word for word in re.findall(r"[^\W\d_]+", kept) if word.casefold() in ENGLISH_WORDS]
