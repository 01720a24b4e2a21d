// Compile-time checks (tsc fails the build when an expected error does not occur): a
// command with a misspelt field, or of another ruleset, does not type-check.
import { test } from "node:test";
import type { NextOf, Rulesets, SubmitOptions } from "../src/index.js";

type DuelCommand = Rulesets["duel"]["Command"];

const good: DuelCommand = { type: "PickWonder", wonder: 3, seat: 0 };
// @ts-expect-error: `wonderr` is not a field of PickWonder
const misspelt: DuelCommand = { type: "PickWonder", wonderr: 3, seat: 0 };
// @ts-expect-error: `Play` is a 7 Wonders command, not a Duel one
const foreign: DuelCommand = { type: "Play", card: 1, seat: 0 };

// a reply's `next` carries the ruleset's own commands; `include` names only moves and view
const next: NextOf<"duel"> = { version: 3, acting: [0], moves: [good] };
// @ts-expect-error: a 7 Wonders command is not a move of a Duel reply
const foreignNext: NextOf<"duel"> = { version: 3, acting: [0], moves: [{ type: "Play", card: 1, seat: 0 }] };
const asked: SubmitOptions = { include: ["moves", "view"] };
// @ts-expect-error: `board` is not something a reply can include
const unknown: SubmitOptions = { include: ["board"] };

test("commands are typed per ruleset", () => {
  void [good, misspelt, foreign, next, foreignNext, asked, unknown];
});
