"""Card data: loaded from ``companion/data/<game>.toml``, validated, matched by name.

Cards are data, not code: a referee corrects a card's text by putting a file of
the same name in the user's config folder (``companion config-dir`` tells where;
``COMPANION_CONFIG_DIR`` overrides it), and the companion reads that file instead.
"""

from __future__ import annotations

from companion.marker import N_

import functools
import os
import re
import sys
import unicodedata
from collections import Counter
from pathlib import Path
from typing import Annotated, Any, Callable, Iterable, Literal, Mapping, TypeVar

import msgspec

DATA_DIR = Path(__file__).parent / "data"
MAX_FILE_SIZE = 1 << 20  # a card file is a few kilobytes



#: The value types a card file's field may want, in the user's words (msgspec's names → a phrase).
TYPE_WORDS = {
    # Translators: this and the next ones say what a card file's field must hold, in "must be {expected}".
    "int": N_("a whole number"),
    # Translators: a field's value type, in "must be {expected}, not {got}": a piece of text.
    "str": N_("a text"),
    # Translators: a field's value type, in "must be {expected}, not {got}".
    "bool": N_("true or false"),
    # Translators: a field's value type, in "must be {expected}, not {got}".
    "float": N_("a number"),
    # Translators: a field's value type, in "must be {expected}, not {got}": a TOML array.
    "array": N_("a list"),
    # Translators: a field's value type, in "must be {expected}, not {got}": a TOML table.
    "object": N_("a table"),
    # Translators: a field's value type, in "must be {expected}, not {got}": no value.
    "null": N_("nothing"),
}


class CardDataError(ValueError):
    """A card file that cannot be used: names the file and the problem.

    ``problem`` is in English; a field's problem also keeps ``template`` and ``fields``, so that `sentence` says
    it in the user's language (never the system's English words).
    """

    def __init__(self, path: Path, problem: str, template: str | None = None,
                 fields: dict[str, str] | None = None) -> None:
        super().__init__(f"{path}: {problem}")
        self.path = path
        self.problem = problem
        self.template = template
        self.fields = fields or {}

    def sentence(self, t: Any) -> str:
        """The problem with ``t`` (a `Translator` of the core catalog): the field's problem in its words."""
        if self.template is None:
            return self.problem
        words = {k: t(TYPE_WORDS[v]) if k in ("expected", "got") and v in TYPE_WORDS else v
                 for k, v in self.fields.items()}
        return str(t(self.template, **words))


class Card(msgspec.Struct, frozen=True, eq=False):
    """One card as printed: its id is stable ASCII, its names and texts are per language.

    ``traits`` holds what only its game reads (a Gauntlet stone, a Mindbug keyword),
    decoded into the type the game declares in its spec.
    """

    id: str
    names: Mapping[str, str]
    value: int
    side: str
    effect: Mapping[str, str]
    copies: int = 1
    aliases: tuple[str, ...] = ()
    note: Mapping[str, str] | None = None
    traits: Any = None
    #: The grammatical gender of the card's name per language, where a sentence agrees with it
    #: (``{"fr": "f"}``: "Veuve noire est vaincue"); masculine when not given.
    genders: Mapping[str, str] = msgspec.field(default_factory=dict)
    #: The grammatical number of the card's name per language (``{"fr": "p"}``: "Oursins hurleurs sont vaincus");
    #: singular when not given.
    numbers: Mapping[str, str] = msgspec.field(default_factory=dict)

    def feminine(self, lang: str) -> bool:
        return self.genders.get(lang) == "f"

    def plural(self, lang: str) -> bool:
        return self.numbers.get(lang) == "p"

    def name(self, lang: str) -> str:
        return self.names.get(lang) or self.names["en"]

    def __repr__(self) -> str:
        return f"Card({self.id!r})"


def _facts(card: Card) -> tuple[Any, ...]:
    """What a card says (cards compare by identity: a set of them compares these)."""
    return tuple(getattr(card, name) for name in card.__struct_fields__)


