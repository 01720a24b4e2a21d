// The player and lobby sockets, rematches and invitations against real servers (POLIS_URL,
// and POLIS_URL_B for a second process when the tests start two): three guests meet at a
// public 7 Wonders table the lobby socket sees open, fill and start; each plays every turn its
// player socket tells it of (one socket dropped on the way: it reconnects and is told again)
// until told the game is over; then one asks for the rematch, the others are told
// `invitation`, one accepts by joining and one declines, and the host fills the table by
// invitation code.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  type Feed, LobbyFeed, type LobbyMessage, PlayerFeed, type PlayerMessage, PolisClient, PolisError, type RulesetName,
} from "../src/index.js";

const base = process.env.POLIS_URL ?? "http://127.0.0.1:8000";
const other = process.env.POLIS_URL_B ?? base;
const ws = (url: string): string => url.replace(/^http/, "ws");
const LATE = ["version_conflict", "not_your_turn", "already_chosen"];

function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

/** The next message of the feed `check` narrows to, skipping others. */
async function next<M extends { type: string }, T extends M>(feed: Feed<M>, check: (m: M) => m is T,
  ms = 30000): Promise<T> {
  const timer = new Promise<never>((_, reject) => setTimeout(() => reject(new Error("timed out")), ms).unref());
  for (;;) {
    const { value, done } = await Promise.race([feed.next(), timer]);
    if (done) throw new Error("the feed ended");
    if (check(value)) return value;
  }
}

const of = <K extends string>(type: K, gameId?: string) =>
  <M extends { type: string }>(m: M): m is Extract<M, { type: K }> =>
    m.type === type && (gameId === undefined || (m as { game_id?: string }).game_id === gameId);

type LobbyTableChanged = Extract<LobbyMessage, { type: "lobby_table" }>;
type TableChanged = Extract<PlayerMessage, { type: "table" }>;
const lobbyTable = (gameId: string) => (m: LobbyMessage): m is LobbyTableChanged =>
  m.type === "lobby_table" && m.table.game.game_id === gameId;
const table = (gameId: string, change: TableChanged["change"]) => (m: PlayerMessage): m is TableChanged =>
  m.type === "table" && m.game_id === gameId && m.change === change;

async function play(polis: PolisClient, feed: PlayerFeed, token: string, gameId: string,
  rng: () => number, dropAfter?: number) {
  let turns = 0;
  for await (const message of feed) {
    if (message.type === "game_over" && message.game_id === gameId) return message;
    if (message.type !== "your_turn" || message.game_id !== gameId) continue;
    if (++turns === dropAfter) feed.drop();  // it reconnects; the turn is told again
    const moves = await polis.legalMoves<RulesetName & "7wonders">(gameId, token);
    if (!moves.moves.length) continue;
    try {
      await polis.submit(gameId, token, moves.version, moves.moves[Math.floor(rng() * moves.moves.length)]!);
    } catch (error) {
      assert.ok(error instanceof PolisError && LATE.includes(error.code), String(error));
    }
  }
  throw new Error("the feed ended before the game");
}

