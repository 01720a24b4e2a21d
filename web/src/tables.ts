// Ways in for a player: guest sign-in, the lobby of open tables (live over `/lobby/ws`),
// "my games" with your-turn markers and invitations (live over `/players/me/ws`), opening
// a table, a waiting table's page (join, leave, start early, invite link) and rematch.
// The player's token stays in its HttpOnly cookie: the page never sees it.

import { clear, h } from "./dom.js";
import { t } from "./i18n.js";
import { ApiError, Feed, Json, missingRoute, rest } from "./protocol.js";

export interface Me { player_id: string; name: string }
export type Link = (p: Record<string, string>) => string;

const BOT_LEVELS = ["random", "greedy", "strong"];

/** The signed-in player, or null (no cookie, or one the service no longer knows). */
export async function whoAmI(): Promise<Me | null> {
  try { return await rest("GET", "/players/me"); } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

/** A name, then `POST /players`: the reply sets the session cookie. */
export function signInForm(onDone: (me: Me) => void, onError: (err: unknown) => void): HTMLElement {
  const name = h("input", { id: "guest-name", name: "name", maxlength: 32, required: true, autocomplete: "nickname" }) as HTMLInputElement;
  const form = h("form", { id: "signin", class: "signin" },
    h("label", { for: "guest-name" }, `${t("yourName")} `), name, " ",
    h("button", { id: "guest-signin", class: "primary", type: "submit" }, t("playAsGuest")));
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    try {
      const made = await rest("POST", "/players", { name: name.value.trim() });
      onDone({ player_id: made.player_id, name: made.name });
    } catch (err) { onError(err); }
  });
  return form;
}

function describe(game: Json): string {
  const names = (game.seats ?? []).map((s: Json) => s.name).filter((n: string) => n);
  return `${game.kind}${game.expansions?.length ? " + " + game.expansions.join(" + ") : ""} · ${names.join(", ")}`;
}

/** Join a table (its first free seat, or my reserved one), then show it. */
export async function joinTable(gameId: string, invite: string | null, link: Link): Promise<void> {
  await rest("POST", `/games/${gameId}/join`, invite ? { invite } : {});
  location.href = link({ game: gameId });
}

/** What a signed-in player sees on the front page: invitations, my games, open tables and
 * a form to open a table. `stop` closes its sockets. */