class CardSet(msgspec.Struct, frozen=True, eq=False):
    """Every card of one game, in the order of its data file (``_by_id`` is made from ``cards``: never give it)."""

    game: str
    names: Mapping[str, str]
    sides: Mapping[str, Mapping[str, str]]
    cards: tuple[Card, ...]
    path: Path
    _by_id: Mapping[str, Card] = msgspec.field(default_factory=dict)

    def __post_init__(self) -> None:
        msgspec.structs.force_setattr(self, "_by_id", {card.id: card for card in self.cards})

    def __eq__(self, other: object) -> bool:
        """Equal when loaded from the same file with the same cards (a state resumed equals the one saved)."""
        if self is other:
            return True
        if not isinstance(other, CardSet):
            return NotImplemented
        return (self.game, self.path, [_facts(c) for c in self.cards]) == \
            (other.game, other.path, [_facts(c) for c in other.cards])

    def __hash__(self) -> int:
        return hash((self.game, self.path))

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__struct_fields__ if name != "_by_id")
        return f"CardSet({shown})"

    @classmethod
    def empty(cls, game: str, names: Mapping[str, str]) -> CardSet:
        """The cards of a game that has no card file: none."""
        return cls(game, names, {}, (), Path())

    def __getitem__(self, card_id: str) -> Card:
        return self._by_id[card_id]

    def __contains__(self, card_id: object) -> bool:
        return card_id in self._by_id

    def of_side(self, side: str) -> tuple[Card, ...]:
        return tuple(card for card in self.cards if card.side == side)

    def count(self, side: str) -> int:
        return sum(card.copies for card in self.of_side(side))

    def match(self, text: str, side: str | None = None) -> Card:
        """The one card ``text`` names (id, a name in any language, an alias, or a unique prefix).

        :raises CardNameError: no card or several cards match.
        """
        return matched(text, _named(self, side))


class CardNameError(ValueError):
    """A name that matches no card (``candidates`` empty) or several."""

    def __init__(self, text: str, candidates: tuple[Any, ...]) -> None:
        super().__init__(f"{text!r} matches {len(candidates)} cards")
        self.text = text
        self.candidates = candidates


@functools.lru_cache(maxsize=8192)
def normalize(text: str) -> str:
    """Case, accents and punctuation do not count: ``"Pierre de l'Âme"`` → ``"pierre de l ame"``.

    Cached: a long line matches each card's names hundreds of times (issue 24: ``snap`` with 497 words)."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(re.sub(r"[^0-9a-z]+", " ", plain).split())


def card_keys(card: Card) -> Iterable[str]:
    yield card.id
    yield from card.names.values()
    yield from card.aliases


T = TypeVar("T")


def match_name(text: str, items: list[T], keys: Callable[[T], Iterable[str]]) -> T:
    """Find the one item ``text`` names: exact key, key prefix, last words, then word prefix.

    Spaces are optional ("ironman" names Iron Man). Shared by cards and players.
    """
    return matched(text, [(item, _forms(tuple(keys(item)))) for item in items])


def matched(text: str, entries: list[tuple[T, _Forms]]) -> T:
    """`match_name` over items whose keys' forms (`_forms`) are already worked out."""
    query = normalize(text)
    if not query:
        raise CardNameError(text, ())
    squeezed = query.replace(" ", "")
    tiers: tuple[Callable[[_Forms], bool], ...] = (
        lambda f: query in f[0] or squeezed in f[1],
        lambda f: any(form.startswith(query) for form in f[0]) or any(form.startswith(squeezed) for form in f[1]),
        lambda f: query in f[2],
        lambda f: any(start.startswith(query) for start in f[2]),
    )
    # Tier by tier, the first that holds an item decides: a later tier is looked at only when every earlier one is
    # empty (issue 34: each typed card name tried the four on every card).
    for matches in tiers:
        unique = list(dict.fromkeys(item for item, forms in entries if matches(forms)))
        if len(unique) == 1:
            return unique[0]
        if len(unique) > 1:
            raise CardNameError(text, tuple(unique))
    raise CardNameError(text, ())


#: An item's keys normalised, without spaces, and their last words.
_Forms = tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]
R = TypeVar("R")


