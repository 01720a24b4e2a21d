// The page's protocol layer: the TypeScript client library (clients/typescript) for REST
// and the WebSocket session, behind the few calls the screens make.

import { GameSession, PolisClient, PolisError } from "../../clients/typescript/src/index.js";

export type Json = any;

export class ApiError extends Error {
  constructor(public status: number, public code: string, message: string, public details: Json = {}) {
    super(message);
  }
}

export interface SeatSpec { name?: string; bot?: string }

/** One seat's clock as the service sends it (a game created with the `clock` option). */
export interface SeatClock {
  seat: number; remaining_seconds: number; running: boolean; deadline: string | null;
  timeouts_in_a_row: number; bot: boolean;
}

export interface GameSummary {
  game_id: string; kind: string; expansions: string[]; options: Json;
  seats: { seat: number; name: string; player?: string | null }[];
  version: number; over: boolean; summary: Json; created_at: string;
  clocks?: SeatClock[] | null; clocks_as_of?: string | null;
}

const client = new PolisClient(location.origin);

/** The library's refusals as the page shows them (code and sentence). */
async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (err) {
    if (err instanceof PolisError) {
      const p: Json = err.problem ?? {};
      throw new ApiError(err.status, p.code ?? `http_${err.status}`, p.message ?? p.detail ?? "", p.details ?? {});
    }
    throw err;
  }
}

export const api = {
  kinds: (): Promise<Json> => call(() => client.kinds()),
  /** The ruleset's data with names in `lang`, and the labels of its vocabularies. */
  catalog: async (kind: string, expansions: string[], lang: string): Promise<Json> => {
    const reply: Json = await call(() => client.catalog(kind, expansions, lang as "en" | "fr" | "de"));
    return { ...reply.catalog, labels: reply.labels, lang: reply.lang };
  },
  createGame: (kind: string, expansions: string[], seats: SeatSpec[], options: Json = {}): Promise<Json> =>
    call(() => client.createGame({ kind, expansions, seats, options } as Json)),
  game: (id: string): Promise<GameSummary> => call(() => client.game(id)) as Promise<Json>,
  games: async (limit = 20): Promise<Json> => {
    const reply = await fetch(`/games?limit=${limit}`);
    return reply.json();
  },
  /** Every event since the start as `token`'s seat (or a spectator) may see it. */
  events: async (id: string, token: string | null): Promise<Json[]> => {
    const reply: Json = await call(() => client.events(id, token, 0));
    return reply.events ?? [];
  },
  viewAt: (id: string, version: number): Promise<Json> => call(() => client.view(id, null, version)),
  legalMoves: (id: string, token: string, minVersion?: number): Promise<Json> =>
    call(() => client.legalMoves(id, token, minVersion)),
};

export interface FollowHandlers {
  onHello(msg: Json): void;
  /** `clocks`: the seats' clocks sent with this view (undefined when the message has none);
   * `moves`: the seat's legal moves at `version` when the server sent them (else undefined). */
  onView(version: number, view: Json, events: Json[], clocks?: SeatClock[] | null, moves?: Json[]): void;
  onRejected(error: Json): void;
  onClosed(reason: string): void;
  /** A table chat message pushed on the socket (a service with chat). */
  onChat?(msg: Json): void;
}

const FATAL = new Set(["unauthorized", "game_not_found", "invalid_after_version", "token_in_url"]);

/** One WebSocket session following a game as a seat (token) or a spectator (null): the
 * library's GameSession, which resumes after a drop from the last version it received. */
export class Follower {
  private session: GameSession;

  constructor(gameId: string, token: string | null, private handlers: FollowHandlers) {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    // a seat asks for its legal moves with each update: no read per move
    this.session = new GameSession(`${scheme}://${location.host}`, gameId, token,
      (msg: Json) => this.receive(msg), (err) => handlers.onClosed(err.message), 1000,
      token === null ? null : ["moves"]);
    this.session.start().catch((err) => handlers.onClosed(String(err)));
  }

