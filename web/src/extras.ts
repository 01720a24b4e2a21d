// Matchmaking and ratings on the page: "play now", a rated game's rating changes and the
// leaderboards. A service without their routes (404) gets "not available yet" instead of
// an error.

import { clear, h } from "./dom.js";
import { t } from "./i18n.js";
import { ApiError, Feed, Json, missingRoute, rest } from "./protocol.js";
import type { Link } from "./tables.js";

function mmss(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** "Play now": a matchmaking ticket (`POST /matchmaking/tickets`: kind, expansions, seat
 * counts, rated, bots after a wait), its wait shown and counted, cancel; the ticket's
 * changes come on the player socket (`ticket`) and are read again every few seconds (a
 * lost wake-up costs a little time only); once matched the page opens the game. */
export function playNow(kinds: string[], expansions: Record<string, string[]>, seatRange: Record<string, [number, number]>,
                        titles: Record<string, string>, link: Link,
                        onError: (err: unknown) => void): { element: HTMLElement; stop: () => void } {
  const kind = h("select", { id: "quick-kind", "aria-label": t("kind") }, ...kinds.map((k) => h("option", { value: k }, titles[k] ?? k))) as HTMLSelectElement;
  const exp = h("span", { class: "expansions", id: "quick-expansions" });
  const lo = h("input", { id: "quick-min", type: "number", "aria-label": t("fewestSeats") }) as HTMLInputElement;
  const hi = h("input", { id: "quick-max", type: "number", "aria-label": t("mostSeats") }) as HTMLInputElement;
  const seats = h("span", { class: "quick-seats" }, `${t("seats")} `, lo, "–", hi);
  const rated = h("input", { id: "quick-rated", type: "checkbox", checked: true }) as HTMLInputElement;
  const bots = h("input", { id: "quick-bots", type: "checkbox" }) as HTMLInputElement;
  const status = h("span", { id: "play-now-status", role: "status" });
  const button = h("button", { id: "play-now", class: "primary", type: "button" }, t("playNow")) as HTMLButtonElement;
  const cancel = h("button", { id: "play-now-cancel", type: "button", hidden: true }, t("cancel")) as HTMLButtonElement;
  const refresh = () => {
    const [a, b] = seatRange[kind.value] ?? [2, 2];
    for (const el of [lo, hi]) { el.min = String(a); el.max = String(b); }
    lo.value = String(a === b ? a : Math.max(a, 3)); hi.value = String(a === b ? b : Math.min(b, 5));
    seats.hidden = a === b;
    clear(exp).append(...(expansions[kind.value] ?? []).map((e) => h("label", {},
      h("input", { type: "checkbox", value: e, class: "quick-expansion" }), ` ${titles[`${kind.value}/${e}`] ?? e} `)));
  };
  kind.onchange = refresh;
  refresh();

  let ticket: string | null = null;
  let since = 0;
  let timer: ReturnType<typeof setInterval> | null = null;
  let feed: Feed | null = null;
  const stop = () => { if (timer) clearInterval(timer); timer = null; feed?.stop(); feed = null; };
  const done = (words: string, state: string) => {
    stop(); ticket = null; button.disabled = false; cancel.hidden = true;
    status.dataset.state = state; status.textContent = words;
  };
  const seen = (now: Json) => {
    if (!now || now.ticket_id !== ticket) return;
    if (now.state === "matched" && now.game_id) { stop(); status.dataset.state = "matched"; location.href = link({ game: now.game_id }); }
    else if (now.state === "expired") done(t("ticketExpired"), "expired");
    else if (now.state === "cancelled") done(t("ticketCancelled"), "cancelled");
  };
  const read = async () => {
    if (!ticket) return;
    try { seen(await rest("GET", `/matchmaking/tickets/${ticket}`)); } catch (err) { done("", "error"); onError(err); }
  };
  button.addEventListener("click", async () => {
    const body: Json = { kind: kind.value, rated: rated.checked,
      expansions: [...exp.querySelectorAll<HTMLInputElement>("input:checked")].map((i) => i.value) };
    if (!seats.hidden) body.seats = [Number(lo.value), Number(hi.value)];
    if (bots.checked) body.bots_after = 60;
    button.disabled = true;
    try {
      const made = await rest("POST", "/matchmaking/tickets", body);
      ticket = made.ticket_id; since = Date.now(); cancel.hidden = false;
      status.dataset.state = "waiting";
      status.textContent = `${t("searching")} 0:00`;
      feed = new Feed("/players/me/ws", (msg) => { if (msg.type === "ticket") seen(msg.ticket); }, true);
      let ticks = 0;
      timer = setInterval(() => {
        status.textContent = `${t("searching")} ${mmss(Date.now() - since)}`;
        if (++ticks % 3 === 0) void read();
      }, 1000);
      seen(made);
    } catch (err) {
      button.disabled = false;
      if (missingRoute(err)) { button.disabled = true; status.dataset.state = "missing"; status.textContent = t("notYet"); return; }
      status.dataset.state = "refused";
      status.textContent = err instanceof ApiError ? `${err.code}: ${err.message}` : String(err);
    }
  });
  cancel.addEventListener("click", async () => {
    if (!ticket) return;
    try { seen(await rest("DELETE", `/matchmaking/tickets/${ticket}`)); } catch (err) { onError(err); void read(); }
  });
  return { element: h("div", { class: "play-now", id: "play-now-box" }, h("h2", {}, t("playNow")),
    h("div", {}, kind, " ", exp, " ", seats, " ", h("label", {}, rated, ` ${t("rated")}`), " ",
      h("label", {}, bots, ` ${t("botsAfter")}`)),
    h("div", {}, button, " ", cancel, " ", status)), stop };
}

/** Each seat's rating before and after a rated game (`GET /players/{id}`: the step of its
 * pool's history for this game), under the score sheet; the ratings runner applies a game
 * soon after its end, so the page asks again a few times before it says nothing. */
export function ratingChanges(gameId: string): HTMLElement {
  const box = h("section", { class: "rating-changes", id: "rating-changes", hidden: true, "aria-label": t("ratingChanges") });
  let tries = 0;
  const look = async () => {
    const rows: HTMLElement[] = [];
    let players: Json[] = [];
    try {
      // the seats as they stand now (a matched table's players are seated as it starts)
      players = ((await rest("GET", `/games/${gameId}`)).seats ?? []).filter((s: Json) => s.player);
      for (const s of players) {
        const profile = await rest("GET", `/players/${s.player}`);
        for (const pool of profile.ratings ?? []) {
          const step = (pool.history ?? []).find((x: Json) => x.game_id === gameId);
          if (!step) continue;
          const delta = step.rating - step.rating_before;
          rows.push(h("li", { "data-seat": s.seat, "data-before": step.rating_before.toFixed(2), "data-after": step.rating.toFixed(2) },
            h("strong", {}, s.name), ` (${pool.pool}): ${step.rating_before.toFixed(1)} → ${step.rating.toFixed(1)} `,
            h("span", { class: delta >= 0 ? "up" : "down" }, `(${delta >= 0 ? "+" : ""}${delta.toFixed(1)})`)));
        }
      }
    } catch (err) { if (missingRoute(err)) return; }
    if (rows.length && rows.length >= players.length) {
      clear(box).append(h("h3", {}, t("ratingChanges")), h("ul", {}, ...rows));
      box.hidden = false;
    } else if (++tries < 15) setTimeout(() => void look(), 2000);
  };
  void look();
  return box;
}

/** A leaderboard page (`#leaderboard=<pool>`): rank, name, rating, games. */
export async function leaderboardScreen(root: HTMLElement, pool: string, pools: string[], link: Link): Promise<void> {
  const body = h("div", { id: "leaderboard" }, h("p", {}, "…"));
  const picker = h("nav", { class: "pools", "aria-label": t("leaderboard") },
    ...pools.map((p) => h("a", { href: link({ leaderboard: p }), "aria-current": p === pool ? "page" : null }, p)));
  clear(root).append(h("section", { class: "panel" }, h("h1", {}, `${t("leaderboard")} · ${pool}`), picker, body));
  try {
    const reply = await rest("GET", `/leaderboards/${encodeURIComponent(pool)}`);
    const entries: Json[] = reply.entries ?? [];
    clear(body).append(entries.length ? h("table", { class: "scores leaderboard" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "#"), h("th", { scope: "col" }, t("player")), h("th", { scope: "col" }, t("rating")), h("th", { scope: "col" }, t("gamesPlayed")))),
      h("tbody", {}, ...entries.map((e: Json, i: number) => h("tr", { "data-player": e.player_id },
        h("td", {}, e.rank ?? i + 1), h("td", {}, e.name), h("td", {}, Number(e.rating).toFixed(1)), h("td", {}, e.games))))) : h("p", {}, t("noEntries")));
  } catch (err) {
    clear(body).append(h("p", { class: "hint" }, missingRoute(err) ? t("notYet") : String((err as Error).message || err)));
  }
}
