// What every board renderer gets, and the shared pieces: the score sheet and the move buttons.

import { h } from "./dom.js";
import { label, nameOf, t } from "./i18n.js";
import { chainIcon, effectAttrs, gains, resourceIcon, scienceIcon } from "./icons.js";
import type { Json } from "./protocol.js";

export interface BoardContext {
  view: Json;
  catalog: Json;
  seatNames: string[];
  mySeat: number | null;
  moves: Json[];
  play: (move: Json) => void;
  focus: string | null;
  setFocus: (key: string | null) => void;
  /** A choice a board's panel makes that narrows the moves shown (Faith: which god, and
   * how, goes with the next card); null: the board's default. */
  choice?: string | null;
  setChoice?: (choice: string | null) => void;
}

export interface Board {
  render(ctx: BoardContext): HTMLElement;
  /** Label of one legal move, and the key of what it acts on (a slot, a card) for grouping. */
  describe(move: Json, ctx: BoardContext): { group: string; label: string };
  /** Whether a legal move is shown under the board's current `choice` (all when absent). */
  shows?(move: Json, ctx: BoardContext): boolean;
}

export const COLOUR_CSS: Record<string, string> = {
  brown: "#8b5a2b", grey: "#8a8f98", blue: "#2f6fb5", green: "#2e8b57",
  yellow: "#d4a017", red: "#c0392b", purple: "#7d3c98", white: "#e8e2d0", black: "#333",
};

export function cardName(catalog: Json, id: number): string {
  return id < 0 ? t("hidden") : nameOf(catalog.cards[id]);
}

export function colourOf(catalog: Json, id: number): string {
  const card = catalog.cards[id];
  return card ? catalog.colours[card.colour] ?? "white" : "white";
}

export function cardChip(catalog: Json, id: number, extra: Record<string, any> = {}): HTMLElement {
  if (id < 0) return h("span", { class: "chip hidden-card", ...extra }, t("hidden"));
  const colour = colourOf(catalog, id);
  const card = catalog.cards[id];
  return h("span", { class: `chip colour-${colour}`, style: { borderLeftColor: COLOUR_CSS[colour] }, "data-card": id, "data-colour": colour, ...effectAttrs(card, cardName(catalog, id)), ...extra },
    cardName(catalog, id), gains(catalog, card));
}

/** A card's price as printed: coins, then each resource. */
export function costText(catalog: Json, card: Json): string {
  if (!card) return "";
  const parts: string[] = [];
  if (card.coins) parts.push(`${card.coins}¢`);
  (card.cost ?? []).forEach((n: number, i: number) => { if (n) parts.push(`${n} ${label(catalog, "resources", catalog.resources[i])}`); });
  return parts.join(" · ");
}

/** An expansion's part of a view the board has no panel for: listed as it comes, with the
 * ids of leaders named, rather than hidden. */
export function extDetails(catalog: Json, ext: Json, shown: string[]): HTMLElement | null {
  if (!ext || typeof ext !== "object") return null;
  const rest = Object.entries(ext).filter(([k]) => !shown.includes(k));
  if (!rest.length) return null;
  const named = (k: string, v: Json): string => {
    if (catalog.leaders && /leader/.test(k) && Array.isArray(v)) {
      return v.map((x: Json) => (typeof x === "number" ? (x < 0 ? t("hidden") : nameOf(catalog.leaders[x])) : JSON.stringify(x))).join(", ");
    }
    return JSON.stringify(v);
  };
  return h("details", { class: "panel ext" }, h("summary", {}, t("expansions")),
    h("dl", {}, ...rest.flatMap(([k, v]) => [h("dt", {}, k), h("dd", {}, named(k, v))])));
}

export function seatLabel(ctx: BoardContext, seat: number): string {
  const name = ctx.seatNames[seat] ?? `#${seat}`;
  return seat === ctx.mySeat ? `${name} (${t("you")})` : name;
}

export function scoreSheet(ctx: BoardContext, categories: string[], scores: number[][], seats: number[]): HTMLElement {
  return h("table", { class: "scores", id: "score-sheet" },
    h("caption", {}, t("scores")),
    h("thead", {}, h("tr", {}, h("th", {}, ""), ...seats.map((s) => h("th", {}, seatLabel(ctx, s))))),
    h("tbody", {}, ...categories.map((cat, i) => h("tr", { class: cat === "total" ? "total" : "" },
      h("th", {}, label(ctx.catalog, "score_categories", cat)), ...seats.map((_, j) => h("td", {}, scores[j]?.[i] ?? ""))))));
}

