// Client of the Polis game service: REST calls typed by openapi.json, and a WebSocket
// session typed by asyncapi.yaml that resumes from the last version it saw.
import WebSocket from "ws";
export { ERROR_CODES } from "./generated/rulesets.js";
/** The service refused a request: `code` is stable (see ERROR_CODES), `problem` the body. */
export class PolisError extends Error {
    constructor(status, problem) {
        super(`${status} ${problem.code}: ${problem.detail || problem.message}`);
        this.status = status;
        this.problem = problem;
    }
    get code() { return this.problem.code; }
}
/** An update did not start where the previous message ended. */
export class VersionGap extends Error {
}
export class PolisClient {
    constructor(baseUrl) {
        this.baseUrl = baseUrl;
    }
    async request(method, path, token, body) {
        const headers = {};
        if (token)
            headers.Authorization = `Bearer ${token}`;
        if (body !== undefined)
            headers["Content-Type"] = "application/json";
        const response = await fetch(this.baseUrl + path, {
            method, headers, body: body === undefined ? undefined : JSON.stringify(body),
        });
        const data = response.status === 204 ? undefined : await response.json();
        if (!response.ok)
            throw new PolisError(response.status, data);
        return { status: response.status, data: data };
    }
    async call(method, path, token, body) {
        return (await this.request(method, path, token, body)).data;
    }
    kinds() { return this.call("GET", "/kinds"); }
    catalog(kind, expansions = [], lang) {
        const query = new URLSearchParams();
        if (expansions.length)
            query.set("expansions", expansions.join(","));
        if (lang)
            query.set("lang", lang);
        return this.call("GET", `/kinds/${encodeURIComponent(kind)}/catalog?${query}`);
    }
    /** Open a game, or a table when `token` is a player's and `body.seats` has `open` or
     * `player` seats (README, "Players and tables"). */
    createGame(body, token) {
        return this.call("POST", "/games", token, body);
    }
    /** Sign in as a guest: a new player and its secret token (act with it for its seats). */
    createPlayer(name) { return this.call("POST", "/players", null, { name }); }
    me(token) { return this.call("GET", "/players/me", token); }
    /** Public tables waiting for players, with their free seats. */
    lobby(kind, expansions) {
        const query = new URLSearchParams();
        if (kind)
            query.set("kind", kind);
        if (expansions)
            query.set("expansions", expansions.join(","));
        return this.call("GET", `/lobby?${query}`);
    }
    /** Take a seat (the first free one by default); `invite` for a private table. */
    join(gameId, token, seat, invite) {
        const body = {};
        if (seat !== undefined)
            body.seat = seat;
        if (invite !== undefined)
            body.invite = invite;
        return this.call("POST", `/games/${gameId}/join`, token, body);
    }
    leave(gameId, token) {
        return this.call("POST", `/games/${gameId}/leave`, token, {});
    }
    /** The host starts with the players seated (as few as the game allows). */
    startTable(gameId, token) {
        return this.call("POST", `/games/${gameId}/start`, token, {});
    }
    myGames(token, state) {
        return this.call("GET", `/players/me/games${state ? `?state=${state}` : ""}`, token);
    }
    /** The host frees a seat's player before the start (the seat opens). */
    removeFromTable(gameId, token, seat) {
        return this.call("DELETE", `/games/${gameId}/seats/${seat}`, token);
    }
    /** The host's new invitation code for a private table (the previous one stops working). */
    newInvitation(gameId, token) {
        return this.call("POST", `/games/${gameId}/invite`, token);
    }
    /** No invitation code works for the host's private table any more. */
    async revokeInvitation(gameId, token) {
        await this.call("DELETE", `/games/${gameId}/invite`, token);
    }
    /**
     * After a game, one of its players asks for a rematch: a private table with the same seats,
     * hosted by the asker, the others invited to theirs (told `invitation` on the player
     * socket). Once per game: a second request, from anyone, gets the same table (`opened`
     * false; true when this request opened it).
     */
    async requestRematch(gameId, token) {
        const { status, data } = await this.request("POST", `/games/${gameId}/rematch`, token);
        return { ...data, opened: status === 201 };
    }
    /** The rematch of a finished game, once a player asked for it (404 `no_rematch` before). */
    rematch(gameId) { return this.call("GET", `/games/${gameId}/rematch`); }
    /** Turn down the seat a table reserved for me (an invitation): the seat opens. */
    decline(gameId, token) {
        return this.call("POST", `/games/${gameId}/decline`, token);
    }
    /** The waiting tables with a seat reserved for me (rematches, hosts' invitations). */
    myInvitations(token) {
        return this.call("GET", "/players/me/invitations", token);
    }
    /** Wait for a game with players of close ratings (README, "Ratings and matchmaking"). */
    fileTicket(token, body) {
        return this.call("POST", "/matchmaking/tickets", token, body);
    }
    /** A ticket's state (`waiting`, `matched` with its `game_id`, `expired`, `cancelled`). */
    ticket(ticketId) {
        return this.call("GET", `/matchmaking/tickets/${ticketId}`);
    }
    cancelTicket(ticketId, token) {
        return this.call("DELETE", `/matchmaking/tickets/${ticketId}`, token);
    }
    /** A rating pool's board, best first (`around`: a player id, or `me` with `token`). */
    leaderboard(pool, options = {}, token) {
        const query = new URLSearchParams();
        for (const [key, value] of Object.entries(options)) {
            if (value !== undefined)
                query.set(key, String(value));
        }
        return this.call("GET", `/leaderboards/${pool}?${query}`, token);
    }
    /** A player's public profile: games per kind, ratings per pool with their history. */
    player(playerId) {
        return this.call("GET", `/players/${playerId}`);
    }
    /** The game's summary; with `minVersion`, from that version or a later one, which the
     * server may answer from memory. */
    game(gameId, minVersion) {
        const query = minVersion === undefined ? "" : `?min_version=${minVersion}`;
        return this.call("GET", `/games/${gameId}${query}`);
    }
    /** The view at `version` (undefined: the newest; with `minVersion`, from that version or a
     * later one, which the server may answer from memory). */
    view(gameId, token, version, minVersion) {
        const query = minVersion === undefined ? "" : `?min_version=${minVersion}`;
        const path = version === undefined ? `/games/${gameId}/view${query}` : `/games/${gameId}/versions/${version}/view`;
        return this.call("GET", path, token);
    }
    /** The seat's moves; with `minVersion` (a version the caller knows) from that version or
     * a later one, which the server may answer from memory. */
    legalMoves(gameId, token, minVersion) {
        const query = minVersion === undefined ? "" : `?min_version=${minVersion}`;
        return this.call("GET", `/games/${gameId}/legal-moves${query}`, token);
    }
    /** Submit a command; with `include` its reply's `next` says what comes after it. */
    submit(gameId, token, expectedVersion, command, options = {}) {
        const body = { expected_version: expectedVersion, command };
        if (options.idempotencyKey !== undefined)
            body.idempotency_key = options.idempotencyKey;
        if (options.include?.length)
            body.include = options.include;
        return this.call("POST", `/games/${gameId}/commands`, token, body);
    }
    events(gameId, token, afterVersion = 0) {
        return this.call("GET", `/games/${gameId}/events?after_version=${afterVersion}`, token);
    }
}
/**
 * Follows one game as a seat (its token) or a spectator (null). The token goes in the
 * first `follow` message, never in the URL. When the socket drops the session reconnects
 * and follows again after the last version it received, so the server sends exactly what
 * was missed; each update is checked to start where the last one ended.
 */
