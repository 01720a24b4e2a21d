// A bot loop with `include` against a real server (POLIS_URL): every command's reply carries
// `next` (who acts, the seat's legal moves and view at the new version), so a move is one
// request when the same seat acts again and a read of the moves only when the turn passes.
// One complete game of every ruleset over REST, and one over the WebSocket (a session per seat).
import { test } from "node:test";
import assert from "node:assert/strict";
import { GameSession, PolisClient, type NextOf, type RulesetName, type Rulesets, type ServerMessage } from "../src/index.js";

const base = process.env.POLIS_URL ?? "http://127.0.0.1:8000";
const wsBase = base.replace(/^http/, "ws");

function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

type Send = (seat: number, version: number, move: Rulesets[RulesetName]["Command"]) => Promise<{ version: number; next?: NextOf<RulesetName> | null }>;
interface Played { name: string; commands: number; reads: number; checked: number }

async function play(client: PolisClient, kind: string, expansions: string[], seats: number, rng: () => number, overWs: boolean): Promise<Played> {
  const name = [kind, ...expansions].join("+") + (overWs ? " over WebSocket" : " over REST");
  const created = await client.createGame({
    kind, expansions, seats: Array.from({ length: seats }, (_, i) => ({ name: `p${i}` })),
    seed: Math.floor(rng() * 2 ** 31), options: {},
  });
  const gameId = created.game.game_id;
  const tokens = created.seats.map((s) => s.token);
  const errors: Error[] = [];
  const updates: ServerMessage[][] = tokens.map(() => []);
  const sessions = overWs ? tokens.map((token, seat) => new GameSession(wsBase, gameId, token,
    (m) => { if (m.type === "update") updates[seat]!.push(m); }, (e) => errors.push(e))) : [];
  for (const session of sessions) await session.start();
  const include = ["moves", "view"] as const;
  const send: Send = overWs
    ? async (seat, version, move) => {
      const reply = await sessions[seat]!.submit(version, move, { include: [...include] });
      // the update of the command's versions came first, with the same view
      const update = updates[seat]!.at(-1);
      assert.ok(update && update.type === "update");
      assert.equal(sessions[seat]!.version, reply.version);
      assert.equal(update.version, reply.version);
      assert.deepEqual(update.view, reply.next?.view);
      return reply;
    }
    : (seat, version, move) => client.submit(gameId, tokens[seat]!, version, move, { include: [...include] });
  const played: Played = { name, commands: 0, reads: 0, checked: 0 };
  let acting = created.game.summary.acting as number[];
  let version = created.game.version;
  let seat = -1;
  let listed: Rulesets[RulesetName]["Command"][] = [];
  let last: NextOf<RulesetName> | null | undefined = null;
  try {
    while (acting.length) {
      if (!acting.includes(seat)) {  // the turn passed: the new seat's moves are one read
        seat = acting[Math.floor(rng() * acting.length)]!;
        const read = await client.legalMoves(gameId, tokens[seat]!, version);
        assert.equal(read.version, version, name);  // the version it knows: nobody else plays
        played.reads += 1;
        listed = read.moves;
        version = read.version;
      }
      assert.ok(listed.length, `${name}: seat ${seat} acts at ${version} with no legal move`);
      const reply = await send(seat, version, listed[Math.floor(rng() * listed.length)]!);
      played.commands += 1;
      last = reply.next;
      assert.ok(last && last.version === reply.version && last.moves && last.view, name);
      if (played.commands % 9 === 0) {  // the reply is what the separate reads answer
        const moves = await client.legalMoves(gameId, tokens[seat]!);
        const view = await client.view(gameId, tokens[seat]!, undefined, last.version);
        assert.equal(moves.version, last.version);
        assert.equal(view.version, last.version);
        assert.deepEqual(moves.moves, last.moves);
        assert.deepEqual(view.view, last.view);
        played.checked += 1;
      }
      acting = last.acting;
      listed = last.moves;
      version = last.version;
    }
  } finally {
    for (const session of sessions) session.stop();
  }
  assert.deepEqual(errors, []);
  const summary = await client.game(gameId);
  assert.ok(summary.over && last && summary.version === last.version, name);
  return played;
}

test("a bot plays every ruleset with include, one request per move while its turn goes on", async () => {
  const client = new PolisClient(base);
  const { kinds } = await client.kinds();
  const games = kinds.flatMap((kind) => kind.rulesets.flatMap((expansions) => [false, true].map((overWs) => ({
    kind: kind.kind, expansions, seats: Math.min(Math.max(kind.min_seats, 3), kind.max_seats), overWs,
  }))));
  // the games at once: each mostly waits on the server
  const outcomes = await Promise.all(games.map((g, i) => play(client, g.kind, g.expansions, g.seats, random(40 + i), g.overWs)));
  assert.ok(outcomes.some((p) => p.name === "duel over WebSocket") && outcomes.some((p) => p.name === "7wonders over REST"));
  for (const p of outcomes) {
    assert.ok(p.commands > 10 && p.checked > 0, JSON.stringify(p));
    // a read only when the turn passed: the seat that acts again moves on its reply
    assert.ok(p.reads < p.commands, JSON.stringify(p));
  }
  console.log(Object.fromEntries(outcomes.map((p) => [p.name, +(1 + p.reads / p.commands).toFixed(2)])), "requests per move");
});
