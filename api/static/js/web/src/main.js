// The page: a lobby, a game screen (seat or spectator, live over the WebSocket) and a replay
// with a version slider. Where to go is in the URL fragment (#game=…&token=…), which browsers
// never send to the server, so seat tokens stay out of access logs.
import { movesPanel } from "./board.js";
import { clear, h } from "./dom.js";
import { duelBoard } from "./duel.js";
import { LANGS, lang, phaseName, setLang, t } from "./i18n.js";
import { api, ApiError, Follower } from "./protocol.js";
import { GameLog } from "./log.js";
import { sevenWondersBoard } from "./sevenwonders.js";
import { Chat } from "./chat.js";
import { leaderboardScreen, playNow, ratingChanges } from "./extras.js";
import { notifyButton } from "./push.js";
import { followTurns, recountSoon, soundToggle } from "./turns.js";
import { playSection, rematchButton, signInForm, tablePanel, whoAmI } from "./tables.js";
const BOARDS = { duel: duelBoard, "7wonders": sevenWondersBoard };
const EXPANSIONS = { duel: ["agora"], "7wonders": [] };
const SEAT_RANGE = { duel: [2, 2], "7wonders": [2, 7] };
const BOTS = ["random", "greedy", "strong"];
const TITLES = {};
const app = document.getElementById("app");
let teardown = null;
function params() { return new URLSearchParams(location.hash.replace(/^#/, "")); }
function link(p) {
    const q = new URLSearchParams({ ...p, lang: lang() });
    return `${location.origin}${location.pathname}#${q.toString()}`;
}
const catalogs = new Map();
function catalogFor(kind, expansions) {
    const key = `${kind}|${expansions.join(",")}|${lang()}`;
    if (!catalogs.has(key))
        catalogs.set(key, api.catalog(kind, expansions, lang()));
    return catalogs.get(key);
}
function showError(err) {
    const text = err instanceof ApiError ? `${err.code}: ${err.message}` : String(err);
    const box = h("div", { class: "toast", role: "alert" }, `${t("refused")} — ${text}`);
    document.body.append(box);
    setTimeout(() => box.remove(), 6000);
}
function header(extra = []) {
    const select = h("select", { id: "lang", "aria-label": "Language", onchange: (e) => {
            const p = params();
            p.set("lang", e.target.value);
            location.hash = p.toString();
        } }, ...LANGS.map((l) => h("option", { value: l, selected: l === lang() }, l.toUpperCase())));
    return h("header", {}, h("a", { href: "#", class: "brand" }, "Polis"), ...extra, h("span", { class: "spacer" }), h("a", { href: link({ leaderboard: "7wonders" }), id: "leaderboard-link" }, t("leaderboard")), soundToggle(), select);
}
// ---------------------------------------------------------------- lobby
async function lobby() {
    let kinds = Object.keys(BOARDS);
    try {
        const known = await api.kinds();
        const list = Array.isArray(known) ? known : known?.kinds ?? [];
        const names = list.map((k) => (typeof k === "string" ? k : k.kind)).filter((k) => k in BOARDS);
        if (names.length)
            kinds = names;
        for (const k of list) {
            if (typeof k !== "object")
                continue;
            if (Array.isArray(k.expansions))
                EXPANSIONS[k.kind] = k.expansions.map((e) => (typeof e === "string" ? e : e.name));
            for (const e of k.expansions ?? [])
                if (e?.title)
                    TITLES[`${k.kind}/${e.name}`] = e.title;
            if (k.title)
                TITLES[k.kind] = k.title;
            if (typeof k.min_seats === "number")
                SEAT_RANGE[k.kind] = [k.min_seats, k.max_seats];
        }
    }
    catch { /* the service lists no kinds yet: the page's own list */ }
    const kindSel = h("select", { id: "kind" }, ...kinds.map((k) => h("option", { value: k }, TITLES[k] ?? k)));
    const expBox = h("div", { id: "expansions", class: "expansions" });
    const seatsBox = h("div", { id: "seats", class: "seats" });
    const count = h("input", { id: "seat-count", type: "number", min: 2, max: 7, value: 2 });
    const result = h("div", { id: "created" });
    const clockOn = h("input", { id: "clock-on", type: "checkbox" });
    const bank = h("input", { id: "clock-bank", type: "number", min: 10, value: 300, step: 10 });
    const increment = h("input", { id: "clock-increment", type: "number", min: 0, value: 10 });
    const onTimeout = h("select", { id: "clock-timeout" }, h("option", { value: "bot" }, t("timeoutBot")), h("option", { value: "forfeit" }, t("timeoutForfeit")));
    const clockBox = h("fieldset", { class: "clock-option" }, h("legend", {}, h("label", {}, clockOn, ` ${t("clockOption")}`)), h("label", {}, `${t("bank")} `, bank, " s"), h("label", {}, `${t("increment")} `, increment, " s"), h("label", {}, `${t("onTimeout")} `, onTimeout));
    const syncClock = () => { for (const el of [bank, increment, onTimeout])
        el.disabled = !clockOn.checked; };
    clockOn.onchange = syncClock;
    syncClock();
    const seatRow = (i) => h("div", { class: "seat-row" }, h("input", { class: "seat-name", "aria-label": `${t("seats")} ${i + 1}`, value: ["Ada", "Brutus", "Cleo", "Dido", "Ennius", "Flavia", "Gaius"][i] ?? `P${i + 1}` }), h("select", { class: "seat-type", "aria-label": `${t("seats")} ${i + 1}: ${t("human")} / ${t("bot")}` }, h("option", { value: "human" }, t("human")), ...BOTS.map((b) => h("option", { value: b }, `${t("bot")}: ${b}`))));
    const refresh = () => {
        const kind = kindSel.value;
        const [lo, hi] = SEAT_RANGE[kind] ?? [2, 7];
        count.min = String(lo);
        count.max = String(hi);
        const n = Math.min(hi, Math.max(lo, Number(count.value) || lo));
        count.value = String(n);
        count.disabled = lo === hi;
        clear(expBox).append(...(EXPANSIONS[kind] ?? []).map((e) => h("label", {}, h("input", { type: "checkbox", value: e, class: "expansion" }), ` ${TITLES[`${kind}/${e}`] ?? e}`)));
        while (seatsBox.children.length < n)
            seatsBox.append(seatRow(seatsBox.children.length));
        while (seatsBox.children.length > n)
            seatsBox.lastChild.remove();
    };
    kindSel.onchange = refresh;
    count.oninput = refresh;
    const create = async () => {
        const seats = [...seatsBox.querySelectorAll(".seat-row")].map((row) => {
            const type = row.querySelector(".seat-type").value;
            const name = row.querySelector(".seat-name").value.trim() || "?";
            return type === "human" ? { name } : { name, bot: type };
        });
        const expansions = [...expBox.querySelectorAll("input:checked")].map((i) => i.value);
        const options = clockOn.checked ? { clock: {
                bank_seconds: Number(bank.value), increment_seconds: Number(increment.value), on_timeout: onTimeout.value
            } } : {};
        try {
            const created = await api.createGame(kindSel.value, expansions, seats, options);
            const id = created.game.game_id;
            clear(result).append(h("h2", {}, t("seatLinks")), h("ul", { class: "links" }, ...created.game.seats.map((seat) => {
                // bots' seats come back without a token: the service plays them
                const s = created.seats.find((x) => x.seat === seat.seat) ?? seat;
                const url = s.token ? link({ game: id, token: s.token }) : null;
                return h("li", {}, h("strong", {}, s.name), " ", url ? h("a", { href: url, class: "seat-link", "data-seat": s.seat }, url) : h("em", {}, t("bot")), url ? h("button", { class: "copy", onclick: () => navigator.clipboard?.writeText(url) }, t("copy")) : "");
            }), h("li", {}, h("a", { href: link({ game: id }), class: "spectate-link" }, t("spectate"))), h("li", {}, h("a", { href: link({ replay: id }), class: "replay-link" }, t("replay")))));
        }
        catch (err) {
            showError(err);
        }
    };
    const recent = h("ul", { class: "recent", id: "recent" });
    let play;
    let me = null;
    try {
        me = await whoAmI();
    }
    catch (err) {
        showError(err);
    }
    if (me) {
        const section = playSection(me, { kinds, expansions: EXPANSIONS, seatRange: SEAT_RANGE, titles: TITLES, link, onError: showError });
        play = section.element;
        const quick = playNow(kinds, EXPANSIONS, SEAT_RANGE, TITLES, link, showError);
        play.insertBefore(quick.element, play.children[1] ?? null);
        play.insertBefore(notifyButton(showError), play.children[1] ?? null);
        followTurns(true);
        teardown = () => { section.stop(); quick.stop(); };
    }
    else {
        play = h("section", { class: "panel play", id: "play" }, h("h1", {}, t("tablesTitle")), h("p", {}, t("guestWhy")), signInForm(() => void route(), showError));
    }
    clear(app).append(header(), h("main", { class: "lobby" }, play, h("section", { class: "panel" }, h("h1", {}, t("lobby")), h("label", {}, `${t("kind")} `, kindSel), h("div", {}, `${t("expansions")}: `, expBox), h("label", {}, `${t("seats")} `, count), seatsBox, clockBox, h("button", { id: "create", class: "primary", onclick: create }, t("create")), result), h("section", { class: "panel" }, h("h2", {}, t("recent")), recent)));
    refresh();
    try {
        const list = await api.games(15);
        recent.append(...list.games.map((g) => h("li", {}, `${g.kind} ${g.expansions.join("+")} · ${g.seats.map((s) => s.name).join(", ")} · v${g.version}${g.over ? " · " + t("over") : ""} `, h("a", { href: link({ game: g.game_id }) }, t("spectate")), " ", h("a", { href: link({ replay: g.game_id }) }, t("replay")))));
    }
    catch (err) {
        showError(err);
    }
}
// ---------------------------------------------------------------- clocks
function mmss(seconds) {
    const s = Math.max(0, Math.floor(seconds));
    return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}
/** The seats' clocks: the service's when the game has a clock (each seat's remaining time as
 * of the last message, counted down here while it runs), else the time each seat has spent
 * acting, counted by the page from the updates it saw. */
class Clocks {
    constructor() {
        this.server = null;
        this.receivedAt = 0;
        this.spent = new Map();
        this.since = new Map();
    }
    /** The service's clocks as just received (null or absent: the game has none). */
    setServer(clocks) {
        if (clocks === undefined)
            return;
        this.server = clocks && clocks.length ? clocks : null;
        this.receivedAt = Date.now();
    }
    get source() { return this.server ? "server" : "page"; }
    update(acting) {
        const now = Date.now();
        for (const [seat, start] of this.since) {
            if (!acting.includes(seat)) {
                this.spent.set(seat, (this.spent.get(seat) ?? 0) + now - start);
                this.since.delete(seat);
            }
        }
        for (const seat of acting)
            if (!this.since.has(seat))
                this.since.set(seat, now);
    }
    render(seatNames, acting) {
        const now = Date.now();
        if (this.server) {
            return this.server.map((c) => {
                const left = c.remaining_seconds - (c.running ? (now - this.receivedAt) / 1000 : 0);
                const classes = ["clock", "server"];
                if (c.running)
                    classes.push("running");
                if (left <= 30 && !c.bot)
                    classes.push("low");
                if (c.bot)
                    classes.push("bot");
                return h("span", { class: classes.join(" "), "data-seat": c.seat, "data-remaining": Math.max(0, Math.floor(left)) }, `${seatNames[c.seat] ?? `#${c.seat}`} ${mmss(left)}`, c.bot ? h("span", { class: "badge bot-badge", title: t("botPlays") }, t("botPlays")) : "", c.timeouts_in_a_row > 0 && !c.bot ? h("span", { class: "timeouts" }, ` ⚠ ${c.timeouts_in_a_row}× ${t("timeout")}`) : "");
            });
        }
        return seatNames.map((n, i) => {
            const ms = (this.spent.get(i) ?? 0) + (this.since.has(i) ? now - this.since.get(i) : 0);
            return h("span", { class: "clock page" + (acting.includes(i) ? " running" : ""), "data-seat": i }, `${n} ${mmss(ms / 1000)}`);
        });
    }
}
// ---------------------------------------------------------------- game screen
async function gameScreen(gameId, token, invite) {
    let game;
    try {
        game = await api.game(gameId);
    }
    catch (err) {
        showError(err);
        return;
    }
    // a signed-in player (its cookie) acts for the seat it holds here, as a seat link would
    let me = null;
    if (token === null) {
        try {
            me = await whoAmI();
        }
        catch {
            me = null;
        }
    }
    followTurns(me !== null);
    const board = BOARDS[game.kind];
    const catalog = await catalogFor(game.kind, game.expansions);
    const seatNames = game.seats.map((s) => s.name);
    let mySeat = null;
    let version = 0;
    let view = null;
    let moves = [];
    let focus = null;
    let choice = null;
    let status = t("offline");
    const clocks = new Clocks();
    clocks.setServer(game.clocks);
    let ratings = null;
    const boardEl = h("div", { id: "board" });
    const info = h("div", { class: "info", id: "info" });
    const clockEl = h("div", { class: "clocks", id: "clocks" });
    const statusEl = h("span", { class: "status", id: "status" });
    const log = new GameLog(catalog, seatNames, () => api.events(gameId, token));
    const chat = new Chat(gameId, token, me?.player_id ?? null, (text) => follower.chat(text));
    clear(app).append(header([h("span", { class: "title" }, `${game.kind}${game.expansions.length ? " + " + game.expansions.join(" + ") : ""}`), statusEl]), h("main", { class: "game" }, info, clockEl, boardEl, log.element, chat.element));
    const draw = () => {
        if (!view)
            return;
        document.body.dataset.version = String(version);
        document.body.dataset.phase = view.phase;
        document.body.dataset.acting = (mySeat !== null && view.acting.includes(mySeat)) ? "yes" : "no";
        statusEl.textContent = status;
        clear(info).append(h("span", {}, mySeat === null ? t("spectator") : `${seatNames[mySeat]}`), h("span", {}, `${t("version")} ${version}`), view.age !== undefined ? h("span", {}, `${t("age")} ${view.age}`) : "", view.turn !== undefined ? h("span", {}, `${t("turn")} ${view.turn}`) : "", h("span", {}, `${t("phase")}: ${phaseName(view.phase)}`), h("a", { href: link({ game: gameId }), class: "spectate-link" }, t("spectate")), view.phase === "over" ? h("a", { href: link({ replay: gameId }), class: "replay-link" }, t("replay")) : "");
        if (view.view === "table") { // a table still filling: its seats, no board yet
            clear(boardEl).append(tablePanel({ gameId, view, me, invite, link, onError: showError, reload: () => void route() }));
            boardEl.className = "spectating";
            return;
        }
        const ctx = {
            view, catalog, seatNames, mySeat, moves, focus,
            play: (move) => { moves = []; follower.command(move, version); draw(); },
            setFocus: (key) => { focus = key; draw(); },
            choice, setChoice: (c) => { choice = c; focus = null; draw(); },
        };
        boardEl.className = mySeat === null ? "spectating" : "";
        performance.mark("board-start");
        clear(boardEl).append(movesPanel(board, ctx), board.render(ctx));
        markLastMove(boardEl, log.lastCards);
        performance.measure("board-update", "board-start");
        if (view.phase === "over" && game.options?.rated) {
            ratings ?? (ratings = ratingChanges(gameId));
            const sheet = boardEl.querySelector("#score-sheet");
            if (sheet)
                sheet.after(ratings);
            else
                boardEl.append(ratings);
        }
        if (view.phase === "over" && token === null && me !== null && mySeat !== null) {
            const sheet = boardEl.querySelector("#score-sheet");
            const rematch = rematchButton(gameId, link, showError);
            if (sheet)
                sheet.after(rematch);
            else
                boardEl.append(rematch);
        }
        drawClocks();
    };
    const drawClocks = () => {
        if (!view)
            return;
        clockEl.dataset.source = clocks.source;
        clear(clockEl).append(h("span", {}, clocks.source === "server" ? `${t("clock")}:` : `${t("timeSpent")}:`), ...clocks.render(seatNames, view.acting));
    };
    const timer = setInterval(drawClocks, 1000);
    const showMoves = (listed) => {
        moves = listed;
        focus = null;
        // a panel's choice (Faith's god) stays while some legal move still goes with it
        const probe = { view, catalog, seatNames, mySeat, moves, focus, choice, play: () => undefined, setFocus: () => undefined };
        const only = (m) => board.shows(m, probe) && !board.shows(m, { ...probe, choice: null });
        if (choice !== null && !(board.shows && moves.some(only)))
            choice = null;
        draw();
    };
    const refreshMoves = async (at) => {
        if (mySeat === null || !view.acting.includes(mySeat)) {
            moves = [];
            return;
        }
        try {
            const reply = await api.legalMoves(gameId, token, at);
            if (reply.version === version)
                showMoves(reply.moves);
        }
        catch (err) {
            if (at === version)
                showError(err);
        }
    };
    const follower = new Follower(gameId, token, {
        onHello: (msg) => { mySeat = msg.seat; status = t("live"); },
        onView: (v, newView, events, serverClocks, sent) => {
            // the table started: seats may be renumbered and named, so follow the game afresh
            if (view?.view === "table" && newView?.view !== "table") {
                void route();
                return;
            }
            const wasMine = mySeat !== null && view?.acting?.includes(mySeat);
            version = v;
            view = newView;
            moves = [];
            if (wasMine !== (mySeat !== null && view.acting.includes(mySeat)))
                recountSoon();
            log.add(events);
            clocks.setServer(serverClocks);
            clocks.update(view.acting);
            draw();
            if (sent !== undefined)
                showMoves(sent); // sent with the update: no read
            else
                void refreshMoves(v);
        },
        onChat: (msg) => chat.add(msg),
        onRejected: (error) => { showError(new ApiError(0, error.code, error.message)); void refreshMoves(version); },
        onClosed: (reason) => { status = reason; statusEl.textContent = reason; draw(); showError(reason); },
    });
    teardown = () => { clearInterval(timer); follower.close(); };
}
/** The cards of the last move, marked on the board (class and words, not colour alone). */
function markLastMove(root, cards) {
    for (const id of cards) {
        for (const el of root.querySelectorAll(`[data-card="${id}"]`)) {
            el.classList.add("last-move");
            el.setAttribute("aria-current", "true");
        }
    }
}
// ---------------------------------------------------------------- replay
async function replayScreen(gameId) {
    let game;
    try {
        game = await api.game(gameId);
    }
    catch (err) {
        showError(err);
        return;
    }
    const board = BOARDS[game.kind];
    const catalog = await catalogFor(game.kind, game.expansions);
    const seatNames = game.seats.map((s) => s.name);
    const boardEl = h("div", { id: "board" });
    const label = h("span", { id: "replay-version" });
    const slider = h("input", { id: "slider", type: "range", min: 1, max: game.version, value: game.version });
    let wanted = game.version;
    const show = async (v) => {
        wanted = v;
        label.textContent = `${t("slider")} ${v} / ${game.version}`;
        try {
            const reply = await api.viewAt(gameId, v);
            if (wanted !== v)
                return;
            const ctx = { view: reply.view, catalog, seatNames, mySeat: null, moves: [], focus: null, play: () => undefined, setFocus: () => undefined };
            clear(boardEl).append(board.render(ctx));
            document.body.dataset.version = String(v);
            document.body.dataset.phase = reply.view.phase;
        }
        catch (err) {
            showError(err);
        }
    };
    const step = (d) => { slider.value = String(Math.min(game.version, Math.max(1, Number(slider.value) + d))); void show(Number(slider.value)); };
    slider.oninput = () => void show(Number(slider.value));
    clear(app).append(header([h("span", { class: "title" }, `${t("replay")} · ${game.kind}`)]), h("main", { class: "game replay" }, h("div", { class: "replay-bar" }, h("button", { id: "prev", onclick: () => step(-1) }, "◀"), slider, h("button", { id: "next", onclick: () => step(1) }, "▶"), label), boardEl));
    await show(game.version);
}
// ---------------------------------------------------------------- routing
async function route() {
    teardown?.();
    teardown = null;
    delete document.body.dataset.version;
    const p = params();
    setLang(p.get("lang") ?? navigator.language.slice(0, 2));
    document.documentElement.lang = lang();
    if (p.get("game"))
        await gameScreen(p.get("game"), p.get("token"), p.get("invite"));
    else if (p.get("replay"))
        await replayScreen(p.get("replay"));
    else if (p.get("leaderboard")) {
        const main = h("main", { class: "boards" });
        clear(app).append(header(), main);
        await leaderboardScreen(main, p.get("leaderboard"), Object.keys(BOARDS), link);
    }
    else
        await lobby();
}
window.addEventListener("hashchange", () => void route());
void route();