export class GameSession {
    /**
     * `include: ["moves"]` (seats only): the snapshot and each update that brings the session to
     * the game's latest version carry the seat's legal moves (`moves`), so no read is needed.
     */
    constructor(wsBase, gameId, token, onMessage = () => { }, onError = () => { }, maxRetries = 5, include = null) {
        this.wsBase = wsBase;
        this.gameId = gameId;
        this.token = token;
        this.onMessage = onMessage;
        this.onError = onError;
        this.maxRetries = maxRetries;
        this.include = include;
        this.version = null;
        this.versions = [];
        this.reconnects = 0;
        this.socket = null;
        this.stopped = false;
        this.counter = 0;
        this.replies = new Map();
        this.opened = Promise.resolve();
    }
    start() {
        this.opened = this.open(0);
        return this.opened;
    }
    open(failures) {
        return new Promise((resolve, reject) => {
            const socket = new WebSocket(`${this.wsBase}/games/${this.gameId}/ws`);
            this.socket = socket;
            socket.on("open", () => {
                const follow = { type: "follow", token: this.token, after_version: this.version };
                if (this.include?.length)
                    follow.include = this.include;
                socket.send(JSON.stringify(follow));
                resolve();
            });
            socket.on("message", (data) => {
                try {
                    this.track(JSON.parse(data.toString()));
                }
                catch (error) {
                    this.onError(error);
                }
            });
            socket.on("error", (error) => { if (failures > this.maxRetries)
                reject(error); });
            socket.on("close", () => {
                if (this.stopped || this.socket !== socket)
                    return;
                if (failures + 1 > this.maxRetries) {
                    this.onError(new Error(`gave up after ${this.maxRetries} reconnects`));
                    return;
                }
                this.reconnects += 1;
                this.opened = new Promise((r) => setTimeout(r, 50 * (failures + 1))).then(() => this.open(failures + 1));
            });
        });
    }
    track(message) {
        if (message.type === "snapshot") {
            this.version = message.version;
        }
        else if (message.type === "update") {
            if (this.version !== null && message.after_version !== this.version) {
                throw new VersionGap(`update after ${message.after_version}, last seen ${this.version}`);
            }
            message.events.forEach((event, i) => {
                if (event.version !== message.after_version + i + 1) {
                    throw new VersionGap(`update ${message.after_version}..${message.version} has ${event.version}`);
                }
                this.versions.push(event.version);
            });
            this.version = message.version;
        }
        else if (message.type === "command_accepted" || message.type === "command_rejected" || message.type === "error"
            || message.type === "chat_accepted") {
            const reply = this.replies.get(message.request_id ?? "");
            if (reply) {
                this.replies.delete(message.request_id ?? "");
                reply(message);
            }
        }
        this.onMessage(message);
    }
    /** Close the socket as a network failure would: the session reconnects and resumes. */
    drop() { this.socket?.terminate(); }
    /**
     * Send a command over the socket; resolves with its `command_accepted` reply (with
     * `include`, its `next`; the `update` of the command's versions has been received first).
     */
    async submit(expectedVersion, command, options = {}) {
        await this.opened;
        const requestId = `r${++this.counter}`;
        const reply = new Promise((resolve) => this.replies.set(requestId, resolve));
        const message = { type: "command", request_id: requestId, expected_version: expectedVersion, command };
        if (options.idempotencyKey !== undefined)
            message.idempotency_key = options.idempotencyKey;
        if (options.include?.length)
            message.include = options.include;
        this.socket?.send(JSON.stringify(message));
        const answer = await reply;
        if (answer.type === "command_accepted")
            return answer;
        if (answer.type === "command_rejected" || answer.type === "error") {
            throw new PolisError(answer.error.status ?? 400, answer.error);
        }
        throw new Error(`unexpected reply ${answer.type}`);
    }
    /**
     * Say `text` at the table (its chat: stored outside the game's events, pushed to everyone
     * following as a `chat` message); resolves with the line's number, `seq`.
     */
    async chat(text) {
        await this.opened;
        const requestId = `r${++this.counter}`;
        const reply = new Promise((resolve) => this.replies.set(requestId, resolve));
        const message = { type: "chat", request_id: requestId, text };
        this.socket?.send(JSON.stringify(message));
        const answer = await reply;
        if (answer.type === "chat_accepted")
            return answer.seq;
        if (answer.type === "error")
            throw new PolisError(answer.error.status ?? 400, answer.error);
        throw new Error(`unexpected reply ${answer.type}`);
    }
    stop() {
        this.stopped = true;
        this.socket?.close();
    }
}
/**
 * A socket of notices as an async iterator of typed messages, reconnecting when it drops (the
 * player and lobby sockets tell again on connecting whatever stands: turns waiting,
 * invitations, the lobby). Messages are queued from `open` to `close`, so nothing is lost
 * between two loops over the feed; a type this client does not know (a newer server's) is
 * skipped. A refusal (an `error` with no `request_id`) ends the iteration with a `PolisError`.
 */
