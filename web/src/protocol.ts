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
  seats: { seat: number; name: string }[];
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

  close(): void { this.session.stop(); }
}