test("players play the turns their sockets tell, then a rematch", async () => {
  const polis = new PolisClient(base);
  const [ada, ben, cyd] = await Promise.all(["Ada", "Ben", "Cyd"].map((n) => polis.createPlayer(n)));
  const guests = [ada!, ben!, cyd!];
  // the players of the rematch's table with a socket open then each on its own process
  const feeds = await Promise.all(guests.map((g, i) => PlayerFeed.connect(ws(i === 2 ? other : base), g.token)));
  const lobby = await LobbyFeed.connect(ws(other), "7wonders");
  try {
    for (const [i, feed] of feeds.entries()) {
      const hello = await next(feed, of("hello"));
      assert.deepEqual([hello.player_id, hello.name], [guests[i]!.player_id, guests[i]!.name]);
    }
    assert.equal((await feeds[0]!.ping()).type, "pong");
    await next(lobby, of("lobby"));
    assert.equal((await lobby.ping()).type, "pong");

    const created = await polis.createGame({ kind: "7wonders", visibility: "public",
      seats: [{ player: ada!.player_id }, { open: true }, { open: true }] }, ada!.token);
    const gameId = created.game.game_id;
    const opened = await next(lobby, lobbyTable(gameId));
    assert.equal(opened.change, "opened");
    assert.deepEqual(opened.table.free, [1, 2]);
    await polis.join(gameId, ben!.token);
    const filling = await next(lobby, lobbyTable(gameId));
    assert.equal(filling.change, "filling");
    assert.deepEqual(filling.table.free, [2]);
    await polis.join(gameId, cyd!.token);
    const started = await next(lobby, lobbyTable(gameId));
    assert.equal(started.change, "started");
    assert.ok(!lobby.tables.has(gameId));

    const rng = random(30);
    const overs = await Promise.all(feeds.map((feed, i) =>
      play(polis, feed, guests[i]!.token, gameId, random(Math.floor(rng() * 2 ** 31)), i === 1 ? 3 : undefined)));
    assert.equal(feeds[1]!.reconnects, 1);
    assert.deepEqual(overs.map((o) => o.seat).sort(), [0, 1, 2]);
    assert.deepEqual([...overs[0]!.ranking].sort(), [0, 1, 2]);
    assert.ok(overs[0]!.game.over);

    // Ben, done, closes his socket and asks for the rematch; Ada's own request finds it
    feeds[1]!.close();
    const rematch = await polis.requestRematch(gameId, ben!.token);
    assert.ok(rematch.opened);
    assert.equal(rematch.rematch_of, gameId);
    const newId = rematch.game.game_id;
    const again = await polis.requestRematch(gameId, ada!.token);
    assert.ok(!again.opened);
    assert.equal(again.game.game_id, newId);
    assert.equal((await polis.rematch(gameId)).game.game_id, newId);
    for (const i of [0, 2]) {
      const invited = await next(feeds[i]!, of("invitation", newId));
      assert.deepEqual([invited.host, invited.seat], [ben!.player_id, i]);
    }
    const mine = await polis.myInvitations(cyd!.token);
    assert.deepEqual(mine.invitations.map((v) => [v.game.game_id, v.seat, v.host]), [[newId, 2, ben!.player_id]]);
    assert.equal((await polis.player(ben!.player_id)).name, "Ben");

    // Ada accepts by joining, Cyd declines: his seat opens
    assert.equal((await polis.join(newId, ada!.token)).seat, 0);
    assert.deepEqual((await polis.myInvitations(ada!.token)).invitations, []);
    const declined = await polis.decline(newId, cyd!.token);
    assert.ok(declined.waiting);
    assert.deepEqual((await polis.myInvitations(cyd!.token)).invitations, []);

    // the host removes Ada (she is told), then fills the table by invitation code
    const removed = await polis.removeFromTable(newId, ben!.token, 0);
    assert.equal(removed.seats[0]?.player ?? null, null);
    await next(feeds[0]!, table(newId, "left"));
    const revoked = (await polis.newInvitation(newId, ben!.token)).invite;
    await polis.revokeInvitation(newId, ben!.token);
    await assert.rejects(polis.join(newId, cyd!.token, undefined, revoked),
      (e) => e instanceof PolisError && e.status === 403 && e.code === "invite_required");
    await assert.rejects(polis.newInvitation(newId, ada!.token), (e) => e instanceof PolisError && e.code === "not_host");
    const code = (await polis.newInvitation(newId, ben!.token)).invite;
    await polis.join(newId, cyd!.token, undefined, code);
    await polis.join(newId, ada!.token, undefined, code);
    for (const i of [0, 2]) {
      const start = await next(feeds[i]!, table(newId, "started"));
      assert.equal(start.game.seats[start.seat]?.player, guests[i]!.player_id);
    }
    // a new socket is told at once of the turns waiting for it
    const late = await PlayerFeed.connect(ws(other), ben!.token);
    feeds.push(late);
    assert.equal((await next(late, of("your_turn", newId))).seat, 1);
  } finally {
    for (const feed of [...feeds, lobby]) feed.close();
  }
});

test("a seat token names no player: the player socket refuses it", async () => {
  const polis = new PolisClient(base);
  const game = await polis.createGame({ kind: "duel", seats: [{ name: "One" }, { name: "Two" }], options: {} });
  const feed = await PlayerFeed.connect(ws(base), game.seats[0]!.token);
  await assert.rejects(async () => { for await (const _ of feed) { /* refused first */ } },
    (e) => e instanceof PolisError && e.code === "player_required");
  assert.equal(feed.reconnects, 0);
  await assert.rejects(polis.rematch(game.game.game_id), (e) => e instanceof PolisError && e.status === 404 && e.code === "no_rematch");
});