export class Feed {
    /** `known`: the message types this client decodes; others (a newer server's) are skipped. */
    constructor(url, first, known, maxRetries = 5) {
        this.url = url;
        this.first = first;
        this.known = known;
        this.maxRetries = maxRetries;
        this.reconnects = 0;
        this.socket = null;
        this.stopped = false;
        this.failure = null;
        this.counter = 0;
        this.queue = [];
        this.waiting = [];
        this.failing = [];
        this.pings = new Map();
    }
    /** Connect (and log in); resolves once the socket is open. */
    open() { return this.connect(0); }
    connect(failures) {
        return new Promise((resolve, reject) => {
            const socket = new WebSocket(this.url);
            this.socket = socket;
            let opened = false;
            socket.on("open", () => {
                opened = true;
                if (this.first)
                    socket.send(JSON.stringify(this.first));
                resolve();
            });
            socket.on("message", (data) => {
                failures = 0;
                this.receive(JSON.parse(data.toString()));
            });
            socket.on("error", (error) => { if (!opened)
                reject(error); });
            socket.on("close", () => {
                if (this.socket !== socket)
                    return;
                if (this.stopped)
                    return this.end();
                if (failures + 1 > this.maxRetries)
                    return this.fail(new Error(`${this.url}: gave up after ${this.maxRetries} reconnects`));
                this.reconnects += 1;
                setTimeout(() => { this.connect(failures + 1).catch(() => { }); }, 50 * (failures + 1));
            });
        });
    }
    track(message) {
        const typed = message;
        if (typed.type === "pong" || typed.type === "error") {
            const ping = this.pings.get(typed.request_id ?? "");
            if (ping) {
                this.pings.delete(typed.request_id ?? "");
                if (typed.type === "pong")
                    ping.resolve(typed);
                else
                    ping.reject(new PolisError(typed.error.status ?? 400, typed.error));
            }
            else if (typed.type === "error" && typed.request_id === null) {
                this.stopped = true; // refused: the server closes the socket
                this.fail(new PolisError(typed.error.status ?? 400, typed.error));
            }
        }
    }
    receive(message) {
        if (!this.known.includes(message.type))
            return;
        this.track(message);
        if (this.failure)
            return;
        const waiter = this.waiting.shift();
        if (waiter) {
            this.failing.shift();
            waiter({ value: message, done: false });
        }
        else {
            this.queue.push(message);
        }
    }
    end() {
        this.stopped = true;
        this.failing.splice(0);
        for (const waiter of this.waiting.splice(0))
            waiter({ value: undefined, done: true });
    }
    fail(error) {
        this.failure = error;
        this.waiting.splice(0);
        for (const reject of this.failing.splice(0))
            reject(error);
    }
    /** The next message (done once the feed is closed and its messages taken). */
    next() {
        const queued = this.queue.shift();
        if (queued !== undefined)
            return Promise.resolve({ value: queued, done: false });
        if (this.failure)
            return Promise.reject(this.failure);
        if (this.stopped)
            return Promise.resolve({ value: undefined, done: true });
        return new Promise((resolve, reject) => { this.waiting.push(resolve); this.failing.push(reject); });
    }
    [Symbol.asyncIterator]() {
        return { next: () => this.next(), return: async () => ({ value: undefined, done: true }) };
    }
    /** Ask for a `pong` and wait for it (it is also among the messages iterated). */
    ping(timeoutMs = 10000) {
        const requestId = `p${++this.counter}`;
        return new Promise((resolve, reject) => {
            const timer = setTimeout(() => { this.pings.delete(requestId); reject(new Error("no pong")); }, timeoutMs);
            this.pings.set(requestId, {
                resolve: (m) => { clearTimeout(timer); resolve(m); },
                reject: (e) => { clearTimeout(timer); reject(e); },
            });
            const ping = { type: "ping", request_id: requestId };
            this.socket?.send(JSON.stringify(ping));
        });
    }
    /** Close the socket as a network failure would: the feed reconnects and is told again. */
    drop() { this.socket?.terminate(); }
    close() {
        this.stopped = true;
        this.socket?.close();
        this.end();
    }
}
/**
 * One player's socket (`/players/me/ws`): `your_turn`, `table`, `game_over`, `invitation`,
 * `heartbeat` (and `pong`) for every game the player holds a seat in. The token (a player's,
 * or a JWT; not a seat token) goes in the first `follow` message, never in the URL.
 */
