// Client of the Polis game service: REST calls typed by openapi.json, and a WebSocket
// session typed by asyncapi.yaml that resumes from the last version it saw.
import WebSocket from "ws";
import type { components } from "./generated/openapi.js";
import type { components as wsComponents } from "./generated/asyncapi.js";
import type { ErrorCode, RulesetName, Rulesets } from "./generated/rulesets.js";

export type { components, wsComponents, ErrorCode, RulesetName, Rulesets };
export { ERROR_CODES } from "./generated/rulesets.js";

type S = components["schemas"];
type W = wsComponents["schemas"];
export type Problem = S["ErrorBody"];
export type GameCreated = S["GameCreated"];
export type GameSummary = S["GameSummary"];
export type KindsOut = S["KindsOut"];
export type CatalogOut = S["CatalogOut"];
export type CommandAccepted = S["CommandAccepted"];
export type EventsOut = S["EventsOut"];

/** A view, legal moves and commands typed for one ruleset. */
export interface ViewOf<R extends RulesetName> { game_id: string; version: number; seat: number | null; view: Rulesets[R]["View"] }
export interface MovesOf<R extends RulesetName> { game_id: string; version: number; seat: number; moves: Rulesets[R]["Command"][] }

/** What a command's reply may carry of the game after it: the seat's legal moves and/or view. */
export type Include = NonNullable<S["SubmitCommand"]["include"]>[number];
/**
 * `next` of a command's reply (asked with `include`), typed for one ruleset: the version the
 * game is at, who may act there, and (when asked) the submitting seat's legal moves and view
 * at it. A bot still in `acting` plays its next move with no read: one request per move.
 */
export type NextOf<R extends RulesetName> = Omit<S["NextOut"], "moves" | "view"> & {
  moves?: Rulesets[R]["Command"][] | null; view?: Rulesets[R]["View"] | null;
};
export type CommandAcceptedOf<R extends RulesetName> = Omit<CommandAccepted, "next"> & { next?: NextOf<R> | null };
export type CommandAcceptedMessageOf<R extends RulesetName> = Omit<W["CommandAcceptedMessage"], "next"> & { next?: NextOf<R> | null };
/** A command's optional parts: `include` asks its reply for `next`. */
export interface SubmitOptions { idempotencyKey?: string; include?: Include[] }

export type ServerMessage =
  | W["Hello"] | W["Snapshot"] | W["Update"] | W["Heartbeat"] | W["Pong"]
  | W["CommandAcceptedMessage"] | W["CommandRejected"] | W["ErrorMessage"];
export type ClientMessage = W["FollowMessage"] | W["CommandMessage"] | W["PingMessage"];

/** The service refused a request: `code` is stable (see ERROR_CODES), `problem` the body. */
export class PolisError extends Error {
  constructor(readonly status: number, readonly problem: Problem) {
    super(`${status} ${problem.code}: ${problem.detail || problem.message}`);
  }
  get code(): string { return this.problem.code; }
}

/** An update did not start where the previous message ended. */
export class VersionGap extends Error {}

export class PolisClient {
  constructor(readonly baseUrl: string) {}

