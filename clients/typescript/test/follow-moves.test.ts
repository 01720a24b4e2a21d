// Sessions that follow with `include: ["moves"]` play a whole Duel game from their updates
// alone against a real server (POLIS_URL): each update that brings a seat to the latest version
// carries its legal moves, so a move is one message and nothing is read.
import { test } from "node:test";
import assert from "node:assert/strict";
import { GameSession, PolisClient, type ServerMessage } from "../src/index.js";

const base = process.env.POLIS_URL ?? "http://127.0.0.1:8000";
const wsBase = base.replace(/^http/, "ws");

test("two seats play a Duel game from the moves in their updates", async () => {
  const client = new PolisClient(base);
  const created = await client.createGame({ kind: "duel", seats: [{ name: "a" }, { name: "b" }], seed: 41 });
  const gameId = created.game.game_id;
  const latest: (ServerMessage | null)[] = [null, null];
  const errors: Error[] = [];
  const sessions = created.seats.map((s, seat) => new GameSession(wsBase, gameId, s.token,
    (m) => { if (m.type === "snapshot" || m.type === "update") latest[seat] = m; }, (e) => errors.push(e), 5, ["moves"]));
  for (const session of sessions) await session.start();
  const version = async (at: number) => {
    for (let i = 0; i < 500 && sessions.some((s) => (s.version ?? -1) < at); i++) await new Promise((r) => setTimeout(r, 10));
  };
  await version(created.game.version);
  let s = 7;
  const rng = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
  let moves = 0;
  try {
    for (;;) {
      const acting = latest.map((m, seat) => ({ seat, m })).filter(({ m }) =>
        m !== null && (m.type === "snapshot" || m.type === "update") && (m.moves?.length ?? 0) > 0);
      if (!acting.length) break;  // over: nobody has a move
      const { seat, m } = acting[Math.floor(rng() * acting.length)]!;
      assert.ok(m && (m.type === "snapshot" || m.type === "update") && m.moves);
      const reply = await sessions[seat]!.submit(m.version, m.moves[Math.floor(rng() * m.moves.length)]!);
      moves += 1;
      await version(reply.version);
    }
  } finally {
    for (const session of sessions) session.stop();
  }
  const game = await client.game(gameId);
  assert.equal(game.over, true, `the game ended after ${moves} moves`);
  assert.deepEqual(errors, []);
});
