"use strict";
// The page's service worker: shows the service's Web Push notifications ("your turn in game
// X", a clock running low, an invitation; their `title` and `text` are the service's) and
// opens or focuses the game's page when one is clicked. A script of its own (no imports):
// browsers load it as a classic worker.
const worker = self;
worker.addEventListener("push", (event) => {
    let payload = {};
    try {
        payload = event.data ? event.data.json() : {};
    }
    catch {
        payload = { text: event.data?.text() };
    }
    const game = payload.data?.game_id ?? null;
    event.waitUntil(worker.registration.showNotification(payload.title || "Polis", {
        body: payload.text || "", tag: payload.id || game || undefined, data: { game },
    }));
});
worker.addEventListener("notificationclick", (event) => {
    event.notification.close();
    const game = event.notification.data?.game;
    const url = new URL(game ? `/#game=${encodeURIComponent(game)}` : "/", worker.location.origin).href;
    event.waitUntil((async () => {
        const windows = await worker.clients.matchAll({ type: "window", includeUncontrolled: true });
        for (const w of windows) {
            if (new URL(w.url).origin === worker.location.origin) {
                await w.navigate?.(url);
                return w.focus();
            }
        }
        return worker.clients.openWindow(url);
    })());
});
