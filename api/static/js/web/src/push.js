// "Notify me": Web Push for the signed-in player. The page fetches the service's VAPID key
// (`GET /push/key`), registers its service worker (sw.ts), subscribes with the browser's
// push manager and stores the subscription (`POST /players/me/push`); the service then
// sends "your turn in game X" while the tab is closed. Each way it can fail is said in
// words: no support, no key on this service, notifications blocked, push service down.
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { ApiError, rest } from "./protocol.js";
export const WORKER = "/web/js/web/src/sw.js";
function keyBytes(base64url) {
    const text = atob(base64url.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (base64url.length % 4)) % 4));
    const bytes = new Uint8Array(new ArrayBuffer(text.length));
    for (let i = 0; i < text.length; i++)
        bytes[i] = text.charCodeAt(i);
    return bytes;
}
/** The registration once its worker is active (the worker's scope is the whole site, `/`,
 * which the service allows with `Service-Worker-Allowed`). */
function active(registration) {
    return new Promise((resolve) => {
        const worker = registration.installing ?? registration.waiting ?? registration.active;
        if (!worker || worker.state === "activated") {
            resolve(registration);
            return;
        }
        worker.addEventListener("statechange", () => { if (worker.state === "activated")
            resolve(registration); });
    });
}
/** A promise that gives up after `ms` (a push service that never answers). */
function within(ms, promise) {
    return Promise.race([promise, new Promise((_, reject) => setTimeout(() => reject(new Error("no answer")), ms))]);
}
export function notifyButton(onError) {
    const status = h("span", { id: "notify-status", role: "status" });
    const button = h("button", { type: "button", id: "notify-me" }, t("notifyMe"));
    const say = (state, words, detail = "") => {
        status.dataset.state = state;
        status.textContent = detail ? `${words} (${detail})` : words;
    };
    button.addEventListener("click", async () => {
        if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
            say("unsupported", t("notifyUnsupported"));
            return;
        }
        button.disabled = true;
        try {
            let key;
            try {
                key = (await rest("GET", "/push/key")).public_key;
            }
            catch (err) {
                if (err instanceof ApiError && err.status === 404) {
                    say("no-key", t("notifyNoKey"));
                    return;
                }
                throw err;
            }
            if ((await Notification.requestPermission()) !== "granted") {
                say("denied", t("notifyDenied"));
                return;
            }
            const registration = await active(await navigator.serviceWorker.register(WORKER, { scope: "/" }));
            let subscription;
            try {
                subscription = await registration.pushManager.getSubscription()
                    ?? await within(20000, registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) }));
            }
            catch (err) {
                say("failed", t("notifyFailed"), String(err.message || err));
                return;
            }
            await rest("POST", "/players/me/push", subscription.toJSON());
            say("on", t("notifyOn"));
        }
        catch (err) {
            say("failed", t("notifyFailed"));
            onError(err);
        }
        finally {
            button.disabled = false;
        }
    });
    return h("p", { class: "notify" }, button, " ", status);
}
