// Parts of the page for services still being built: "play now" (matchmaking) and the
// leaderboards. Each asks its route first and, while the service answers 404 (no such
// route yet), says so quietly instead of failing.

import { clear, h } from "./dom.js";
import { t } from "./i18n.js";
import { Json, missingRoute, rest } from "./protocol.js";
import type { Link } from "./tables.js";

/** "Play now": a matchmaking ticket for a kind, followed until it finds a table. */
export function playNow(kinds: string[], titles: Record<string, string>, link: Link,
                        onError: (err: unknown) => void): { element: HTMLElement; stop: () => void } {
  const kind = h("select", { id: "quick-kind", "aria-label": t("kind") }, ...kinds.map((k) => h("option", { value: k }, titles[k] ?? k))) as HTMLSelectElement;
  const status = h("span", { id: "play-now-status", role: "status" });
  const button = h("button", { id: "play-now", class: "primary", type: "button" }, t("playNow")) as HTMLButtonElement;
  let timer: ReturnType<typeof setInterval> | null = null;
  const stop = () => { if (timer) clearInterval(timer); timer = null; };
  button.addEventListener("click", async () => {
    try {
      const ticket = await rest("POST", "/matchmaking/tickets", { kind: kind.value, expansions: [], rated: false });
      button.disabled = true;
      status.textContent = t("searching");
      timer = setInterval(async () => {
        try {
          const now = await rest("GET", `/matchmaking/tickets/${ticket.ticket_id}`);
          if (now.game_id) { stop(); location.href = link({ game: now.game_id }); }
          else if (now.state && now.state !== "waiting" && now.state !== "searching") { stop(); button.disabled = false; status.textContent = now.state; }
        } catch (err) { stop(); button.disabled = false; onError(err); }
      }, 2000);
    } catch (err) {
      if (missingRoute(err)) { button.disabled = true; status.textContent = t("notYet"); return; }
      onError(err);
    }
  });
  return { element: h("div", { class: "play-now" }, h("h2", {}, t("playNow")), kind, " ", button, " ", status), stop };
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
        h("td", {}, e.rank ?? i + 1), h("td", {}, e.name), h("td", {}, Math.round(e.rating)), h("td", {}, e.games))))) : h("p", {}, t("noEntries")));
  } catch (err) {
    clear(body).append(h("p", { class: "hint" }, missingRoute(err) ? t("notYet") : String((err as Error).message || err)));
  }
}