def per_card_set(compute: Callable[..., R]) -> Callable[..., R]:
    """``compute(cards, *args)`` worked out once per card set and arguments, and kept (a few sets at most).

    Kept by the set's identity, the set itself kept with it (an id is never reused while its object lives): a card
    set never changes once loaded, and comparing two equal sets would cost more than what is kept (issue 34).
    """
    kept: dict[tuple[Any, ...], tuple[CardSet, R]] = {}

    @functools.wraps(compute)
    def once(cards: CardSet, *args: Any) -> R:
        key = (id(cards), *args)
        found = kept.get(key)
        if found is not None and found[0] is cards:
            return found[1]
        value = compute(cards, *args)
        if len(kept) >= 16:
            kept.clear()
        kept[key] = (cards, value)
        return value

    return once


@per_card_set
def _named(cards: CardSet, side: str | None) -> list[tuple[Card, _Forms]]:
    """`CardSet.match`'s entries, each card with its names as `matched` compares them, for one side (``None``: all),
    worked out once (issue 34: every card named in a line listed each card's names anew)."""
    return [(c, _forms(tuple(card_keys(c)))) for c in cards.cards if side is None or c.side == side]


@functools.lru_cache(maxsize=4096)
def _forms(keys: tuple[str, ...]) -> _Forms:
    """An item's keys as `match_name` compares them, worked out once (issue 34: every card named in a typed line
    compared each key of every card anew): normalised, without spaces, and their last words."""
    forms = tuple(normalize(key) for key in keys)
    return forms, tuple(f.replace(" ", "") for f in forms), tuple(start for f in forms for start in _word_starts(f))


@functools.lru_cache(maxsize=8192)
def _word_starts(form: str) -> tuple[str, ...]:
    words = form.split(" ")
    return tuple(" ".join(words[index:]) for index in range(1, len(words)))


def config_dir() -> Path:
    """Where a referee puts corrected card files."""
    override = os.environ.get("COMPANION_CONFIG_DIR")
    if override:
        return Path(override)
    return _user_dir("config", "XDG_CONFIG_HOME", ".config")


def data_dir() -> Path:
    """The user's data folder (save files, records); ``COMPANION_DATA_DIR`` overrides it (tests, a USB stick)."""
    override = os.environ.get("COMPANION_DATA_DIR")
    if override:
        return Path(override)
    return _user_dir("data", "XDG_DATA_HOME", ".local/share")


def cache_dir() -> Path:
    """The companion's cache (parsed card files): ``cache`` in ``COMPANION_DATA_DIR`` when it is set (tests, a USB
    stick), else the user's cache folder."""
    override = os.environ.get("COMPANION_DATA_DIR")
    if override:
        return Path(override) / "cache"
    return _user_dir("cache", "XDG_CACHE_HOME", ".cache")


def _user_dir(kind: str, variable: str, under_home: str) -> Path:
    """The companion's ``kind`` folder (``config``, ``data``, ``cache``) as platformdirs gives it: found without
    importing it where `xdg_user_dir` can."""
    found = xdg_user_dir(variable, under_home)
    if found is not None:
        return Path(found)
    import platformdirs

    return Path(getattr(platformdirs, f"user_{kind}_dir")("companion"))


def xdg_user_dir(variable: str, under_home: str) -> str | None:
    """The companion's folder that platformdirs gives on Linux, in the cases where every platformdirs since 3 agrees:
    ``$variable`` when it is an absolute path, else ``~/under_home`` when it is unset or empty and ``HOME`` is an
    absolute path; then ``/companion``. ``None`` elsewhere (another system, Android, a relative path): platformdirs
    decides. Importing platformdirs costs every start 3 to 5 ms (its Unix module imports tempfile, hence shutil, lzma,
    bz2 and random: issue 34); tests/test_cards.py checks the two agree."""
    if sys.platform != "linux" or hasattr(sys, "getandroidapilevel") or "ANDROID_DATA" in os.environ:
        return None
    base = os.environ.get(variable, "")
    if not base:
        if not os.path.isabs(os.environ.get("HOME", "")):
            return None
        base = os.path.expanduser(f"~/{under_home}")
    return os.path.join(base, "companion") if os.path.isabs(base) else None


