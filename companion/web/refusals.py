"""Every refusal a page can get, as one sentence in the seat's language: JSON for its script, a page without it.

A refusal that will never clear by itself (the seat was freed, re-keyed or given to
another device, the browser keeps no cookie) says so and what to do, and carries
``final`` so the page's script stops reconnecting; the others are transient.
"""

from __future__ import annotations

from collections.abc import Callable

from starlette.responses import HTMLResponse, JSONResponse, Response

from companion.i18n import Translator
from companion.web import pages
from companion.web.seats import SeatError

HEADERS = {
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
                               "form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
    "Referrer-Policy": "no-referrer",  # a seat's link never leaves in a Referer header
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
}


def headers(extra: dict[str, str] | None = None) -> dict[str, str]:
    return {**HEADERS, **(extra or {})}


def html(text: str, status: int = 200) -> HTMLResponse:
    return HTMLResponse(text, status, headers=headers())


def _texts(t: Translator) -> dict[str, Callable[[], tuple[str, str]]]:
    """Each refusal's page title and sentence, built only when said."""
    return {
        # Translators: a page's title: the address opened is no seat of the game.
        "unknown_seat": lambda: (t("No such seat"), t("This address is no seat of the game.")),
        # Translators: a page's title: the seat's link is not right.
        "wrong_secret": lambda: (t("Wrong link"), t("This link is not this seat's: ask the table for your own link.")),
        # Translators: a page's title: the seat is open on another device.
        "seat_taken": lambda: (t("Seat already open"), t("This seat is open on another device. Close it there, or "
                                                         "wait a moment and open your link again.")),
        # Translators: a page's title: another device took this seat; the player cannot get it back alone.
        "seat_given": lambda: (t("Seat given to another device"), t("This seat was given to another device: "
                                                                    "ask the table.")),
        # Translators: a page's title: the table freed this seat.
        "seat_freed": lambda: (t("Seat freed"), t("The table freed this seat: join again with the join code.")),
        # Translators: a page's title: the table gave this seat a new link.
        "seat_rekeyed": lambda: (t("Link replaced"), t("The table replaced this seat's link: join again with the "
                                                      "join code.")),
        # Translators: a page's title: the browser keeps no cookie.
        "no_cookies": lambda: (t("Cookies blocked"), t("This browser keeps no cookie for this page. Allow cookies "
                                                       "for this address, then join again.")),
        # Translators: a page's title.
        "too_many": lambda: (t("Too many requests"), t("Too many requests: wait a moment, then try again.")),
        # Translators: a page's title.
        "too_large": lambda: (t("Request too large"), t("That request is too large.")),
        # Translators: a page's title: a request was refused.
        "other_site": lambda: (t("Refused"), t("That request came from another site.")),
        "wrong_host": lambda: (t("Refused"), t("This address is not the table's: open the address said at the table.")),
        "slow": lambda: (t("Refused"), t("That request took too long to arrive: send it again.")),
        "unreadable": lambda: (t("Refused"), t("That request could not be read: open the address said at the "
                                               "table.")),
        "not_found": lambda: (t("Refused"), t("This address is no page of the table: open the address said at "
                                               "the table.")),
    }


def sentence(code: str, lang: str) -> tuple[str, str]:
    """A refusal's title and sentence in ``lang``."""
    t = Translator(lang, "web")
    maker = _texts(t).get(code)
    return maker() if maker is not None else (t("Refused"), t("That request was refused: try again."))


def refusal(error: SeatError, lang: str, wants_json: bool) -> Response:
    """The answer to a refused request: JSON for the page's script (``final`` when it never clears), else a page."""
    title, text = sentence(error.code, lang)
    if wants_json:
        return JSONResponse({"ok": False, "message": text, "code": error.code, "final": error.final}, error.status,
                            headers=headers())
    return html(pages.message_page(lang, title, text), error.status)


__all__ = ["HEADERS", "headers", "html", "refusal", "sentence"]
