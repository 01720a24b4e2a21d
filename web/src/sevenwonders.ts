// The 7 Wonders board: every city around the table (the reader's neighbours on each side),
// the hand with each card's actions and the prices of each way to trade, and the score sheet.

import { Board, BoardContext, cardChip, cardName, costText, extDetails, scoreSheet, seatLabel } from "./board.js";
import { h } from "./dom.js";
import { label, nameOf, t } from "./i18n.js";
import type { Json } from "./protocol.js";

function wonderOf(catalog: Json, c: Json): Json { return catalog.wonders[c.board] ?? {}; }

function cityPanel(ctx: BoardContext, c: Json, relation: string): HTMLElement {
  const { view, catalog } = ctx;
  const wonder = wonderOf(catalog, c);
  const stages: Json[] = wonder.sides?.[c.side === "A" ? 0 : 1] ?? [];
  const byColour = new Map<number, number[]>();
  for (const id of c.built) {
    const col = catalog.cards[id]?.colour ?? 0;
    if (!byColour.has(col)) byColour.set(col, []);
    byColour.get(col)!.push(id);
  }
  const owner = c.seat === null || c.seat === undefined ? "—" : seatLabel(ctx, c.seat);
  const acting = c.seat !== null && view.acting.includes(c.seat);
  const military = c.tokens.reduce((a: number, b: number) => a + b, 0);
  return h("section", { class: "panel city sw-city" + (acting ? " acting" : "") + (c.seat === ctx.mySeat ? " mine" : ""), "data-city": c.city },
    h("h2", {}, owner, relation ? h("span", { class: "relation" }, relation) : "",
      c.chosen ? h("span", { class: "badge chosen" }, `✔ ${t("chosen")}`) : acting ? h("span", { class: "badge" }, t("acting")) : ""),
    h("p", { class: "wonder-line" }, `${nameOf(wonder)} (${wonder.city ?? ""}) ${c.side}`),
    h("p", { class: "stats" }, `${c.coins} ${t("coins")} · ${c.shields} ${t("shields")} · ⚔ ${military >= 0 ? "+" : ""}${military} · ${c.hand_size} ${t("handSize")}`),
    h("div", { class: "stages" }, ...stages.map((st: Json, i: number) =>
      h("span", { class: "stage" + (i < c.stages ? " built" : "") }, `${i < c.stages ? "✔" : "○"} ${i + 1}${st.vp ? ` · ${st.vp} VP` : ""}`))),
    h("div", { class: "colours" }, ...[...byColour.keys()].sort().map((col) =>
      h("div", { class: "colour-row" }, ...byColour.get(col)!.map((id) => cardChip(catalog, id))))),
    leaderLine(catalog, view.ext?.recruited?.[c.city]));
}

function leaderName(catalog: Json, id: number): string {
  return id < 0 ? t("hidden") : nameOf(catalog.leaders?.[id]);
}

function leaderLine(catalog: Json, ids: number[] | undefined): HTMLElement | null {
  if (!ids || !ids.length) return null;
  return h("div", { class: "leaders" }, h("h3", {}, t("leaders")),
    ...ids.map((id) => h("span", { class: "wonder-card leader" }, leaderName(catalog, id))));
}