  private async call<T>(method: string, path: string, token?: string | null, body?: unknown): Promise<T> {
    const headers: Record<string, string> = {};
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const response = await fetch(this.baseUrl + path, {
      method, headers, body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = await response.json();
    if (!response.ok) throw new PolisError(response.status, data as Problem);
    return data as T;
  }

  kinds(): Promise<KindsOut> { return this.call("GET", "/kinds"); }

  catalog(kind: string, expansions: string[] = [], lang?: "en" | "fr" | "de"): Promise<CatalogOut> {
    const query = new URLSearchParams();
    if (expansions.length) query.set("expansions", expansions.join(","));
    if (lang) query.set("lang", lang);
    return this.call("GET", `/kinds/${encodeURIComponent(kind)}/catalog?${query}`);
  }

  /** Open a game, or a table when `token` is a player's and `body.seats` has `open` or
   * `player` seats (README, "Players and tables"). */
  createGame(body: S["CreateGame"], token?: string | null): Promise<GameCreated> {
    return this.call("POST", "/games", token, body);
  }

  /** Sign in as a guest: a new player and its secret token (act with it for its seats). */
  createPlayer(name: string): Promise<S["PlayerCreated"]> { return this.call("POST", "/players", null, { name }); }

  me(token: string): Promise<S["PlayerOut"]> { return this.call("GET", "/players/me", token); }

  /** Public tables waiting for players, with their free seats. */
  lobby(kind?: string, expansions?: string[]): Promise<S["Lobby"]> {
    const query = new URLSearchParams();
    if (kind) query.set("kind", kind);
    if (expansions) query.set("expansions", expansions.join(","));
    return this.call("GET", `/lobby?${query}`);
  }

  /** Take a seat (the first free one by default); `invite` for a private table. */
  join(gameId: string, token: string, seat?: number, invite?: string): Promise<S["Joined"]> {
    const body: S["JoinTable"] = {};
    if (seat !== undefined) body.seat = seat;
    if (invite !== undefined) body.invite = invite;
    return this.call("POST", `/games/${gameId}/join`, token, body);
  }

  leave(gameId: string, token: string): Promise<GameSummary> {
    return this.call("POST", `/games/${gameId}/leave`, token, {});
  }

  /** The host starts with the players seated (as few as the game allows). */
  startTable(gameId: string, token: string): Promise<GameSummary> {
    return this.call("POST", `/games/${gameId}/start`, token, {});
  }

  myGames(token: string, state?: "waiting" | "running" | "over"): Promise<S["MyGames"]> {
    return this.call("GET", `/players/me/games${state ? `?state=${state}` : ""}`, token);
  }

  /** Wait for a game with players of close ratings (README, "Ratings and matchmaking"). */
  fileTicket(token: string, body: S["NewTicket"]): Promise<S["Ticket"]> {
    return this.call("POST", "/matchmaking/tickets", token, body);
  }

  /** A ticket's state (`waiting`, `matched` with its `game_id`, `expired`, `cancelled`). */
  ticket(ticketId: string): Promise<S["Ticket"]> {
    return this.call("GET", `/matchmaking/tickets/${ticketId}`);
  }

  cancelTicket(ticketId: string, token: string): Promise<S["Ticket"]> {
    return this.call("DELETE", `/matchmaking/tickets/${ticketId}`, token);
  }

  /** A rating pool's board, best first (`around`: a player id, or `me` with `token`). */
  leaderboard(pool: string, options: { limit?: number; offset?: number; around?: string } = {},
              token?: string | null): Promise<S["Board"]> {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(options)) {
      if (value !== undefined) query.set(key, String(value));
    }
    return this.call("GET", `/leaderboards/${pool}?${query}`, token);
  }

  /** A player's public profile: games per kind, ratings per pool with their history. */
  player(playerId: string): Promise<S["PlayerProfile"]> {
    return this.call("GET", `/players/${playerId}`);
  }

  /** The game's summary; with `minVersion`, from that version or a later one, which the
   * server may answer from memory. */
  game(gameId: string, minVersion?: number): Promise<GameSummary> {
    const query = minVersion === undefined ? "" : `?min_version=${minVersion}`;
    return this.call("GET", `/games/${gameId}${query}`);
  }

  /** The view at `version` (undefined: the newest; with `minVersion`, from that version or a
   * later one, which the server may answer from memory). */
  view<R extends RulesetName>(gameId: string, token: string | null, version?: number,
    minVersion?: number): Promise<ViewOf<R>> {
    const query = minVersion === undefined ? "" : `?min_version=${minVersion}`;
    const path = version === undefined ? `/games/${gameId}/view${query}` : `/games/${gameId}/versions/${version}/view`;
    return this.call("GET", path, token);
  }

  /** The seat's moves; with `minVersion` (a version the caller knows) from that version or
   * a later one, which the server may answer from memory. */
  legalMoves<R extends RulesetName>(gameId: string, token: string, minVersion?: number): Promise<MovesOf<R>> {
    const query = minVersion === undefined ? "" : `?min_version=${minVersion}`;
    return this.call("GET", `/games/${gameId}/legal-moves${query}`, token);
  }

  /** Submit a command; with `include` its reply's `next` says what comes after it. */
  submit<R extends RulesetName>(gameId: string, token: string, expectedVersion: number,
    command: Rulesets[R]["Command"], options: SubmitOptions = {}): Promise<CommandAcceptedOf<R>> {
    const body: S["SubmitCommand"] = { expected_version: expectedVersion, command };
    if (options.idempotencyKey !== undefined) body.idempotency_key = options.idempotencyKey;
    if (options.include?.length) body.include = options.include;
    return this.call("POST", `/games/${gameId}/commands`, token, body);
  }

  events(gameId: string, token: string | null, afterVersion = 0): Promise<EventsOut> {
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
  version: number | null = null;
  readonly versions: number[] = [];
  reconnects = 0;
  private socket: WebSocket | null = null;
  private stopped = false;
  private counter = 0;
  private readonly replies = new Map<string, (m: ServerMessage) => void>();
  private opened: Promise<void> = Promise.resolve();

  /**
   * `include: ["moves"]` (seats only): the snapshot and each update that brings the session to
   * the game's latest version carry the seat's legal moves (`moves`), so no read is needed.
   */
  constructor(readonly wsBase: string, readonly gameId: string, readonly token: string | null,
    readonly onMessage: (m: ServerMessage) => void = () => {}, readonly onError: (e: Error) => void = () => {},
    readonly maxRetries = 5, readonly include: W["FollowMessage"]["include"] = null) {}

  start(): Promise<void> {
    this.opened = this.open(0);
    return this.opened;
  }

  private open(failures: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(`${this.wsBase}/games/${this.gameId}/ws`);
      this.socket = socket;
      socket.on("open", () => {
        const follow: W["FollowMessage"] = { type: "follow", token: this.token, after_version: this.version };
        if (this.include?.length) follow.include = this.include;
        socket.send(JSON.stringify(follow));
        resolve();
      });
      socket.on("message", (data) => {
        try {
          this.track(JSON.parse(data.toString()) as ServerMessage);
        } catch (error) {
          this.onError(error as Error);
        }
      });
      socket.on("error", (error) => { if (failures > this.maxRetries) reject(error); });
      socket.on("close", () => {
        if (this.stopped || this.socket !== socket) return;
        if (failures + 1 > this.maxRetries) {
          this.onError(new Error(`gave up after ${this.maxRetries} reconnects`));
          return;
        }
        this.reconnects += 1;
        this.opened = new Promise((r) => setTimeout(r, 50 * (failures + 1))).then(() => this.open(failures + 1));
      });
    });
  }