export class PlayerFeed extends Feed {
    constructor(wsBase, token, maxRetries = 5) {
        super(`${wsBase.replace(/\/$/, "")}/players/me/ws`, { type: "follow", token }, ["hello", "your_turn", "table", "game_over", "invitation", "heartbeat", "pong", "error"], maxRetries);
        /** The last `hello`: who the socket logged in as. */
        this.hello = null;
    }
    /** A player socket, connected. */
    static async connect(wsBase, token) {
        const feed = new PlayerFeed(wsBase, token);
        await feed.open();
        return feed;
    }
    track(message) {
        super.track(message);
        if (message.type === "hello")
            this.hello = message;
    }
}
/**
 * The lobby socket (`/lobby/ws?kind=`): the public tables waiting for players, then each
 * change (`opened`, `filling`, `started`, `closed`). `tables` keeps the lobby as it stands.
 */
export class LobbyFeed extends Feed {
    constructor(wsBase, kind, maxRetries = 5) {
        const query = kind ? `?${new URLSearchParams({ kind })}` : "";
        super(`${wsBase.replace(/\/$/, "")}/lobby/ws${query}`, null, ["lobby", "lobby_table", "heartbeat", "pong", "error"], maxRetries);
        /** The tables in the lobby by game id, as the messages so far leave it. */
        this.tables = new Map();
    }
    /** A lobby socket, connected. */
    static async connect(wsBase, kind) {
        const feed = new LobbyFeed(wsBase, kind);
        await feed.open();
        return feed;
    }
    track(message) {
        super.track(message);
        if (message.type === "lobby") {
            this.tables.clear();
            for (const table of message.tables)
                this.tables.set(table.game.game_id, table);
        }
        else if (message.type === "lobby_table") {
            const id = message.table.game.game_id;
            if (message.change === "started" || message.change === "closed")
                this.tables.delete(id);
            else
                this.tables.set(id, message.table);
        }
    }
}
