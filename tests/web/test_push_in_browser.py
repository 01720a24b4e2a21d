"""Web Push from the page (issue "Notifications for turn-based play, and table chat"): the
"Notify me" button fetches the service's VAPID key, registers the page's service worker and
asks the browser's push manager for a subscription, then stores it with the service. A
headless Chromium with no network reaches no real push service: the test checks what the
page does up to there, that a failure is said in words, that a service without a VAPID key
is said so too, that the service worker is served as a script, and that it shows a push
delivered to it (through Chromium's debugging protocol) as the notification."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from infra.settings import Settings
from tests.api.conftest import api_env
from tests.api.servers import ApiProcess
from tests.api.test_notifications import vapid_key
from tests.web.test_tables_in_browser import guest


@pytest.fixture(scope="module")
def push_api(settings: Settings, web_database_url: str,
             tmp_path_factory: pytest.TempPathFactory) -> Iterator[ApiProcess]:
    """A process of the browser tests' service with a VAPID key (so it serves `/push/key`)."""
    env = api_env(settings) | {"DATABASE_URL": web_database_url,
                               "POLIS_CHANNEL": f"{settings.channel}:web",
                               "POLIS_VAPID_PRIVATE_KEY": vapid_key(),
                               "POLIS_VAPID_SUBJECT": "mailto:ops@example.org"}
    server = ApiProcess(env, tmp_path_factory.mktemp("push-api-logs"), "push")
    try:
        yield server.start()
    finally:
        server.stop()


async def test_notify_me_fetches_the_key_and_says_how_it_went(
    browser: Any, push_api: ApiProcess
) -> None:
    url = push_api.url
    worker = httpx.get(f"{url}/web/js/web/src/sw.js")
    assert worker.status_code == 200
    assert worker.headers["content-type"].startswith("text/javascript")
    assert worker.headers["service-worker-allowed"] == "/"  # it may control the whole site
    assert "showNotification" in worker.text
    key = httpx.get(f"{url}/push/key").json()["public_key"]

    ada = await guest(browser, url, "Ada")
    await ada.context.grant_permissions(["notifications"], origin=url)
    await ada.page.click("#notify-me")
    await ada.page.wait_for_selector("#notify-status[data-state]", timeout=30000)
    state = await ada.page.get_attribute("#notify-status", "data-state")
    assert f"{url}/push/key" in ada.urls
    said = (await ada.page.text_content("#notify-status") or "").strip()
    await ada.shot("46-notify-me")
    listed = httpx.get(f"{url}/players/me/push",
                       cookies=dict((c["name"], c["value"]) for c in await ada.context.cookies()))
    if state == "on":  # a Chromium whose push manager answers: the service has it
        assert listed.json()["subscriptions"], listed.text
    else:  # no push service to reach: said in words, nothing stored
        assert state == "failed", (state, said)
        assert "push service" in said
        assert listed.json()["subscriptions"] == []
    # the page's worker is registered either way (it shows the pushes when they come)
    scopes = await ada.page.evaluate(
        "async () => (await navigator.serviceWorker.getRegistrations()).map(r => r.scope)")
    assert scopes == [f"{url}/"] and key
    # a push as the service sends it, handed to the worker by the browser's own debugging
    # protocol (no push service needed): the worker shows "Your turn in game X"
    cdp = await ada.context.new_cdp_session(ada.page)
    registrations: list[dict[str, Any]] = []
    cdp.on("ServiceWorker.workerRegistrationUpdated",
           lambda e: registrations.extend(e["registrations"]))
    await cdp.send("ServiceWorker.enable")
    for _ in range(50):
        if registrations:
            break
        await asyncio.sleep(0.1)
    payload = {"type": "turn.started", "id": "msg_1", "title": "Your turn",
               "text": "Your turn in game g-1", "data": {"game_id": "g-1"}}
    await cdp.send("ServiceWorker.deliverPushMessage", {
        "origin": url, "registrationId": registrations[0]["registrationId"],
        "data": json.dumps(payload)})
    # polled from here: a predicate that returns a promise is truthy before it settles, so
    # waiting on one in the page returned before the worker had shown anything (a CI run)
    shown: list[Any] = []
    for _ in range(100):
        shown = await ada.page.evaluate(
            "async () => (await (await navigator.serviceWorker.getRegistrations())[0]"
            ".getNotifications()).map(n => [n.title, n.body, n.tag, n.data])")
        if shown:
            break
        await asyncio.sleep(0.1)
    assert shown == [["Your turn", "Your turn in game g-1", "msg_1", {"game": "g-1"}]], shown
    assert ada.errors == []
    await ada.close()


async def test_notify_me_on_a_service_without_push_says_so(
    browser: Any, web_api: ApiProcess
) -> None:
    ada = await guest(browser, web_api.url, "Ada")
    await ada.context.grant_permissions(["notifications"], origin=web_api.url)
    await ada.page.click("#notify-me")
    await ada.page.wait_for_selector("#notify-status[data-state='no-key']")
    assert "no push" in (await ada.page.text_content("#notify-status") or "")
    assert ada.errors == []
    await ada.close()