def data_path(filename: str) -> Path:
    """The user's copy of a data file when there is one, else the shipped file.

    :raises CardDataError: the user's copy exists but is not a regular file (a folder, a FIFO, a broken link).
    """
    user = config_dir() / filename
    if os.path.lexists(user):
        if not user.is_file():
            raise CardDataError(user, "is not a regular file")
        return user
    return DATA_DIR / filename


class _Entry(msgspec.Struct, frozen=True):
    """The fields every card has; the game's own (``traits``) are decoded apart."""

    id: Annotated[str, msgspec.Meta(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")]
    name: dict[str, str]
    value: Annotated[int, msgspec.Meta(ge=-1000, le=1000)]
    side: str
    effect: dict[str, str]
    copies: Annotated[int, msgspec.Meta(ge=1, le=100)] = 1
    aliases: list[str] = []
    note: dict[str, str] | None = None
    gender: dict[str, Literal["m", "f"]] = {}
    number: dict[str, Literal["s", "p"]] = {}


_COMMON_FIELDS = frozenset(_Entry.__struct_fields__)


def read_toml(path: Path, kind: str) -> tuple[str | None, dict[str, Any]]:
    """A small TOML data file (cards, rules) read whole: its content, or the problem in words (then ``{}``).

    Parsed once while the file is unchanged (same modification time and size): every aid sheet, rules document
    and session reads the same card file, and parsing it is most of their time. The content is shared:
    callers only read it. Between runs, the parse is kept in the user's cache folder (`parsed_toml`).
    """
    try:
        status = path.stat()
    except (OSError, ValueError) as error:
        return f"cannot be read ({error})", {}
    return _read_toml(path, kind, status.st_mtime_ns, status.st_size)


@functools.lru_cache(maxsize=64)
def _read_toml(path: Path, kind: str, mtime_ns: int, size: int) -> tuple[str | None, dict[str, Any]]:
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_FILE_SIZE + 1)
        if len(data) > MAX_FILE_SIZE:
            return f"is too large for {kind}", {}
        return None, parsed_toml(path.name, data)
    except (OSError, UnicodeDecodeError) as error:
        return f"cannot be read ({error})", {}
    except _NotToml as error:
        return f"is not valid TOML ({error})", {}


class _NotToml(ValueError):
    """tomllib's ``TOMLDecodeError``, raised without importing tomllib to catch it."""


#: The first item of a parse kept in the cache folder; another (an older companion's) is not read.
_TOML_CACHE_FORMAT = "companion-toml-1"


def parsed_toml(name: str, data: bytes) -> dict[str, Any]:
    """The TOML file ``name`` whose bytes are ``data``, parsed; kept between runs in the cache folder.

    ``companion play`` parsed its card file at every start, and importing tomllib (its regular expressions) cost as
    much again: 3 to 6 ms before the first sentence (issue 34). The kept parse is used only when the bytes it was made
    from are ``data`` exactly, compared whole: a corrected card file (the referee's copy in the config folder) or an
    edited one is parsed again, whatever its dates; a kept parse that cannot be read is a parse not kept.

    :raises _NotToml: not TOML (its error's words); UnicodeDecodeError: not UTF-8.
    """
    cache = cache_dir() / "toml" / f"{name}.msgpack"
    try:
        kept = msgspec.msgpack.decode(cache.read_bytes())
        if isinstance(kept, list) and len(kept) == 3 and kept[0] == _TOML_CACHE_FORMAT and kept[1] == data:
            parsed: dict[str, Any] = kept[2]
            return parsed
    except (OSError, ValueError):  # none yet, or unreadable: parsed again
        pass
    import tomllib

    try:
        parsed = tomllib.loads(data.decode("utf-8-sig"))  # a BOM (Notepad) is not content, as in save files
    except tomllib.TOMLDecodeError as error:
        raise _NotToml(str(error)) from None
    _keep_toml(cache, data, parsed)
    return parsed


def _keep_toml(cache: Path, data: bytes, parsed: dict[str, Any]) -> None:
    """Write the parse to ``cache`` whole (a new name, then renamed), if msgpack gives it back equal (TOML's dates
    would come back as text: such a file is parsed at every run); a cache that cannot be written is no cache."""
    try:
        encoded = msgspec.msgpack.encode([_TOML_CACHE_FORMAT, data, parsed])
        if msgspec.msgpack.decode(encoded)[2] != parsed:
            return
        cache.parent.mkdir(parents=True, exist_ok=True)
    except (OSError, TypeError, ValueError):
        return
    temp = cache.with_name(f".{cache.name}.{os.getpid()}.tmp")
    try:
        temp.write_bytes(encoded)
        os.replace(temp, cache)
    except OSError:
        temp.unlink(missing_ok=True)  # a full disk: nothing left behind (it cannot fail where the write did not)


def load(filename: str, sizes: Mapping[str, int], traits: type[Any] | None = None,
         trait_counts: Mapping[str, int] | None = None) -> CardSet:
    """Load and validate a game's cards.

    ``sizes`` gives the number of cards each side must have; ``traits`` the type
    the game's own fields of each card are decoded into (unknown fields refused);
    ``trait_counts`` how many distinct cards must carry a trait (``{"stone": 6}``).

    :raises CardDataError: naming the file, the card and the field.
    """
    path = data_path(filename)
    problem, raw = read_toml(path, "a card file")
    if problem is not None:
        raise CardDataError(path, problem)
    key = (path, tuple(sizes.items()), traits, tuple((trait_counts or {}).items()))
    kept = _LOADED.get(key)
    if kept is not None and kept[0] is raw:  # the same parse (read_toml: the file unchanged), hence the same cards
        return kept[1]
    cardset = _decoded(path, raw, sizes, traits, trait_counts)
    _LOADED[key] = (raw, cardset)
    return cardset


#: Each card file's last validated cards, with the parse they came from (issue 34: every aid sheet, rules
#: document and session asked for the same cards, and decoding them was most of an aid sheet's time).
_LOADED: dict[tuple[Any, ...], tuple[dict[str, Any], CardSet]] = {}


def _decoded(path: Path, raw: dict[str, Any], sizes: Mapping[str, int], traits: type[Any] | None,
             trait_counts: Mapping[str, int] | None) -> CardSet:
    entries = raw.get("cards", [])
    if not isinstance(entries, list):
        raise CardDataError(path, "'cards' must be a list of [[cards]] tables")
    cards = tuple(_card(path, index, entry, traits) for index, entry in enumerate(entries, 1))
    game = raw.get("game", {})
    sides = raw.get("sides", {})
    if not isinstance(game, dict) or not isinstance(sides, dict) or not all(isinstance(v, dict) for v in sides.values()):
        raise CardDataError(path, "[game] and [sides.NAME] must be tables")
    cardset = CardSet(
        game=str(game.get("id", path.stem)),
        names=_texts(path, "game", game.get("name")),
        sides={key: _texts(path, f"side {key}", value.get("name")) for key, value in sides.items()},
        cards=cards,
        path=path,
    )
    _validate(cardset, sizes, trait_counts or {})
    return cardset


def _texts(path: Path, where: str, value: Any) -> dict[str, str]:
    if not isinstance(value, dict) or not all(isinstance(value.get(lang), str) and value[lang] for lang in ("fr", "en")):
        raise CardDataError(path, f"{where}: needs a French and an English text (fr = …, en = …)")
    if not all(isinstance(v, str) for v in value.values()):
        raise CardDataError(path, f"{where}: every text must be a string")
    return {str(k): str(v) for k, v in value.items()}


def _card(path: Path, index: int, entry: Any, traits: type[Any] | None) -> Card:
    if not isinstance(entry, dict):
        raise CardDataError(path, f"card {index} is not a table")
    card_id = entry.get("id")
    where = f"card {card_id}" if isinstance(card_id, str) else f"card {index}"
    common = {k: v for k, v in entry.items() if k in _COMMON_FIELDS}
    card = card_id if isinstance(card_id, str) else str(index)
    try:
        fields = msgspec.convert(common, type=_Entry, strict=True)
    except msgspec.ValidationError as error:
        raise _field_error(path, where, card, error) from None
    own = {k: v for k, v in entry.items() if k not in _COMMON_FIELDS}
    if traits is None:
        if own:
            raise CardDataError(path, f"{where}: unknown field {sorted(own)[0]!r}",
                                # Translators: {card} a card's id in the card file; {field} a field's name.
                                N_("card {card}: unknown field {field}."), {"card": card, "field": sorted(own)[0]})
        decoded = None
    else:
        try:
            decoded = msgspec.convert(own, type=traits, strict=True)
        except msgspec.ValidationError as error:
            raise _field_error(path, where, card, error) from None
    return Card(
        id=fields.id,
        names=_texts(path, f"{where} name", fields.name),
        value=fields.value,
        side=fields.side,
        effect=_texts(path, f"{where} effect", fields.effect),
        copies=fields.copies,
        aliases=tuple(fields.aliases),
        note=_texts(path, f"{where} note", fields.note) if fields.note is not None else None,
        traits=decoded,
        genders=dict(fields.gender),
        numbers=dict(fields.number),
    )


def _field_error(path: Path, where: str, card: str, error: msgspec.ValidationError) -> CardDataError:
    """A field's problem, kept in words the user's language can say: unknown, of the wrong type, or another."""
    english = f"{where}: {_field_problem(error)}"
    text = str(error)
    unknown = re.fullmatch(r"Object contains unknown field `([^`]*)`(?: - at `.*`)?", text)
    if unknown:
        # Translators: {card} a card's id in the card file; {field} a field's name.
        return CardDataError(path, english, N_("card {card}: unknown field {field}."),
                             {"card": card, "field": unknown.group(1)})
    typed = re.fullmatch(r"Expected `([^`]*)`, got `([^`]*)` - at `\$\.?([^`]*)`", text)
    if typed:
        expected, got, field = typed.groups()
        # Translators: {card} a card's id; {field} a field's name; {expected} and {got} value types.
        return CardDataError(path, english, N_("card {card}: the field {field} must be {expected}, not {got}."),
                             {"card": card, "field": field, "expected": expected, "got": got})
    low = re.fullmatch(r"Expected `int` >= (-?\d+) - at `\$\.?([^`]*)`", text)
    if low:
        # Translators: {card} a card's id; {field} a field's name; {low} a number.
        return CardDataError(path, english, N_("card {card}: the field {field} must be {low} or more."),
                             {"card": card, "field": low.group(2), "low": low.group(1)})
    missing = re.fullmatch(r"Object missing required field `([^`]*)`(?: - at `.*`)?", text)
    if missing:
        # Translators: {card} a card's id; {field} a field's name.
        return CardDataError(path, english, N_("card {card}: the field {field} is missing."),
                             {"card": card, "field": missing.group(1)})
    return CardDataError(path, english)


def _field_problem(error: msgspec.ValidationError) -> str:
    """msgspec's "Expected `int`, got `str` - at `$.tokens`" as "field 'tokens': expected `int`, got `str`"."""
    text = str(error)
    unknown = re.fullmatch(r"Object contains unknown field `([^`]*)`(?: - at `.*`)?", text)
    if unknown:
        return f"unknown field '{unknown.group(1)}'"
    match = re.fullmatch(r"(.*) - at `\$\.?([^`]*)`", text)
    if match is None:
        return text
    problem, where = match.groups()
    return f"field '{where}': {problem[:1].lower()}{problem[1:]}"


def _validate(cardset: CardSet, sizes: Mapping[str, int], trait_counts: Mapping[str, int]) -> None:
    path = cardset.path
    ids = Counter(card.id for card in cardset.cards)
    repeated = sorted(card_id for card_id, n in ids.items() if n > 1)
    if repeated:
        raise CardDataError(path, f"card ids must be unique; repeated: {', '.join(repeated)}")
    for card in cardset.cards:
        if card.side not in sizes:
            raise CardDataError(path, f"card {card.id}: unknown side {card.side!r} (expected {', '.join(sizes)})")
    for side, size in sizes.items():
        if cardset.count(side) != size:
            raise CardDataError(path, f"side {side} must have {size} cards, found {cardset.count(side)}")
    for trait, expected in trait_counts.items():
        found = sum(1 for card in cardset.cards if getattr(card.traits, trait, False))
        if found != expected:
            raise CardDataError(path, f"{expected} cards must be marked {trait}, found {found}")
