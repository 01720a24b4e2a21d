// Plays one complete game of every ruleset GET /kinds lists against a real server (its
// URL in POLIS_URL; the repository's tests start one and run this), with random legal
// moves, drops both sockets twice and checks they resume with no version gap.
import { test } from "node:test";
import assert from "node:assert/strict";
import { GameSession, PolisClient, PolisError, type RulesetName, type ServerMessage } from "../src/index.js";

const base = process.env.POLIS_URL ?? "http://127.0.0.1:8000";
const wsBase = base.replace(/^http/, "ws");

function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

const waitFor = async (check: () => boolean, ms = 15000): Promise<void> => {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
};

async function play(client: PolisClient, kind: string, expansions: string[], seats: number, rng: () => number): Promise<number> {
  const ruleset = [kind, ...expansions].join("+") as RulesetName;
  const created = await client.createGame({
    kind, expansions, seats: Array.from({ length: seats }, (_, i) => ({ name: `p${i}` })),
    seed: Math.floor(rng() * 2 ** 31), options: {},
  });
  const gameId = created.game.game_id;
  const tokens = created.seats.map((s) => s.token);
  const errors: Error[] = [];
  const seen: ServerMessage[] = [];
  const spectator = new GameSession(wsBase, gameId, null, (m) => seen.push(m), (e) => errors.push(e));
  const player = new GameSession(wsBase, gameId, tokens[0]!, () => {}, (e) => errors.push(e));
  await spectator.start();
  await player.start();
  let summary = created.game;
  let commands = 0;
  try {
    while (!summary.over) {
      const acting = summary.summary.acting as number[];
      const seat = acting[Math.floor(rng() * acting.length)]!;
      const moves = await client.legalMoves<typeof ruleset>(gameId, tokens[seat]!);
      if (moves.moves.length) {
        const move = moves.moves[Math.floor(rng() * moves.moves.length)]!;
        try {
          if (seat === 0 && commands % 2 && player.version !== null) await player.submit(moves.version, move);
          else await client.submit(gameId, tokens[seat]!, moves.version, move);
        } catch (error) {
          assert.ok(error instanceof PolisError && error.code === "version_conflict", String(error));
        }
        commands += 1;
        if (commands === 5 || commands === 23) {
          spectator.drop();
          player.drop();
        }
      }
      summary = await client.game(gameId);
    }
    await waitFor(() => spectator.version === summary.version && player.version === summary.version);
  } finally {
    spectator.stop();
    player.stop();
  }
  assert.deepEqual(errors, []);
  const snapshot = seen.find((m) => m.type === "snapshot");
  assert.ok(snapshot && snapshot.type === "snapshot");
  const expected = Array.from({ length: summary.version - snapshot.version }, (_, i) => snapshot.version + i + 1);
  assert.deepEqual(spectator.versions, expected, "every version once, no gap");
  assert.ok(spectator.reconnects >= 2 && player.reconnects >= 2);
  const final = await client.view<typeof ruleset>(gameId, null);
  const last = seen.filter((m) => m.type === "update").pop();
  assert.ok(last && last.type === "update");
  assert.deepEqual(final.view, last.view);
  return commands;
}

test("plays one complete game of every ruleset, resuming dropped sockets", async () => {
  const client = new PolisClient(base);
  const { kinds } = await client.kinds();
  const games = kinds.flatMap((kind) => kind.rulesets.map((expansions) => ({
    kind: kind.kind, expansions, seats: Math.min(Math.max(kind.min_seats, 3), kind.max_seats),
  })));
  // the games at once: each mostly waits on the server
  const commands = await Promise.all(games.map((g, i) => play(client, g.kind, g.expansions, g.seats, random(16 + i))));
  for (const n of commands) assert.ok(n > 10);
  const played = games.map((g) => [g.kind, ...g.expansions].join("+"));
  for (const name of ["duel", "duel+agora", "7wonders"]) assert.ok(played.includes(name), name);
  const catalog = await client.catalog("duel", [], "fr");
  assert.equal((catalog.catalog.cards as { name: string }[])[0]!.name, "Chantier");
});