  private track(message: ServerMessage): void {
    if (message.type === "snapshot") {
      this.version = message.version;
    } else if (message.type === "update") {
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
    } else if (message.type === "command_accepted" || message.type === "command_rejected" || message.type === "error") {
      const reply = this.replies.get(message.request_id ?? "");
      if (reply) {
        this.replies.delete(message.request_id ?? "");
        reply(message);
      }
    }
    this.onMessage(message);
  }

  /** Close the socket as a network failure would: the session reconnects and resumes. */
  drop(): void { this.socket?.terminate(); }

  /**
   * Send a command over the socket; resolves with its `command_accepted` reply (with
   * `include`, its `next`; the `update` of the command's versions has been received first).
   */
  async submit<R extends RulesetName>(expectedVersion: number, command: Rulesets[R]["Command"],
    options: SubmitOptions = {}): Promise<CommandAcceptedMessageOf<R>> {
    await this.opened;
    const requestId = `r${++this.counter}`;
    const reply = new Promise<ServerMessage>((resolve) => this.replies.set(requestId, resolve));
    const message: W["CommandMessage"] = { type: "command", request_id: requestId, expected_version: expectedVersion, command };
    if (options.idempotencyKey !== undefined) message.idempotency_key = options.idempotencyKey;
    if (options.include?.length) message.include = options.include;
    this.socket?.send(JSON.stringify(message));
    const answer = await reply;
    if (answer.type === "command_accepted") return answer as CommandAcceptedMessageOf<R>;
    if (answer.type === "command_rejected" || answer.type === "error") {
      throw new PolisError(answer.error.status ?? 400, answer.error as Problem);
    }
    throw new Error(`unexpected reply ${answer.type}`);
  }

  stop(): void {
    this.stopped = true;
    this.socket?.close();
  }
}
