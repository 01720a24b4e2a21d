// "What happened": the public events in words, in the reader's language, built from the
// events as the server redacted them for this seat (a card another seat hides arrives as -1
// and reads "a hidden card"; nothing here can name it).

import { cardName } from "./board.js";
import { h } from "./dom.js";
import { lang, nameOf, t } from "./i18n.js";
import type { Json } from "./protocol.js";

type Words = Record<string, [string, string, string]>;

const SAY: Words = {
  built: ["{who} built {card}{cost}", "{who} a construit {card}{cost}", "{who} baute {card}{cost}"],
  discarded: ["{who} discarded {card}{coins}", "{who} a défaussé {card}{coins}", "{who} warf {card} ab{coins}"],
  wonder: ["{who} built {wonder} with {card}{cost}", "{who} a construit {wonder} avec {card}{cost}", "{who} errichtete {wonder} mit {card}{cost}"],
  stage: ["{who} built a wonder stage with {card}", "{who} a construit une étape de merveille avec {card}", "{who} baute eine Wunderstufe mit {card}"],
  fromDiscard: ["{who} built {card} from the discard", "{who} a construit {card} depuis la défausse", "{who} baute {card} aus dem Ablagestapel"],
  token: ["{who} took {token}", "{who} a pris {token}", "{who} nahm {token}"],
  ageBegan: ["Age {age} begins", "L'âge {age} commence", "Zeitalter {age} beginnt"],
  ageEnded: ["Age {age} ends", "L'âge {age} se termine", "Zeitalter {age} endet"],
  gameEnded: ["The game is over", "La partie est terminée", "Das Spiel ist beendet"],
  coinsFor: [" for {n} coins", " pour {n} pièces", " für {n} Münzen"],
  coinsGot: [" for {n} coins", " contre {n} pièces", " für {n} Münzen"],
  pawn: ["{who}: the conflict pawn moves to {n}", "{who} : le pion conflit va en {n}", "{who}: die Konfliktfigur zieht auf {n}"],
  conflicts: ["Conflicts of age {age} resolved", "Conflits de l'âge {age} résolus", "Konflikte von Zeitalter {age} ausgewertet"],
  hiddenCard: ["a hidden card", "une carte cachée", "eine verdeckte Karte"],
};

function say(key: string, fields: Record<string, string | number>): string {
  const i = ["en", "fr", "de"].indexOf(lang());
  const text = SAY[key][i < 0 ? 0 : i];
  return text.replace(/\{(\w+)\}/g, (_, k) => String(fields[k] ?? ""));
}

function card(catalog: Json, id: number): string {
  return id < 0 ? say("hiddenCard", {}) : cardName(catalog, id);
}

function humanised(type: string): string {
  return type.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
}

/** One envelope in words (several lines for a step of simultaneous actions); the cards it
 * names, for the board to mark as the last move. */
