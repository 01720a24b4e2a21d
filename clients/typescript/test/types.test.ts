// Compile-time checks (tsc fails the build when an expected error does not occur): a
// command with a misspelt field, or of another ruleset, does not type-check.
import { test } from "node:test";
import type { Rulesets } from "../src/index.js";

type DuelCommand = Rulesets["duel"]["Command"];

const good: DuelCommand = { type: "PickWonder", wonder: 3, seat: 0 };
// @ts-expect-error: `wonderr` is not a field of PickWonder
const misspelt: DuelCommand = { type: "PickWonder", wonderr: 3, seat: 0 };
// @ts-expect-error: `Play` is a 7 Wonders command, not a Duel one
const foreign: DuelCommand = { type: "Play", card: 1, seat: 0 };

test("commands are typed per ruleset", () => {
  void [good, misspelt, foreign];
});
