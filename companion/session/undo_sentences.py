"""What undo says: the step taken back, then what the table must put back by ear.

The table cannot see what changed back: the parts of the status that differ,
the cards that leave or come back face up, and what hands and decks must undo
that no count shows (a drawn card back on its deck…).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.announce import Priority, Utterance
from companion.games.base import Event, Zone
from companion.render import Context, Renderer, capitalized
from companion.grammar import short_sentences
from companion.session.narrator import Narrator
from companion.session.table import Step, Table


def undo_utterances(narrator: Narrator, table: Table, step: Step, state: Any) -> list[Utterance]:
    """``Undone: “…” Now: …``, and the sentence of what changed back when something did (``state``: the state in force
    once ``step`` is taken back)."""
    renderer = narrator.renderer
    minor = renderer.minor_events
    headline = next((e for e in step.events if e.name not in minor), step.events[0] if step.events else None)
    status = table.rules.status(state)
    old_status = table.rules.status(step.state)
    old_zones, new_zones = table.zones(step.state), table.zones(state)

    def undone(ctx: Context) -> str:
        what = capitalized(renderer.render(headline, ctx)) if headline else step.command.name
        now = capitalized(renderer.head(status, ctx))
        # Translators: {what} what is described or undone; {now} what the game is now, a sentence.
        return ctx.core("Undone: “{what}” Now: {now}", what=what, now=now)

    def changed(ctx: Context) -> str:
        found = changed_parts(renderer, old_status, status, ctx)
        found += zone_changes(narrator, old_zones, new_zones, ctx)
        hints = (renderer.undo_hint(e, ctx) for e in reversed(step.events))
        found += [hint for hint in hints if hint]
        # A part may start with a name said in lower case mid-sentence ("player 2: no creature."): capitals here.
        return capitalized(" ".join(found))

    said = [narrator.utterance(undone, "undo", {"command": step.command.to_json()}, Priority.NOW)]
    table_text = changed(narrator.ctx)  # built once in the table's language: the whole status is rendered twice
    if table_text:
        said.append(narrator.utterance(lambda ctx: table_text if ctx is narrator.ctx else changed(ctx), status.name,
                                       status.fields(), Priority.NOW))
    return said


def changed_parts(renderer: Renderer, old: Event, new: Event, ctx: Context) -> list[str]:
    """The parts of the status ``new`` said otherwise than in ``old``, in order.

    With the renderer's `declared_parts`, a part whose fields are equal in both is not rendered: equal fields,
    equal text (issue 34).
    """
    if not renderer.declared_parts:
        before = dict(renderer.status_parts(old, ctx))
        return [text for key, text in renderer.status_parts(new, ctx) if before.get(key) != text]
    found = []
    for part in renderer.declared_parts:
        if any(getattr(old, name) != getattr(new, name) for name in part.reads):
            text = part.say(new, ctx)
            if text != part.say(old, ctx):
                found.append(text)
    return found


def zone_changes(narrator: Narrator, old: Mapping[Zone, tuple[str, ...]], new: Mapping[Zone, tuple[str, ...]],
                 ctx: Context) -> list[str]:
    """``No longer face up: …`` and ``Face up again: …`` between the public zones of two states."""
    gone: list[str] = []
    back: list[str] = []
    for zone in sorted(set(old) | set(new), key=lambda z: list(new).index(z) if z in new else len(new)):
        old_pile, new_pile = list(old.get(zone, ())), list(new.get(zone, ()))
        for card in list(old_pile):
            if card in new_pile:
                new_pile.remove(card)
                old_pile.remove(card)
        gone += [narrator.renderer.zone_card(zone, card, ctx) for card in old_pile]
        back += [narrator.renderer.zone_card(zone, card, ctx) for card in new_pile]
    sentences = []
    if gone:
        # Translators: {cards} a list of cards, already joined.
        sentences.append(short_sentences(ctx.core("No longer face up: {cards}.", cards=ctx.join(gone))))
    if back:
        # Translators: {cards} a list of cards, already joined.
        sentences.append(short_sentences(ctx.core("Face up again: {cards}.", cards=ctx.join(back))))
    return sentences
