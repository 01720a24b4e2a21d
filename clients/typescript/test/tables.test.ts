// Players and tables against a real server (POLIS_URL): two guests meet through the lobby,
// the table starts when the second joins, and they play a Duel to the end with their player
// tokens only; "my games" then lists it as over.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PolisClient, PolisError } from "../src/index.js";

const base = process.env.POLIS_URL ?? "http://127.0.0.1:8000";

test("two guests meet at a table and play it to the end", async () => {
  const polis = new PolisClient(base);
  const host = await polis.createPlayer("Host");
  const guest = await polis.createPlayer("Guest");
  assert.equal((await polis.me(guest.token)).name, "Guest");
  const table = await polis.createGame(
    { kind: "duel", visibility: "public", seats: [{ player: host.player_id }, { open: true }] }, host.token);
  const gameId = table.game.game_id;
  assert.ok(table.game.waiting);
  const listed = (await polis.lobby("duel")).tables.find((t) => t.game.game_id === gameId);
  assert.deepEqual(listed?.free, [1]);
  const joined = await polis.join(gameId, guest.token);
  assert.equal(joined.seat, 1);
  const tokens = [host.token, guest.token];
  let game = joined.game;
  while (!game.over) {
    for (const seat of game.summary.acting as number[]) {
      const moves = await polis.legalMoves(gameId, tokens[seat]!);
      if (!moves.moves.length) continue;
      try {
        await polis.submit(gameId, tokens[seat]!, moves.version, moves.moves[0]!);
      } catch (error) {
        assert.ok(error instanceof PolisError && error.problem.code === "version_conflict", String(error));
      }
    }
    game = await polis.game(gameId);
  }
  const over = await polis.myGames(guest.token, "over");
  assert.deepEqual(over.games.map((g) => [g.game.game_id, g.seat]), [[gameId, 1]]);
});