export function playSection(me: Me, options: {
  kinds: string[]; expansions: Record<string, string[]>; seatRange: Record<string, [number, number]>;
  titles: Record<string, string>; link: Link; onError: (err: unknown) => void;
}): { element: HTMLElement; stop: () => void } {
  const { link, onError } = options;
  const invitations = h("ul", { id: "invitations", class: "invitations", "aria-label": t("invitations") });
  const invitationsBox = h("section", { class: "sub", hidden: true }, h("h2", {}, t("invitations")), invitations);
  const mine = h("ul", { id: "my-games", class: "my-games", "aria-label": t("myGames") });
  const open = h("ul", { id: "open-tables", class: "open-tables", "aria-label": t("openTables") });
  const tables = new Map<string, Json>();

  const drawMine = (games: Json[]) => {
    clear(mine).append(...(games.length ? games.map((g: Json) => {
      const game = g.game;
      const state = game.over ? "over" : game.waiting ? "waiting" : "running";
      return h("li", { class: `my-game ${state}${g.my_turn ? " my-turn" : ""}`, "data-game": game.game_id, "data-state": state, "data-my-turn": g.my_turn ? "yes" : "no" },
        g.my_turn ? h("span", { class: "your-turn" }, `▶ ${t("yourTurn")}`) : "",
        `${describe(game)} · ${t(`state_${state}`)} `,
        h("a", { href: link({ game: game.game_id }), class: "open-game" }, state === "waiting" ? t("openTable") : state === "over" ? t("result") : t("play")));
    }) : [h("li", { class: "none" }, t("noGames"))]));
  };
  const loadMine = async () => {
    try { drawMine((await rest("GET", "/players/me/games?limit=20")).games ?? []); } catch (err) { onError(err); }
  };
  const drawInvitations = (list: Json[]) => {
    invitationsBox.hidden = !list.length;
    clear(invitations).append(...list.map((inv: Json) => {
      const game = inv.game ?? {};
      const id = inv.game_id ?? game.game_id;
      const kind = inv.kind ?? game.kind ?? "";
      // the host's name from the table's seats (the invitation names the host by id)
      const host = (game.seats ?? []).find((s: Json) => s.player && s.player === inv.host)?.name ?? "";
      return h("li", { class: "invitation", "data-game": id },
        `${t("invitedBy")} ${host} · ${kind} `,
        h("button", { class: "accept", onclick: () => joinTable(id, null, link).catch(onError) }, t("accept")),
        h("button", { class: "decline", onclick: async () => {
          try { await rest("POST", `/games/${id}/decline`); void loadInvitations(); } catch (err) { onError(err); }
        } }, t("decline")));
    }));
  };
  let invitationsMissing = false;
  const loadInvitations = async () => {
    if (invitationsMissing) return;
    try {
      const reply = await rest("GET", "/players/me/invitations");
      drawInvitations(Array.isArray(reply) ? reply : reply?.invitations ?? []);
    } catch (err) { if (missingRoute(err)) invitationsMissing = true; else onError(err); }
  };
  const drawOpen = () => {
    const list = [...tables.values()];
    clear(open).append(...(list.length ? list.map((row: Json) => {
      const game = row.game;
      const seated = (game.seats ?? []).some((s: Json) => s.player === me.player_id);
      return h("li", { class: "open-table", "data-game": game.game_id, "data-free": row.free.length },
        `${describe(game)} · ${row.free.length} ${t("freeSeats")} `,
        seated ? h("a", { href: link({ game: game.game_id }), class: "open-game" }, t("openTable"))
          : h("button", { class: "join", "aria-label": `${t("join")}: ${describe(game)}`, onclick: () => joinTable(game.game_id, null, link).catch(onError) }, t("join")));
    }) : [h("li", { class: "none" }, t("noTables"))]));
  };
  let refreshTimer: ReturnType<typeof setTimeout> | null = null;
  const refreshSoon = () => {
    if (refreshTimer) return;
    refreshTimer = setTimeout(() => { refreshTimer = null; void loadMine(); void loadInvitations(); }, 150);
  };
  const lobbyFeed = new Feed("/lobby/ws", (msg) => {
    if (msg.type === "lobby") { tables.clear(); for (const row of msg.tables ?? []) tables.set(row.game.game_id, row); drawOpen(); }
    if (msg.type === "lobby_table") {
      const row = msg.table;
      if (msg.change === "started" || msg.change === "closed" || !row.free?.length) tables.delete(row.game.game_id);
      else tables.set(row.game.game_id, row);
      drawOpen();
    }
  }, false);
  const playerFeed = new Feed("/players/me/ws", (msg) => {
    if (["your_turn", "table", "game_over", "invitation"].includes(msg.type)) refreshSoon();
  }, true);
  // the socket tells at once; a slow re-read catches what a lost wake-up did not tell
  const poll = setInterval(refreshSoon, 15000);

  const element = h("section", { class: "panel play", id: "play" },
    h("p", { class: "me", id: "me" }, `${t("signedInAs")} `, h("strong", {}, me.name)),
    invitationsBox,
    h("section", { class: "sub" }, h("h2", {}, t("myGames")), mine),
    h("section", { class: "sub" }, h("h2", {}, t("openTables")), open),
    tableForm(options));
  drawOpen();
  void loadMine(); void loadInvitations();
  return { element, stop: () => { lobbyFeed.stop(); playerFeed.stop(); clearInterval(poll); if (refreshTimer) clearTimeout(refreshTimer); } };
}

/** Open a table: kind, expansions, my seat and the others open or bots, public or private. */
function tableForm(options: {
  kinds: string[]; expansions: Record<string, string[]>; seatRange: Record<string, [number, number]>;
  titles: Record<string, string>; link: Link; onError: (err: unknown) => void;
}): HTMLElement {
  const { kinds, expansions, seatRange, titles, link, onError } = options;
  const kind = h("select", { id: "table-kind" }, ...kinds.map((k) => h("option", { value: k }, titles[k] ?? k))) as HTMLSelectElement;
  const exp = h("div", { class: "expansions" });
  const count = h("input", { id: "table-seats", type: "number", min: 2, max: 7, value: 3 }) as HTMLInputElement;
  const seats = h("div", { class: "seats" });
  const visibility = h("select", { id: "table-visibility" },
    h("option", { value: "public" }, t("public")), h("option", { value: "private" }, t("private"))) as HTMLSelectElement;
  const seatRow = (i: number) => h("label", { class: "table-seat-row" }, `${t("seat")} ${i + 1} `,
    h("select", { class: "table-seat" }, h("option", { value: "open" }, t("openSeat")), ...BOT_LEVELS.map((b) => h("option", { value: b }, `${t("bot")}: ${b}`))));
  const refresh = () => {
    const [lo, hi] = seatRange[kind.value] ?? [2, 7];
    count.min = String(lo); count.max = String(hi);
    const n = Math.min(hi, Math.max(lo, Number(count.value) || lo));
    count.value = String(n); count.disabled = lo === hi;
    clear(exp).append(...(expansions[kind.value] ?? []).map((e) => h("label", {}, h("input", { type: "checkbox", value: e, class: "table-expansion" }), ` ${titles[`${kind.value}/${e}`] ?? e}`)));
    while (seats.children.length < n - 1) seats.append(seatRow(seats.children.length + 1));
    while (seats.children.length > n - 1) seats.lastChild!.remove();
  };
  kind.onchange = refresh; count.oninput = refresh;
  const form = h("form", { id: "table-form", class: "table-form" },
    h("h2", {}, t("newTable")),
    h("label", {}, `${t("kind")} `, kind), h("div", {}, `${t("expansions")}: `, exp),
    h("label", {}, `${t("seats")} `, count), h("p", { class: "hint" }, `${t("seat")} 1: ${t("you")}`), seats,
    h("label", {}, `${t("visibility")} `, visibility),
    h("button", { id: "open-table", class: "primary", type: "submit" }, t("openTableButton")));
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const me = await whoAmI();
    if (!me) { onError(new ApiError(401, "player_required", "")); return; }
    const others = [...seats.querySelectorAll<HTMLSelectElement>(".table-seat")].map((s) => (s.value === "open" ? { open: true } : { bot: s.value }));
    try {
      const made = await rest("POST", "/games", {
        kind: kind.value, expansions: [...exp.querySelectorAll<HTMLInputElement>("input:checked")].map((i) => i.value),
        seats: [{ player: me.player_id }, ...others], visibility: visibility.value });
      const p: Record<string, string> = { game: made.game.game_id };
      if (made.invite) p.invite = made.invite;
      location.href = link(p);
    } catch (err) { onError(err); }
  });
  refresh();
  return form;
}