export function movesPanel(board: Board, ctx: BoardContext): HTMLElement {
  const panel = h("section", { class: "moves", id: "moves" });
  if (ctx.mySeat === null) { panel.hidden = true; return panel; }
  if (ctx.moves.length === 0) {
    panel.append(h("p", { class: "waiting" }, ctx.view.phase === "over" ? t("over") : t("waiting")));
    return panel;
  }
  panel.append(h("h2", {}, t("yourMoves")));
  const groups = new Map<string, HTMLElement[]>();
  const shown = board.shows ? ctx.moves.filter((m) => board.shows!(m, ctx)) : ctx.moves;
  const listed = shown.length ? shown : ctx.moves;
  ctx.moves.forEach((move, index) => {
    if (!listed.includes(move)) return;
    const { group, label } = board.describe(move, ctx);
    const button = h("button", { class: "move", "data-index": index, "data-type": move.type, onclick: () => ctx.play(move) }, label);
    if (!groups.has(group)) groups.set(group, []);
    groups.get(group)!.push(button);
  });
  for (const [group, buttons] of groups) {
    const hidden = ctx.focus !== null && ctx.focus !== group;
    panel.append(h("div", { class: "move-group" + (ctx.focus === group ? " focused" : ""), hidden },
      h("h3", {}, group), h("div", { class: "buttons" }, ...buttons)));
  }
  if (ctx.focus !== null) {
    panel.append(h("button", { class: "show-all", onclick: () => ctx.setFocus(null) }, "…"));
  }
  return panel;
}

/** What a city has, from its built cards' data: production (fixed, then each choice), the
 * science symbols, and the chains it holds (the cards each makes free). `board` lists the
 * resources its wonder board produces. */
export function citySummary(catalog: Json, built: number[], board: number[]): HTMLElement {
  const resources: string[] = catalog.resources ?? [];
  const fixed = resources.map(() => 0);
  for (const r of board) fixed[r] += 1;
  const choices: number[][] = [];
  const science: string[] = [];
  const chains: HTMLElement[] = [];
  const symbols: string[] = catalog.science_symbols ?? ["armillary_sphere", "wheel", "sundial", "mortar_and_pestle", "plumb_line", "quill", "scales"];
  for (const id of built) {
    const card = catalog.cards[id];
    if (!card) continue;
    (card.produces ?? []).forEach((n: number, i: number) => { fixed[i] += n; });
    if (card.choice?.length && card.colour <= 1) choices.push(card.choice);
    if (typeof card.science === "number" && card.science >= 0) science.push(symbols[card.science] ?? String(card.science));
    const frees = catalog.cards.filter((c: Json) => (typeof card.chain_grants === "number" && card.chain_grants >= 0 && c.chain_from === card.chain_grants)
      || (Array.isArray(c.chain_from) && c.chain_from.includes(card.name_id)));
    if (frees.length) chains.push(chainIcon([...new Set(frees.map((c: Json) => nameOf(c)))].join(", "), true, ""));
  }
  const produced = fixed.flatMap((n, i) => (n ? [resourceIcon(catalog, resources[i], n), n > 1 ? h("span", { class: "times" }, `×${n}`) : ""] : []));
  const choice = choices.map((c) => h("span", { class: "choice", role: "group", "aria-label": t("oneOf") },
    ...c.flatMap((r, i) => [i ? "/" : "", resourceIcon(catalog, resources[r])])));
  return h("div", { class: "city-summary" },
    h("div", { class: "produces" }, h("span", { class: "muted" }, `${t("produces")}: `), ...(produced.length || choice.length ? [...produced, ...choice] : ["—"])),
    science.length ? h("div", { class: "science-held" }, h("span", { class: "muted" }, `${t("science")}: `), ...science.map((s) => scienceIcon(s))) : null,
    chains.length ? h("div", { class: "chains-held" }, h("span", { class: "muted" }, `${t("chainsHeld")}: `), ...chains) : null);
}
