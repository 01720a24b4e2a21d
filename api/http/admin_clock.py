"""The service's clock for operators: read it, and move it forward where time injection is
on (`POLIS_TIME_INJECTION`): a simulation plays a day of turn-based games in minutes, the
clocks, timeouts, `clock.low` notifications and deliveries of every replica following
(`infra/service_clock.py`)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Any

import msgspec
from litestar import Controller, Request, get, post
from litestar.params import JSONBody

from api.http.admin_auth import AdminAuthorization, require_admin
from api.http.errors import error_responses
from api.http.games import strict_body
from api.runtime import runtime_of
from api.service.refusals import Forbidden
from infra import service_clock

MOST_SECONDS = 366 * 86_400.0
"""The longest one move forward (a year): a typo of a few zeros is refused."""


class ClockAdvance(msgspec.Struct, forbid_unknown_fields=True):
    advance_seconds: Annotated[float, msgspec.Meta(gt=0, le=MOST_SECONDS)]
    """How far to move the service's clock forward (never back: clocks already counted
    stay counted)."""


class ServiceClockOut(msgspec.Struct):
    now: datetime
    """The service's time (what events committed now are stamped with)."""
    offset_seconds: float
    """How far ahead of the host's clock it runs (0 unless time was injected)."""
    injection: bool
    """Whether this deployment lets `POST /admin/clock` move it."""


class ClockController(Controller):
    path = "/admin/clock"
    tags = ["admin"]  # noqa: RUF012

    @get(operation_id="getServiceClock", responses=error_responses(
        e401="`admin_token_required`.", e403="`admin_disabled`."))
    async def read(self, request: Request[Any, Any, Any],
                   authorization: AdminAuthorization = None) -> ServiceClockOut:
        """The service's clock, as every replica reads it."""
        require_admin(request, authorization)
        runtime = runtime_of(request)
        await service_clock.refresh(runtime.service.store.pool)
        return _out(runtime.settings.time_injection)

    @post(operation_id="advanceServiceClock", status_code=200, responses=error_responses(
        e400="`invalid_body`.", e401="`admin_token_required`.",
        e403="`admin_disabled`, `time_injection_off`."))
    async def advance(self, request: Request[Any, Any, Any],
                      data: JSONBody[ClockAdvance],
                      authorization: AdminAuthorization = None) -> ServiceClockOut:
        """Move the service's clock forward, for every replica: game clocks run down by
        that much, deadlines and notifications that fall due meanwhile fire (this process
        looks at once; the others within a fraction of a second)."""
        require_admin(request, authorization)
        runtime = runtime_of(request)
        if not runtime.settings.time_injection:
            raise Forbidden("time_injection_off", "this deployment's clock is the host's "
                            "(POLIS_TIME_INJECTION is off)")
        await strict_body(request, ClockAdvance)
        await service_clock.advance(runtime.service.store.pool, data.advance_seconds)
        runtime.time_moved()
        return _out(True)


def _out(injection: bool) -> ServiceClockOut:
    return ServiceClockOut(datetime.fromtimestamp(service_clock.now(), UTC),
                           service_clock.offset(), injection)