export function describeEvent(envelope: Json, catalog: Json, seatNames: string[]): { lines: string[]; cards: number[] } {
  const e = envelope.event ?? {};
  const who = (seat: number | null | undefined) => (seat === null || seat === undefined ? "" : seatNames[seat] ?? `#${seat}`);
  const coins = (n: number, key = "coinsFor") => (n ? say(key, { n }) : "");
  switch (e.type) {
    case "BuildingConstructed":
      return { lines: [say("built", { who: who(e.seat), card: card(catalog, e.card), cost: coins(e.cost) })], cards: [e.card] };
    case "CardDiscarded":
      return { lines: [say("discarded", { who: who(e.seat), card: card(catalog, e.card), coins: coins(e.coins, "coinsGot") })], cards: [e.card] };
    case "WonderConstructed":
      return { lines: [say("wonder", { who: who(e.seat), wonder: nameOf(catalog.wonders?.[e.wonder]), card: card(catalog, e.card), cost: coins(e.cost) })], cards: [e.card] };
    case "DiscardedCardConstructed":
      return { lines: [say("fromDiscard", { who: who(e.seat), card: card(catalog, e.card) })], cards: [e.card] };
    case "ProgressTokenTaken":
      return { lines: [say("token", { who: who(e.seat), token: nameOf(catalog.tokens?.[e.token]) })], cards: [] };
    case "ConflictPawnMoved":
      return { lines: [say("pawn", { who: who(e.seat ?? envelope.seat), n: e.position ?? e.pawn ?? "" })], cards: [] };
    case "AgeBegan": return { lines: [say("ageBegan", { age: e.age ?? "" })], cards: [] };
    case "AgeEnded": return { lines: [say("ageEnded", { age: e.age ?? "" })], cards: [] };
    case "ConflictsResolved": return { lines: [say("conflicts", { age: e.age ?? "" })], cards: [] };
    case "GameEnded": return { lines: [say("gameEnded", {})], cards: [] };
    case "StepResolved": {
      const lines: string[] = [];
      const cards: number[] = [];
      for (const a of e.actions ?? []) {
        const fields = { who: who(a.seat), card: card(catalog, a.card), cost: coins((a.bank ?? 0) + (a.left ?? 0) + (a.right ?? 0)), coins: coins(3, "coinsGot") };
        const key = a.kind === "stage" ? "stage" : a.kind === "discard" ? "discarded" : a.kind === "from_discard" ? "fromDiscard" : "built";
        lines.push(say(key, fields));
        cards.push(a.card);
      }
      return { lines, cards };
    }
    case "TurnBegan": case "ActionOwed": case "CardRevealed": case "HandsPassed": case "CardChosen":
      return { lines: [], cards: [] };
    default: {
      const named = Object.entries(e).filter(([k]) => k !== "type" && k !== "seat")
        .flatMap(([k, v]) => (k === "card" && typeof v === "number" ? [card(catalog, v)]
          : k === "wonder" && typeof v === "number" && v >= 0 ? [nameOf(catalog.wonders?.[v])]
          : k === "leader" && typeof v === "number" && v >= 0 && catalog.leaders ? [nameOf(catalog.leaders[v])]
          : typeof v === "number" && /coins|amount|vp/.test(k) ? [`${v} ${k}`] : []));
      const seat = who(e.seat ?? envelope.seat);
      return { lines: [`${seat ? `${seat}: ` : ""}${humanised(String(e.type ?? envelope.type))}${named.length ? ` (${named.join(", ")})` : ""}`], cards: [] };
    }
  }
}

/** The log as it grows: the latest lines first, the newest marked. */
export class GameLog {
  readonly element: HTMLElement;
  private readonly list: HTMLElement;
  private lines: { version: number; text: string }[] = [];
  lastCards: number[] = [];

  constructor(private readonly catalog: Json, private readonly seatNames: string[], loadOlder: (() => Promise<Json[]>) | null) {
    this.list = h("ol", { class: "log-lines", reversed: true, tabindex: 0, "aria-label": t("log") });
    const older = loadOlder ? h("button", { class: "log-older", id: "log-older", onclick: async () => {
      older!.setAttribute("disabled", "");
      const envelopes = await loadOlder();
      const seen = new Set(this.lines.map((l) => l.version));
      const before = envelopes.filter((env) => !seen.has(env.version)).flatMap((env) =>
        describeEvent(env, this.catalog, this.seatNames).lines.map((text) => ({ version: env.version, text })));
      this.lines = [...before, ...this.lines];
      this.draw();
    } }, t("olderLog")) : null;
    this.element = h("section", { class: "panel log", id: "log", "aria-live": "polite", "aria-label": t("log") },
      h("h2", {}, t("log")), this.list, older);
  }

  add(envelopes: Json[]): void {
    const cards: number[] = [];
    for (const env of envelopes) {
      const said = describeEvent(env, this.catalog, this.seatNames);
      for (const text of said.lines) this.lines.push({ version: env.version, text });
      cards.push(...said.cards.filter((c) => c >= 0));
    }
    if (cards.length) this.lastCards = cards;
    this.draw();
  }

  private draw(): void {
    const last = this.lines.length ? this.lines[this.lines.length - 1].version : -1;
    this.list.replaceChildren(...this.lines.slice().reverse().slice(0, 200).map((l) =>
      h("li", { class: l.version === last ? "latest" : "", "data-version": l.version }, l.text)));
  }
}
