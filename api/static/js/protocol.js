// The page's protocol layer: REST calls and the WebSocket follow/command loop of
// openapi/websocket.md. Everything the page says to the service goes through this module,
// so it can be swapped for the TypeScript client library without touching the screens.
export class ApiError extends Error {
    constructor(status, code, message, details = {}) {
        super(message);
        this.status = status;
        this.code = code;
        this.details = details;
    }
}
async function call(method, path, token, body) {
    const headers = {};
    if (token)
        headers["Authorization"] = `Bearer ${token}`;
    if (body !== undefined)
        headers["Content-Type"] = "application/json";
    const reply = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await reply.text();
    const data = text ? JSON.parse(text) : null;
    if (!reply.ok) {
        const err = data && typeof data === "object" ? data : {};
        throw new ApiError(reply.status, err.code ?? "http_" + reply.status, err.message ?? err.detail ?? err.title ?? reply.statusText, err.details ?? {});
    }
    return data;
}
export const api = {
    kinds: () => call("GET", "/kinds"),
    /** The ruleset's data with names in `lang`, and the labels of its vocabularies. */
    catalog: async (kind, expansions, lang) => {
        const reply = await call("GET", `/kinds/${encodeURIComponent(kind)}/catalog?lang=${lang}` +
            (expansions.length ? `&expansions=${expansions.map(encodeURIComponent).join(",")}` : ""));
        return { ...reply.catalog, labels: reply.labels, lang: reply.lang };
    },
    createGame: (kind, expansions, seats, options = {}) => call("POST", "/games", null, { kind, expansions, seats, options }),
    game: (id) => call("GET", `/games/${id}`),
    games: (limit = 20) => call("GET", `/games?limit=${limit}`),
    view: (id, token) => call("GET", `/games/${id}/view`, token),
    viewAt: (id, version) => call("GET", `/games/${id}/versions/${version}/view`),
    legalMoves: (id, token) => call("GET", `/games/${id}/legal-moves`, token),
};
/** One WebSocket following a game as a seat (token) or a spectator (null); resumes on drop. */
export class Follower {
    constructor(gameId, token, handlers) {
        this.gameId = gameId;
        this.token = token;
        this.handlers = handlers;
        this.socket = null;
        this.version = null;
        this.closed = false;
        this.counter = 0;
        this.open();
    }
    open() {
        const scheme = location.protocol === "https:" ? "wss" : "ws";
        const socket = new WebSocket(`${scheme}://${location.host}/games/${this.gameId}/ws`);
        this.socket = socket;
        socket.onopen = () => {
            const follow = { type: "follow", token: this.token };
            if (this.version !== null)
                follow.after_version = this.version;
            socket.send(JSON.stringify(follow));
        };
        socket.onmessage = (e) => this.receive(JSON.parse(e.data));
        socket.onclose = (e) => {
            if (this.closed)
                return;
            if (e.code >= 4400 && e.code < 4500) {
                this.handlers.onClosed(e.reason || String(e.code));
                return;
            }
            setTimeout(() => { if (!this.closed)
                this.open(); }, 1000);
        };
    }
    receive(msg) {
        switch (msg.type) {
            case "hello":
                this.handlers.onHello(msg);
                break;
            case "snapshot":
                this.version = msg.version;
                this.handlers.onView(msg.version, msg.view, []);
                break;
            case "update":
                this.version = msg.version;
                this.handlers.onView(msg.version, msg.view, msg.events);
                break;
            case "command_rejected":
                this.handlers.onRejected(msg.error);
                break;
            case "error":
                this.handlers.onRejected(msg.error);
                break;
            default: break;
        }
    }
    /** Send one command decided on `expectedVersion`, with a fresh idempotency key. */
    command(command, expectedVersion) {
        this.counter += 1;
        const key = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${this.counter}`;
        this.socket?.send(JSON.stringify({
            type: "command", request_id: `c${this.counter}`, expected_version: expectedVersion,
            command, idempotency_key: key,
        }));
    }
    close() { this.closed = true; this.socket?.close(); }
}
