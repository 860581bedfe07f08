"""The pages' Starlette application: the route lists mounted behind the Host check, built once per served session.

To mount another set of routes (the table's own page, issue 31), add its maker to
``ROUTE_SETS``: a function ``(web: Served) -> list[BaseRoute]``; its seat routes use
``web.guard.route(path, handler, kind)`` to get the guard's `SeatRequest`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute

from companion.web.entry import entry_routes
from companion.web.guard import HostCheck
from companion.web.routes import seat_routes
from companion.web.seats import SeatError

if TYPE_CHECKING:
    from companion.web.parts import Served

RouteSet = Callable[["Served"], list[BaseRoute]]
#: Every route list the pages serve, in order.
ROUTE_SETS: tuple[RouteSet, ...] = (entry_routes, seat_routes)


def build_app(web: Served, route_sets: Sequence[RouteSet] = ROUTE_SETS) -> Any:
    """The application of ``web``: every route set, an unknown address answered in words, the Host check first."""
    async def not_found(request: Request, error: Exception) -> Response:
        return web.guard.refuse(SeatError(404, "not_found"), request, web.parts.lang)

    async def not_allowed(request: Request, error: Exception) -> Response:
        return web.guard.refuse(SeatError(405, "not_found"), request, web.parts.lang)

    routes = [route for make in route_sets for route in make(web)]
    app = Starlette(routes=routes, exception_handlers={404: not_found, 405: not_allowed})
    return HostCheck(app, lambda: web.server.allowed_hosts, web.guard)


__all__ = ["ROUTE_SETS", "RouteSet", "build_app"]
