"""The service of this process on the run's database (no HTTP): audits, exports, imports."""

from __future__ import annotations

import asyncpg
import pytest

from api.service.game_service import GameService
from infra.event_store import EventStore


@pytest.fixture
def service(pool: asyncpg.Pool) -> GameService:
    return GameService(EventStore(pool), lambda committed: None)
