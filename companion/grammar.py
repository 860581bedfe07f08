"""Grammar the renderers share, per language: French elision, possessives, long readings cut into sentences.

Sentences come from the catalogs; what gettext cannot know is done here once,
rather than patched string by string: "de Ana" → "d'Ana", "la Œil" → "l'Œil",
"{owner}'s {thing}" said "la carte d'Ana" in French, and a card's long effect
cut into sentences of at most `MAX_WORDS` words. Plurals stay gettext's
(``ctx.t.plural``).
"""

from __future__ import annotations

import re

#: The most words a sentence may have (about 5 s of speech at the default rate; tests/sentence_audit.py).
MAX_WORDS = 15
_VOWEL = "AEIOUÀÂÄÉÈÊËÎÏÔÖÛÙÜŒÆaeiouàâäéèêëîïôöûùüœæ"
# The patterns a game's first sentence seldom needs are compiled at their first use, by ``re``'s own cache (0.9 ms
# of every start otherwise: issue 34); the two small ones every list uses are compiled here.
#: French words that lose their vowel before a vowel: "de Ana" → "d'Ana", "le Œil" → "l'Œil", "que il" → "qu'il".
_ELIDED = rf"\b([Dd]|[Ll]|[Qq]u|[Nn]|[Jj]|[Ss]|[Mm]|[Tt])([ea]) (?=[{_VOWEL}])"
#: French contractions of "de"/"à" and the articles "le"/"les" of a name: "de Le Gant" → "du Gant".
_CONTRACTED = r"\b([Dd]e|[Àà]) (Le|Les) "  # capitalised: a name's article, never "de les voir"
#: What `_ELIDED` needs somewhere in a text: most texts have none, and this finds it faster (issue 34).
_ELISION_PLACE = rf"[ea] [{_VOWEL}]"
_CONTRACTIONS = {("de", "le"): "du", ("de", "les"): "des", ("à", "le"): "au", ("à", "les"): "aux"}
_SENTENCE = r"\S.*?(?:[.!?…](?=\s|$)|$)"
#: A letter or a digit (``str.isalnum``: ``\w`` less the underscore).
_ALNUM = re.compile(r"[^\W_]")
#: A word: a run without white space that holds a letter or a digit (`words`).
_WORD = re.compile(r"\S*?[^\W_]\S*")


def elide(text: str, lang: str) -> str:
    """French elision before a vowel ("de Ana" → "d'Ana", "la Araignée" → "l'Araignée"); other languages as is.

    Only "le"/"la" (articles), "de", "que", "ne", "je", "se", "me", "te" are elided; a mute h is not guessed.
    "de"/"à" before a name's "Le"/"Les" contract: "de Le Gant d'Infinité" → "du Gant d'Infinité".
    """
    if lang != "fr":
        return text

    def contract(match: re.Match[str]) -> str:
        word = _CONTRACTIONS[(match.group(1).lower(), match.group(2).lower())]
        return (word.capitalize() if match.group(1)[0].isupper() else word) + " "

    if " Le" in text:  # what `_CONTRACTED` needs
        text = re.sub(_CONTRACTED, contract, text)
    if not re.search(_ELISION_PLACE, text):
        return text

    def cut(match: re.Match[str]) -> str:
        head, vowel = match.group(1), match.group(2)
        if vowel == "a" and head.lower() != "l":  # only "la" elides among the -a words
            return match.group(0)
        return head + "'"

    return re.sub(_ELIDED, cut, text)


def words(sentence: str) -> int:
    """Words of a sentence (punctuation alone, such as French " : ", is no word).

    The runs of ``sentence.split()`` that hold a letter or a digit, counted by one regular expression: a board's
    lists count their words at each item (issue 34)."""
    return len(_WORD.findall(sentence))


def _words_joined(left_count: int, left: str, right: str) -> int:
    """``words(left + right)`` from ``words(left)``: the words of ``right``, less one where the two halves' touching
    words make one."""
    count = left_count + words(right)
    if left and right and not left[-1].isspace() and not right[0].isspace():
        last, first = left.rsplit(None, 1)[-1], right.split(None, 1)[0]
        if _ALNUM.search(last) and _ALNUM.search(first):
            count -= 1
    return count


def one_stop(text: str) -> str:
    """``text`` with no full stop right after an ellipsis: a quoted line cut short ("Unknown command: xyz…")
    already ends its sentence, in French and English typography alike ("xyz…." reads as two endings)."""
    return text.replace("….", "…")


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def short_sentences(text: str, limit: int = MAX_WORDS) -> str:
    """``text`` with each sentence over ``limit`` words cut at its colons, then semicolons, then commas.

    "Choose a hero and name a value: if their card has that value, it is defeated."
    → "Choose a hero and name a value. If their card has that value, it is defeated."
    """
    out = []
    for sentence in re.findall(_SENTENCE, text.strip()):
        out.extend(_cut(sentence.strip(), limit))
    return " ".join(out)


def _cut(sentence: str, limit: int) -> list[str]:
    """One sentence cut where it pauses: at colons or semicolons into sentences, else at commas into chunks."""
    if words(sentence) <= limit:
        return [sentence]
    end = sentence[-1] if sentence[-1] in ".!?…" else "."
    body = sentence.rstrip(".!?… ")
    for mark in (":", ";", ","):
        parts = [p for p in re.split(rf"\s*{mark}\s+", body) if p]
        if len(parts) < 2:
            continue
        if mark != ",":
            pieces = [capital(p) + "." for p in parts]
            found = [cut for piece in pieces for cut in _cut(piece, limit)]
        else:
            found, current = [], ""
            for part in parts:
                joined = f"{current}, {part}" if current else part
                if current and words(joined) > limit:
                    found.append(capital(current) + ".")
                    current = part
                else:
                    current = joined
            found.append(capital(current) + ".")
        found[-1] = found[-1][:-1] + end
        return found
    return [sentence]


def list_sentences(head: str, items: list[str], separator: str = ", ", limit: int = MAX_WORDS) -> str:
    """``head`` (a count, said first), then ``items`` in sentences of at most ``limit`` words.

    "9 hero cards unseen." + ["3: Hulk, Thor", …] → "9 hero cards unseen. 3: Hulk, Thor. …"; a head that ends
    without a full stop ("7 can block:") starts the first sentence.
    """
    ends = head.rstrip()[-1:] in (".", "!", "?")
    out, current = [head] if head and ends else [], ""
    prefix = "" if ends or not head else head.rstrip() + " "  # "7 can block:" leads the first sentence
    if prefix:  # "Block Gorillion? Type block…. 2 can block:": only the last sentence leads the items
        cut = max(prefix.rfind(". "), prefix.rfind("? "), prefix.rfind("! "))
        if cut >= 0:
            out, prefix = [prefix[:cut + 1]], prefix[cut + 2:]
    counted = 0  # words(current), kept as it grows (counting the whole sentence again at each item was quadratic)
    for item in items:
        joined = f"{current}{separator}{item}" if current else prefix + item
        prefix = "" if current else prefix
        count = _words_joined(counted, current, joined[len(current):]) if current else words(joined)
        if current and count > limit:
            out.append(capital(current) + ".")
            current, counted = item, words(item)
        else:
            current, counted = joined, count
    if current:
        out.append(capital(current) + ".")
    return " ".join(out)