  private receive(msg: Json): void {
    switch (msg.type) {
      case "hello": this.handlers.onHello(msg); break;
      case "chat": this.handlers.onChat?.(msg); break;
      case "snapshot": this.handlers.onView(msg.version, msg.view, [], msg.clocks, msg.moves); break;
      case "update": this.handlers.onView(msg.version, msg.view, msg.events, msg.clocks, msg.moves); break;
      case "error":
        if (msg.request_id !== null && msg.request_id !== undefined) break;  // a command's
        if (FATAL.has(msg.error?.code)) {  // the server closes: following again cannot help
          this.session.stop();
          this.handlers.onClosed(`${msg.error.code}: ${msg.error.message}`);
        } else {
          this.handlers.onRejected(msg.error);
        }
        break;
      default: break;
    }
  }

  /** Send one command decided on `expectedVersion`; a refusal is shown, the update follows. */
  command(command: Json, expectedVersion: number): void {
    this.session.submit(expectedVersion, command).catch((err) => {
      const p: Json = err instanceof PolisError ? err.problem : { code: "error", message: String(err) };
      this.handlers.onRejected(p);
    });
  }

  /** Say `text` at the table: the library's `GameSession.chat` on this game's socket;
   * resolves with the line's `seq`, or rejects with the service's refusal as an ApiError
   * (`chat_rate_limited`, `chat_closed`, `chat_read_only`, `invalid_chat_message`...). */
  async chat(text: string): Promise<number> {
    try {
      return await this.session.chat(text);
    } catch (err) {
      if (err instanceof PolisError) {
        const p: Json = err.problem ?? {};
        throw new ApiError(err.status, p.code ?? `http_${err.status}`, p.message ?? p.detail ?? "", p.details ?? {});
      }
      throw err;
    }
  }

  close(): void { this.session.stop(); }
}

/** A JSON request on the page's own origin: the `polis_player` cookie (HttpOnly, set by
 * `POST /players`) goes with it, so a signed-in player's calls carry no token in script. */
export async function rest(method: string, path: string, body?: Json, token?: string | null): Promise<Json> {
  const init: RequestInit = { method, credentials: "same-origin", headers: {} };
  // a seat link's token goes in the header, never in the URL
  if (token) (init.headers as Record<string, string>).Authorization = `Bearer ${token}`;
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)["Content-Type"] = "application/json";
  }
  const reply = await fetch(path, init);
  const text = await reply.text();
  let data: Json = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = null; }
  if (!reply.ok) {
    const p: Json = data ?? {};
    throw new ApiError(reply.status, p.code ?? `http_${reply.status}`, p.message ?? p.detail ?? "", p.details ?? {});
  }
  return data;
}

/** A route of a part the service may not have yet: its 404 (or 405) reads as "missing". */
export function missingRoute(err: unknown): boolean {
  return err instanceof ApiError && (err.status === 405 || (err.status === 404 && ["not_found", "http_404"].includes(err.code)));
}

/** A socket of the page's origin that comes back after a drop (`/lobby/ws`, `/players/me/ws`):
 * `follow` sends the login message (the cookie names the player). */
export class Feed {
  private socket: WebSocket | null = null;
  private stopped = false;
  private wait = 500;

  constructor(private readonly path: string, private readonly onMessage: (msg: Json) => void,
              private readonly follow: boolean, private readonly onRefused?: (msg: Json) => void) {
    this.open();
  }

  private open(): void {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}${this.path}`);
    this.socket = socket;
    socket.onopen = () => { this.wait = 500; if (this.follow) socket.send(JSON.stringify({ type: "follow", token: null })); };
    socket.onmessage = (e) => {
      let msg: Json;
      try { msg = JSON.parse(String(e.data)); } catch { return; }
      if (msg.type === "error" && (msg.error?.code === "player_required" || msg.error?.code === "unauthorized")) {
        this.stop(); this.onRefused?.(msg); return;
      }
      this.onMessage(msg);
    };
    socket.onclose = () => {
      if (this.stopped) return;
      setTimeout(() => { if (!this.stopped) this.open(); }, this.wait);
      this.wait = Math.min(this.wait * 2, 10000);
    };
  }

  stop(): void { this.stopped = true; this.socket?.close(); }
}
