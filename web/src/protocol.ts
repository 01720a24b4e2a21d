// The page's protocol layer: REST calls and the WebSocket follow/command loop of
// openapi/websocket.md. Everything the page says to the service goes through this module,
// so it can be swapped for the TypeScript client library without touching the screens.

export type Json = any;

export class ApiError extends Error {
  constructor(public status: number, public code: string, message: string, public details: Json = {}) {
    super(message);
  }
}

export interface SeatSpec { name?: string; bot?: string }

export interface GameSummary {
  game_id: string; kind: string; expansions: string[]; options: Json;
  seats: { seat: number; name: string; bot?: string | null }[];
  version: number; over: boolean; summary: Json; created_at: string;
}

async function call(method: string, path: string, token?: string | null, body?: Json): Promise<Json> {
  const headers: Record<string, string> = {};
  if (token) headers["Authorization"] = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const reply = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await reply.text();
  const data = text ? JSON.parse(text) : null;
  if (!reply.ok) {
    const err = data && typeof data === "object" ? data : {};
    throw new ApiError(reply.status, err.code ?? "http_" + reply.status,
      err.message ?? err.detail ?? err.title ?? reply.statusText, err.details ?? {});
  }
  return data;
}

export const api = {
  kinds: (): Promise<Json> => call("GET", "/kinds"),
  /** The ruleset's data with names in `lang`, and the labels of its vocabularies. */
  catalog: async (kind: string, expansions: string[], lang: string): Promise<Json> => {
    const reply = await call("GET", `/kinds/${encodeURIComponent(kind)}/catalog?lang=${lang}` +
      (expansions.length ? `&expansions=${expansions.map(encodeURIComponent).join(",")}` : ""));
    return { ...reply.catalog, labels: reply.labels, lang: reply.lang };
  },
  createGame: (kind: string, expansions: string[], seats: SeatSpec[], options: Json = {}): Promise<Json> =>
    call("POST", "/games", null, { kind, expansions, seats, options }),
  game: (id: string): Promise<GameSummary> => call("GET", `/games/${id}`),
  games: (limit = 20): Promise<Json> => call("GET", `/games?limit=${limit}`),
  view: (id: string, token: string | null): Promise<Json> => call("GET", `/games/${id}/view`, token),
  viewAt: (id: string, version: number): Promise<Json> => call("GET", `/games/${id}/versions/${version}/view`),
  legalMoves: (id: string, token: string): Promise<Json> => call("GET", `/games/${id}/legal-moves`, token),
};

export interface FollowHandlers {
  onHello(msg: Json): void;
  onView(version: number, view: Json, events: Json[]): void;
  onRejected(error: Json): void;
  onClosed(reason: string): void;
}

/** One WebSocket following a game as a seat (token) or a spectator (null); resumes on drop. */
export class Follower {
  private socket: WebSocket | null = null;
  private version: number | null = null;
  private closed = false;
  private counter = 0;

  constructor(private gameId: string, private token: string | null, private handlers: FollowHandlers) {
    this.open();
  }

  private open(): void {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/games/${this.gameId}/ws`);
    this.socket = socket;
    socket.onopen = () => {
      const follow: Json = { type: "follow", token: this.token };
      if (this.version !== null) follow.after_version = this.version;
      socket.send(JSON.stringify(follow));
    };
    socket.onmessage = (e) => this.receive(JSON.parse(e.data));
    socket.onclose = (e) => {
      if (this.closed) return;
      if (e.code >= 4400 && e.code < 4500) { this.handlers.onClosed(e.reason || String(e.code)); return; }
      setTimeout(() => { if (!this.closed) this.open(); }, 1000);
    };
  }

  private receive(msg: Json): void {
    switch (msg.type) {
      case "hello": this.handlers.onHello(msg); break;
      case "snapshot": this.version = msg.version; this.handlers.onView(msg.version, msg.view, []); break;
      case "update": this.version = msg.version; this.handlers.onView(msg.version, msg.view, msg.events); break;
      case "command_rejected": this.handlers.onRejected(msg.error); break;
      case "error": this.handlers.onRejected(msg.error); break;
      default: break;
    }
  }

  /** Send one command decided on `expectedVersion`, with a fresh idempotency key. */
  command(command: Json, expectedVersion: number): void {
    this.counter += 1;
    const key = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${this.counter}`;
    this.socket?.send(JSON.stringify({
      type: "command", request_id: `c${this.counter}`, expected_version: expectedVersion,
      command, idempotency_key: key,
    }));
  }

  close(): void { this.closed = true; this.socket?.close(); }
}
