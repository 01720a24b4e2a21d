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
    async call(method, path, token, body) {
        const headers = {};
        if (token)
            headers.Authorization = `Bearer ${token}`;
        if (body !== undefined)
            headers["Content-Type"] = "application/json";
        const response = await fetch(this.baseUrl + path, {
            method, headers, body: body === undefined ? undefined : JSON.stringify(body),
        });
        const data = await response.json();
        if (!response.ok)
            throw new PolisError(response.status, data);
        return data;
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
        else if (message.type === "command_accepted" || message.type === "command_rejected" || message.type === "error") {
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
    stop() {
        this.stopped = true;
        this.socket?.close();
    }
}
