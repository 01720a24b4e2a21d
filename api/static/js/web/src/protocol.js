// The page's protocol layer: the TypeScript client library (clients/typescript) for REST
// and the WebSocket session, behind the few calls the screens make.
import { GameSession, PolisClient, PolisError } from "../../clients/typescript/src/index.js";
export class ApiError extends Error {
    constructor(status, code, message, details = {}) {
        super(message);
        this.status = status;
        this.code = code;
        this.details = details;
    }
}
const client = new PolisClient(location.origin);
/** The library's refusals as the page shows them (code and sentence). */
async function call(request) {
    try {
        return await request();
    }
    catch (err) {
        if (err instanceof PolisError) {
            const p = err.problem ?? {};
            throw new ApiError(err.status, p.code ?? `http_${err.status}`, p.message ?? p.detail ?? "", p.details ?? {});
        }
        throw err;
    }
}
export const api = {
    kinds: () => call(() => client.kinds()),
    /** The ruleset's data with names in `lang`, and the labels of its vocabularies. */
    catalog: async (kind, expansions, lang) => {
        const reply = await call(() => client.catalog(kind, expansions, lang));
        return { ...reply.catalog, labels: reply.labels, lang: reply.lang };
    },
    createGame: (kind, expansions, seats, options = {}) => call(() => client.createGame({ kind, expansions, seats, options })),
    game: (id) => call(() => client.game(id)),
    games: async (limit = 20) => {
        const reply = await fetch(`/games?limit=${limit}`);
        return reply.json();
    },
    /** Every event since the start as `token`'s seat (or a spectator) may see it. */
    events: async (id, token) => {
        const reply = await call(() => client.events(id, token, 0));
        return reply.events ?? [];
    },
    viewAt: (id, version) => call(() => client.view(id, null, version)),
    legalMoves: (id, token, minVersion) => call(() => client.legalMoves(id, token, minVersion)),
};
const FATAL = new Set(["unauthorized", "game_not_found", "invalid_after_version", "token_in_url"]);
/** One WebSocket session following a game as a seat (token) or a spectator (null): the
 * library's GameSession, which resumes after a drop from the last version it received. */
export class Follower {
    constructor(gameId, token, handlers) {
        this.handlers = handlers;
        const scheme = location.protocol === "https:" ? "wss" : "ws";
        // a seat asks for its legal moves with each update: no read per move
        this.session = new GameSession(`${scheme}://${location.host}`, gameId, token, (msg) => this.receive(msg), (err) => handlers.onClosed(err.message), 1000, token === null ? null : ["moves"]);
        this.session.start().catch((err) => handlers.onClosed(String(err)));
    }
    receive(msg) {
        switch (msg.type) {
            case "hello":
                this.handlers.onHello(msg);
                break;
            case "chat":
                this.handlers.onChat?.(msg);
                break;
            case "snapshot":
                this.handlers.onView(msg.version, msg.view, [], msg.clocks, msg.moves);
                break;
            case "update":
                this.handlers.onView(msg.version, msg.view, msg.events, msg.clocks, msg.moves);
                break;
            case "error":
                if (msg.request_id !== null && msg.request_id !== undefined)
                    break; // a command's
                if (FATAL.has(msg.error?.code)) { // the server closes: following again cannot help
                    this.session.stop();
                    this.handlers.onClosed(`${msg.error.code}: ${msg.error.message}`);
                }
                else {
                    this.handlers.onRejected(msg.error);
                }
                break;
            default: break;
        }
    }
    /** Send one command decided on `expectedVersion`; a refusal is shown, the update follows. */
    command(command, expectedVersion) {
        this.session.submit(expectedVersion, command).catch((err) => {
            const p = err instanceof PolisError ? err.problem : { code: "error", message: String(err) };
            this.handlers.onRejected(p);
        });
    }
    /** Say `text` at the table: the library's `GameSession.chat` on this game's socket;
     * resolves with the line's `seq`, or rejects with the service's refusal as an ApiError
     * (`chat_rate_limited`, `chat_closed`, `chat_read_only`, `invalid_chat_message`...). */
    async chat(text) {
        try {
            return await this.session.chat(text);
        }
        catch (err) {
            if (err instanceof PolisError) {
                const p = err.problem ?? {};
                throw new ApiError(err.status, p.code ?? `http_${err.status}`, p.message ?? p.detail ?? "", p.details ?? {});
            }
            throw err;
        }
    }
    close() { this.session.stop(); }
}
/** A JSON request on the page's own origin: the `polis_player` cookie (HttpOnly, set by
 * `POST /players`) goes with it, so a signed-in player's calls carry no token in script. */
export async function rest(method, path, body, token) {
    const init = { method, credentials: "same-origin", headers: {} };
    // a seat link's token goes in the header, never in the URL
    if (token)
        init.headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) {
        init.body = JSON.stringify(body);
        init.headers["Content-Type"] = "application/json";
    }
    const reply = await fetch(path, init);
    const text = await reply.text();
    let data = null;
    try {
        data = text ? JSON.parse(text) : null;
    }
    catch {
        data = null;
    }
    if (!reply.ok) {
        const p = data ?? {};
        throw new ApiError(reply.status, p.code ?? `http_${reply.status}`, p.message ?? p.detail ?? "", p.details ?? {});
    }
    return data;
}
/** A route of a part the service may not have yet: its 404 (or 405) reads as "missing". */
export function missingRoute(err) {
    return err instanceof ApiError && (err.status === 405 || (err.status === 404 && ["not_found", "http_404"].includes(err.code)));
}
/** A socket of the page's origin that comes back after a drop (`/lobby/ws`, `/players/me/ws`):
 * `follow` sends the login message (the cookie names the player). */
export class Feed {
    constructor(path, onMessage, follow, onRefused) {
        this.path = path;
        this.onMessage = onMessage;
        this.follow = follow;
        this.onRefused = onRefused;
        this.socket = null;
        this.stopped = false;
        this.wait = 500;
        this.open();
    }
    open() {
        const scheme = location.protocol === "https:" ? "wss" : "ws";
        const socket = new WebSocket(`${scheme}://${location.host}${this.path}`);
        this.socket = socket;
        socket.onopen = () => { this.wait = 500; if (this.follow)
            socket.send(JSON.stringify({ type: "follow", token: null })); };
        socket.onmessage = (e) => {
            let msg;
            try {
                msg = JSON.parse(String(e.data));
            }
            catch {
                return;
            }
            if (msg.type === "error" && (msg.error?.code === "player_required" || msg.error?.code === "unauthorized")) {
                this.stop();
                this.onRefused?.(msg);
                return;
            }
            this.onMessage(msg);
        };
        socket.onclose = () => {
            if (this.stopped)
                return;
            setTimeout(() => { if (!this.stopped)
                this.open(); }, this.wait);
            this.wait = Math.min(this.wait * 2, 10000);
        };
    }
    stop() { this.stopped = true; this.socket?.close(); }
}