function render(ctx: BoardContext): HTMLElement {
  const { view, catalog } = ctx;
  const n = view.cities.length;
  const root = h("div", { class: "board sevenwonders" });
  if (view.phase === "over" && view.scores.length) {
    const order = view.ranking.length ? view.ranking : view.cities.map((c: Json) => c.city);
    root.append(h("section", { class: "panel result" }, h("h2", {}, t("over")),
      h("p", { id: "winner" }, `${t("winner")}: ${seatLabel(ctx, order[0])}`),
      scoreSheet(ctx, catalog.score_categories, order.map((s: number) => view.scores[s]), order)));
  }
  const me = ctx.mySeat ?? 0;
  const ordered: Json[] = [];
  for (let k = 0; k < n; k++) ordered.push(view.cities[(me + k) % n]);
  const relation = (city: number) => {
    if (ctx.mySeat === null) return "";
    if (city === (me - 1 + n) % n) return `← ${t("left")}`;
    if (city === (me + 1) % n) return `${t("right")} →`;
    return "";
  };
  root.append(h("div", { class: "table-ring" }, ...ordered.map((c: Json) => cityPanel(ctx, c, relation(c.city)))));
  root.append(h("p", { class: "sw-info" }, `${t("discard")}: ${view.discard_size}` + (view.variant ? ` · ${t("pile")}: ${view.pile_size}` : "")));
  const ext = view.ext;
  if (ext?.hand?.length || ext?.kept?.length) {
    root.append(h("section", { class: "panel leaders-hand" }, h("h2", {}, t("leaders")),
      ...(ext.hand ?? []).map((id: number) => h("span", { class: "wonder-card leader" }, leaderName(catalog, id))),
      ext.kept?.length ? h("p", {}, "✔ ", ext.kept.map((id: number) => leaderName(catalog, id)).join(", ")) : null));
  }
  if (view.hand.length) root.append(hand(ctx));
  const more = extDetails(catalog, ext, ["hand", "kept", "recruited"]);
  if (more) root.append(more);
  if (view.discard.length) {
    root.append(h("section", { class: "panel discard" }, h("h2", {}, t("discard")), ...view.discard.map((id: number) => cardChip(catalog, id))));
  }
  return root;
}

function hand(ctx: BoardContext): HTMLElement {
  const { view, catalog } = ctx;
  const playable = new Set(ctx.moves.filter((m) => "card" in m).map((m) => m.card));
  const chosen = new Set(view.my_choices.map((c: Json) => c.choice?.card));
  return h("section", { class: "panel hand", id: "hand" }, h("h2", {}, t("hand")),
    h("div", { class: "hand-cards" }, ...view.hand.map((id: number) => {
      const chip = cardChip(catalog, id, {
        class: `chip big colour-${catalog.colours[catalog.cards[id]?.colour] ?? "white"}` + (playable.has(id) ? " playable" : "") + (chosen.has(id) ? " chosen" : ""),
        onclick: playable.has(id) ? () => ctx.setFocus(cardName(catalog, id)) : undefined,
      });
      const cost = costText(catalog, catalog.cards[id]);
      if (cost) chip.append(h("small", { class: "cost" }, cost));
      return chip;
    })));
}

function trade(m: Json, catalog: Json): string {
  const parts: string[] = [];
  const side = (coins: number, buy: number[] | null, word: string) => {
    if (!coins && !(buy ?? []).some((x) => x)) return;
    const what = (buy ?? []).map((x, i) => (x ? `${x} ${label(catalog, "resources", catalog.resources[i])}` : "")).filter(Boolean).join(", ");
    parts.push(`${t("pay")} ${coins}¢ ${t(word)}${what ? ` (${what})` : ""}`);
  };
  side(m.left ?? 0, m.buy_left, "left");
  side(m.right ?? 0, m.buy_right, "right");
  return parts.length ? ` — ${parts.join(" + ")}` : "";
}

function describe(move: Json, ctx: BoardContext): { group: string; label: string } {
  const { catalog } = ctx;
  if (move.type === "Play") {
    const action = ({ build: t("build"), stage: t("stage"), discard: t("discardAction"), free: t("free") } as Record<string, string>)[move.action] ?? move.action;
    const card = catalog.cards[move.card];
    const own = card && card.coins && move.action === "build" ? ` (${card.coins}¢)` : "";
    const city = move.city !== null && move.city !== undefined ? ` [${move.city}]` : "";
    return { group: cardName(catalog, move.card), label: `${action}${own}${trade(move, catalog)}${city}` };
  }
  if (move.type === "BuildDiscarded") return { group: t("discard"), label: `${t("build")} ${cardName(catalog, move.card)}` };
  if (move.type === "CopyGuild") return { group: move.type, label: `${cardName(catalog, move.card)} (${move.neighbour})` };
  const fields = Object.entries(move).filter(([k]) => k !== "type" && k !== "seat")
    .map(([k, v]) => (k === "card" ? cardName(catalog, v as number) : k === "leader" ? leaderName(catalog, v as number) : `${k} ${JSON.stringify(v)}`));
  return { group: move.type, label: [move.type, ...fields].join(" · ") };
}

export const sevenWondersBoard: Board = { render, describe };
