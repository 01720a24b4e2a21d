// Table chat over the game socket against a real server (POLIS_URL): two players at a Duel
// table say a line each; both sessions and a spectator are pushed both lines in order.
import { test } from "node:test";
import assert from "node:assert/strict";
import { GameSession, PolisClient, type ServerMessage } from "../src/index.js";

const base = process.env.POLIS_URL ?? "http://127.0.0.1:8000";
const wsBase = base.replace(/^http/, "ws");

test("players chat at their table and everyone following reads it in order", async () => {
  const client = new PolisClient(base);
  const ada = await client.createPlayer("Ada");
  const bob = await client.createPlayer("Bob");
  const table = await client.createGame({ kind: "duel", visibility: "public",
    seats: [{ player: ada.player_id }, { open: true }] }, ada.token);
  await client.join(table.game.game_id, bob.token);
  const gameId = table.game.game_id;
  const heard: string[][] = [[], [], []];
  const sessions = [ada.token, bob.token, null].map((token, i) => new GameSession(wsBase, gameId, token,
    (m: ServerMessage) => { if (m.type === "chat") heard[i]!.push(`${m.name}: ${m.text}`); }));
  for (const session of sessions) await session.start();
  try {
    const first = await sessions[0]!.chat("good luck");
    const second = await sessions[1]!.chat("you too");
    assert.ok(second > first);
    for (let i = 0; i < 500 && heard.some((h) => h.length < 2); i++) await new Promise((r) => setTimeout(r, 10));
    for (const lines of heard) assert.deepEqual(lines, ["Ada: good luck", "Bob: you too"]);
    await assert.rejects(sessions[0]!.chat(""), (e: Error) => /invalid_chat_message/.test(e.message));
  } finally {
    for (const session of sessions) session.stop();
  }
});