/** A table waiting for players, as its page shows it (updated live by the game socket). */
export function tablePanel(o: { gameId: string; view: Json; me: Me | null; invite: string | null; link: Link;
  onError: (err: unknown) => void; reload: () => void }): HTMLElement {
  const { gameId, view, me, invite, link, onError } = o;
  const mine = me ? view.seats.find((s: Json) => s.player === me.player_id) : undefined;
  const host = me !== null && view.host === me.player_id;
  const seated = view.seats.filter((s: Json) => s.state === "taken" || s.state === "bot").length;
  const free = view.seats.some((s: Json) => s.state === "open");
  const act = (path: string) => async () => { try { await rest("POST", `/games/${gameId}/${path}`); } catch (err) { onError(err); } };
  const inviteUrl = invite ? link({ game: gameId, invite }) : null;
  const parts: (Node | string)[] = [
    h("h2", {}, view.phase === "expired" ? t("tableExpired") : t("tableWaiting")),
    h("ol", { class: "table-seats", id: "table-seats-list" }, ...view.seats.map((s: Json) => h("li", { class: `table-seat-view ${s.state}`, "data-state": s.state },
      s.name || (s.state === "open" ? t("freeSeat") : s.state === "reserved" ? t("reserved") : "?"),
      s.state === "bot" ? ` (${t("bot")})` : "", me && s.player === me.player_id ? ` (${t("you")})` : "",
      s.player && s.player === view.host ? ` · ${t("host")}` : ""))),
    h("p", {}, `${t("startsWhenFull")} ${t("minSeats")}: ${view.min_seats}`),
  ];
  if (view.phase === "waiting") {
    if (!me) parts.push(h("p", {}, t("signInToJoin")), signInForm(() => o.reload(), onError));
    else if (!mine && free) parts.push(h("button", { id: "join-table", class: "primary", onclick: () => joinTable(gameId, invite, link).catch(onError) }, t("join")));
    if (mine && !host) parts.push(h("button", { id: "leave-table", onclick: act("leave") }, t("leave")));
    if (host) {
      parts.push(h("button", { id: "start-table", class: "primary", disabled: seated < view.min_seats, onclick: act("start") }, t("startNow")));
      if (view.visibility === "private") {
        parts.push(h("div", { class: "invite" }, h("h3", {}, t("inviteLink")),
          inviteUrl ? h("a", { id: "invite-link", href: inviteUrl }, inviteUrl) : h("em", {}, t("noInviteLink")), " ",
          h("button", { id: "new-invite", onclick: async () => {
            try {
              const made = await rest("POST", `/games/${gameId}/invite`);
              location.hash = new URL(link({ game: gameId, invite: made.invite })).hash;
            } catch (err) { onError(err); }
          } }, t("newInvite"))));
      }
    }
  }
  return h("section", { class: "panel table-panel", id: "table" }, ...parts);
}

/** The score sheet's rematch: a new table with the same seats (`POST /games/{id}/rematch`);
 * hidden when the service has no such route yet. */
export function rematchButton(gameId: string, link: Link, onError: (err: unknown) => void): HTMLElement {
  const button = h("button", { id: "rematch", class: "primary" }, t("rematch"));
  button.addEventListener("click", async () => {
    try {
      const made = await rest("POST", `/games/${gameId}/rematch`);
      location.href = link({ game: made.game?.game_id ?? made.game_id });
    } catch (err) {
      if (missingRoute(err)) { button.replaceWith(h("span", { class: "hint", id: "rematch-missing" }, t("rematchMissing"))); return; }
      onError(err);
    }
  });
  return button;
}
