// The 7 Wonders Duel board: the card structure (face-down cards shown as backs), both cities,
// the military track with its tokens, the progress tokens, the wonder draft, and the Senate
// when Agora is on (view.ext).

import { Board, BoardContext, COLOUR_CSS, cardChip, citySummary, cardName, colourOf, costText, extDetails, scoreSheet, seatLabel } from "./board.js";
import { h } from "./dom.js";
import { label, nameOf, t } from "./i18n.js";
import { effectAttrs, gains } from "./icons.js";
import type { Json } from "./protocol.js";

const HALF = 46;
const ROW = 58;

function wonderName(catalog: Json, id: number): string {
  return id < 0 ? t("hidden") : nameOf(catalog.wonders[id]);
}

function tokenName(catalog: Json, id: number): string {
  return id < 0 ? t("hidden") : nameOf(catalog.tokens[id]);
}

function tokenChip(catalog: Json, id: number): HTMLElement {
  return h("span", { class: "token", "data-token": id, ...(id >= 0 ? effectAttrs(catalog.tokens[id], tokenName(catalog, id)) : {}) }, tokenName(catalog, id));
}

function leaderName(catalog: Json, id: number): string {
  return id < 0 ? t("hidden") : nameOf(catalog.leaders?.[id]);
}

/** A Duel leader as a card: its name in the reader's language, its coin cost in this game
 * (the view's `costs`, which a game's `leader_costs` option may change) and its effect. */
function leaderCard(ctx: BoardContext, id: number, extra = ""): HTMLElement {
  const { catalog } = ctx;
  if (id < 0) return h("span", { class: "wonder-card leader hidden-leader" }, t("hidden"));
  const entry = catalog.leaders?.[id];
  const cost = ctx.view.leaders?.costs?.[id] ?? entry?.cost;
  return h("span", { class: `wonder-card leader ${extra}`.trim(), "data-leader": id, ...effectAttrs(entry, leaderName(catalog, id)) },
    leaderName(catalog, id), h("small", { class: "leader-cost" }, ` ${cost}¢`));
}

/** Duel Leaders: the draft offer, the recruitment step, each seat's leaders (hand, this
 * step's choice and declaration, recruited, under a wonder) with their costs. */
function leadersPanel(ctx: BoardContext): HTMLElement | null {
  const x = ctx.view.leaders;
  if (!x) return null;
  const panel = h("section", { class: "panel duel-leaders", id: "leaders" }, h("h2", {}, t("leaders")));
  if (x.draft_offer.length) {
    panel.append(h("div", { class: "leader-offer" }, h("h3", {}, t("leaderDraft")), ...x.draft_offer.map((id: number) => leaderCard(ctx, id, "offered"))));
  }
  if (x.step === "choose_leader" || x.step === "declare_recruitment") {
    panel.append(h("p", { class: "recruit-step", id: "recruit-step" }, `${t("recruitment")} (${t("age")} ${x.age}): `,
      x.step === "choose_leader" ? t("chooseLeader") : t("declare")));
  }
  const rows = x.seats.map((s: Json) => {
    const chosen = s.chosen === null || s.chosen === undefined ? "—" : s.chosen < 0 ? t("chosenHidden") : leaderCard(ctx, s.chosen, "chosen");
    const declared = s.declared === null || s.declared === undefined ? "" : s.declared < 0 ? ` · ${t("chosenHidden")}` : s.declared ? ` → ${t("recruit")}` : ` → ${t("discardAction")}`;
    return h("tr", { "data-seat": s.seat },
      h("th", {}, seatLabel(ctx, s.seat)),
      h("td", { class: "leader-hand" }, ...s.hand.map((id: number) => leaderCard(ctx, id))),
      h("td", { class: "leader-chosen" }, chosen, declared),
      h("td", { class: "leader-recruited" }, ...s.recruited.map((id: number) => leaderCard(ctx, id, "recruited")),
        ...s.buried.map((id: number) => h("span", { title: t("buried") }, leaderCard(ctx, id, "buried")))));
  });
  panel.append(h("table", { class: "leader-table" },
    h("thead", {}, h("tr", {}, h("th", {}), h("th", {}, t("leaderHand")), h("th", {}, t("recruitment")), h("th", {}, t("recruited")))),
    h("tbody", {}, ...rows)));
  const extra: (HTMLElement | string)[] = [];
  if (x.drawn?.length) extra.push(h("div", {}, "Maecenas: ", ...x.drawn.map((id: number) => leaderCard(ctx, id))));
  if (x.offered?.length) extra.push(h("div", {}, ...x.offered.map((id: number) => cardChip(ctx.catalog, id))));
  extra.push(h("p", { class: "muted" }, `${x.aside} ${t("setAside")}`));
  panel.append(...extra);
  return panel;
}

function structure(ctx: BoardContext): HTMLElement {
  const { view, catalog } = ctx;
  const slots: Json[] = view.structure;
  const playable = new Set(ctx.moves.filter((m) => "slot" in m).map((m) => m.slot));
  let rows = 0;
  let width = 0;
  const placed = slots.map((s) => {
    const m = /^r(\d+)x(\d+)$/.exec(s.name);
    const row = m ? Number(m[1]) : 1;
    const x = m ? Number(m[2]) : s.slot;
    rows = Math.max(rows, row);
    width = Math.max(width, x);
    return { s, row, x };
  });
  const area = h("div", { class: "structure", style: { width: `${(width + 1) * HALF}px`, height: `${rows * ROW + 30}px` } });
  for (const { s, row, x } of placed) {
    if (s.taken) continue;
    const style = { left: `${(x - 1) * HALF}px`, top: `${(row - 1) * ROW}px`, zIndex: String(row) };
    if (s.card < 0) {
      area.append(h("div", { class: `card back age-${view.age}`, style, "data-slot": s.slot }, `${t("age")} ${view.age}`));
      continue;
    }
    const colour = colourOf(catalog, s.card);
    const classes = ["card", `colour-${colour}`];
    if (s.accessible) classes.push("accessible");
    if (playable.has(s.slot)) classes.push("playable");
    if (ctx.focus === cardName(catalog, s.card)) classes.push("focused");
    const card = catalog.cards[s.card];
    area.append(h("div", {
      class: classes.join(" "), style: { ...style, background: COLOUR_CSS[colour] }, "data-slot": s.slot, "data-card": s.card,
      ...effectAttrs(card, cardName(catalog, s.card)), role: playable.has(s.slot) ? "button" : undefined,
      onclick: playable.has(s.slot) ? () => ctx.setFocus(cardName(catalog, s.card)) : undefined,
      onkeydown: playable.has(s.slot) ? (e: KeyboardEvent) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); ctx.setFocus(cardName(catalog, s.card)); } } : undefined,
    }, h("span", { class: "card-name" }, cardName(catalog, s.card)), card ? costLine(catalog, card) : null, gains(catalog, card)));
  }
  return h("section", { class: "panel structure-panel" }, h("h2", {}, `${t("structure")} — ${t("age")} ${view.age}`), area);
}

function costLine(catalog: Json, card: Json): HTMLElement | null {
  const text = costText(catalog, card);
  return text ? h("span", { class: "cost" }, text) : null;
}

function militaryTrack(ctx: BoardContext): HTMLElement {
  const { view, catalog } = ctx;
  const left = new Set<string>(view.looting_left);
  const byPos = new Map<number, Json>();
  for (const tok of catalog.military_tokens ?? []) if (left.has(tok.name)) byPos.set(tok.position, tok);
  const cells: HTMLElement[] = [];
  for (let p = -9; p <= 9; p++) {
    const tok = byPos.get(p);
    cells.push(h("div", { class: "cell" + (p === 0 ? " centre" : "") + (Math.abs(p) === 9 ? " capital" : "") },
      p === view.pawn ? h("span", { class: "pawn", id: "pawn" }, "⚔") : "",
      tok ? h("span", { class: "loot", ...effectAttrs(tok) }, tok.effect_data?.[1]?.[0] ? `-${tok.effect_data[1][0]}` : "◆") : ""));
  }
  return h("section", { class: "panel military" }, h("h2", {}, t("military")),
    h("div", { class: "track-row" }, h("span", { class: "track-end" }, seatLabel(ctx, 0)), h("div", { class: "track" }, ...cells),
      h("span", { class: "track-end" }, seatLabel(ctx, 1))));
}

function city(ctx: BoardContext, p: Json): HTMLElement {
  const { view, catalog } = ctx;
  const byColour = new Map<number, number[]>();
  for (const id of p.buildings) {
    const c = catalog.cards[id]?.colour ?? 0;
    if (!byColour.has(c)) byColour.set(c, []);
    byColour.get(c)!.push(id);
  }
  const acting = view.acting.includes(p.seat);
  return h("section", { class: "panel city" + (acting ? " acting" : ""), "data-seat": p.seat },
    h("h2", {}, seatLabel(ctx, p.seat), acting ? h("span", { class: "badge" }, t("acting")) : ""),
    h("p", { class: "coins" }, `${p.coins} ${t("coins")}`),
    h("div", { class: "colours" }, ...[...byColour.keys()].sort().map((c) =>
      h("div", { class: "colour-row" }, ...byColour.get(c)!.map((id) => cardChip(catalog, id))))),
    h("h3", {}, t("wonders")),
    h("ul", { class: "wonders" }, ...p.wonders.map((w: number) =>
      h("li", { class: p.built_wonders.includes(w) ? "built" : "", "data-wonder": w, ...effectAttrs(catalog.wonders[w], wonderName(catalog, w)) },
        p.built_wonders.includes(w) ? "✔ " : "○ ", wonderName(catalog, w),
        costText(catalog, catalog.wonders[w]) ? h("small", { class: "cost" }, ` (${costText(catalog, catalog.wonders[w])})`) : ""))),
    citySummary(catalog, p.buildings, []),
    p.tokens.length ? h("div", { class: "tokens" }, ...p.tokens.map((k: number) => tokenChip(catalog, k))) : null,
    cityLeaders(ctx, p.seat));
}

function cityLeaders(ctx: BoardContext, seat: number): HTMLElement | null {
  const s = ctx.view.leaders?.seats?.[seat];
  if (!s || !(s.recruited.length || s.buried.length)) return null;
  return h("div", { class: "leaders city-leaders" }, h("h3", {}, t("leaders")),
    ...s.recruited.map((id: number) => leaderCard(ctx, id, "recruited")),
    ...s.buried.map((id: number) => leaderCard(ctx, id, "buried")));
}

function senate(ctx: BoardContext): HTMLElement | null {
  const ext = ctx.view.ext;
  if (!ext || !ext.decrees) return null;
  const { catalog } = ctx;
  const decree = (id: number) => id < 0 ? t("hidden") : (catalog.decrees?.[id]?.effect ?? `#${id}`);
  const rows = ext.decrees.map((ids: number[], i: number) => h("tr", {},
    h("th", {}, `${label(catalog, "terms", "chamber")} ${i + 1}`),
    h("td", { class: "decree" }, ids.map(decree).join(" / ")),
    ...ext.seats.map((s: Json) => h("td", { class: "cubes" }, "■".repeat(s.cubes[i] ?? 0) || "·")),
    h("td", {}, ext.control[i] >= 0 ? seatLabel(ctx, ext.control[i]) : "—")));
  const conspiracies = ext.seats.map((s: Json) => h("div", {},
    h("strong", {}, seatLabel(ctx, s.seat)), `: ${s.cubes_left} cubes · `,
    ...s.conspiracies.map((c: Json) => h("span", { class: "token", ...(c.conspiracy >= 0 ? effectAttrs(catalog.conspiracies?.[c.conspiracy]) : {}) },
      c.conspiracy < 0 ? t("hidden") : nameOf(catalog.conspiracies?.[c.conspiracy]),
      c.prepared ? " ★" : "", c.triggered ? " ✔" : ""))));
  return h("section", { class: "panel senate" }, h("h2", {}, label(catalog, "terms", "senate")),
    h("table", {}, h("thead", {}, h("tr", {}, h("th", {}), h("th", {}, "decree"),
      ...ext.seats.map((s: Json) => h("th", {}, seatLabel(ctx, s.seat))), h("th", {}, "control"))), h("tbody", {}, ...rows)),
    h("h3", {}, t("conspiracies")), ...conspiracies);
}

function render(ctx: BoardContext): HTMLElement {
  const { view, catalog } = ctx;
  const root = h("div", { class: "board duel" });
  if (view.phase === "over") {
    const categories: string[] = catalog.score_categories;
    root.append(h("section", { class: "panel result" }, h("h2", {}, t("over")),
      h("p", { id: "winner" }, view.winner === null || view.winner === undefined ? t("tie") : `${t("winner")}: ${seatLabel(ctx, view.winner)} (${view.victory})`),
      view.scores.length ? scoreSheet(ctx, categories, view.scores, view.players.map((p: Json) => p.seat)) : null));
  }
  root.append(militaryTrack(ctx));
  if (view.board_tokens.length) {
    root.append(h("section", { class: "panel board-tokens" }, h("h2", {}, t("tokens")),
      ...view.board_tokens.map((k: number) => tokenChip(catalog, k))));
  }
  if (view.draft_offer.length) {
    root.append(h("section", { class: "panel draft" }, h("h2", {}, t("draft")),
      ...view.draft_offer.map((w: number) => h("span", { class: "wonder-card", "data-wonder": w, ...effectAttrs(catalog.wonders[w], wonderName(catalog, w)) }, wonderName(catalog, w)))));
  }
  if (view.library_draw.length) {
    root.append(h("section", { class: "panel" }, h("h2", {}, "Great Library"),
      ...view.library_draw.map((k: number) => tokenChip(catalog, k))));
  }
  const leaders = leadersPanel(ctx);
  if (leaders) root.append(leaders);
  if (view.pending.length) root.append(h("p", { class: "pending" }, `${t("owed")}: ${view.pending.join(", ")}`));
  const cities = view.players.map((p: Json) => city(ctx, p));
  const standing = view.structure.some((slot: Json) => !slot.taken);
  root.append(h("div", { class: "duel-main" }, cities[0], standing ? structure(ctx) : h("div"), cities[1]));
  const s = senate(ctx);
  if (s) root.append(s);
  const more = extDetails(catalog, view.ext, s ? ["decrees", "control", "seats", "deck_size"] : []);
  if (more) root.append(more);
  if (view.discard.length) {
    root.append(h("section", { class: "panel discard" }, h("h2", {}, `${t("discard")} (${view.discard.length})`),
      ...view.discard.map((id: number) => cardChip(catalog, id))));
  }
  return root;
}

function describe(move: Json, ctx: BoardContext): { group: string; label: string } {
  const { catalog, view } = ctx;
  const price = (m: Json) => (m.coins ? ` — ${m.coins} ${t("coins")}` : "");
  const leaderLabel = (id: number) => `${leaderName(catalog, id)} — ${view.leaders?.costs?.[id] ?? "?"} ${t("coins")}`;
  const slotCard = (slot: number) => {
    const s = view.structure.find((x: Json) => x.slot === slot);
    return s ? cardName(catalog, s.card) : `#${slot}`;
  };
  switch (move.type) {
    case "PickWonder": return { group: t("draft"), label: wonderName(catalog, move.wonder) };
    case "ConstructBuilding": return { group: slotCard(move.slot), label: `${t("build")}${price(move)}` };
    case "DiscardCard": return { group: slotCard(move.slot), label: t("discardAction") };
    case "ConstructWonder": return { group: slotCard(move.slot), label: `→ ${wonderName(catalog, move.wonder)}${price(move)}` };
    case "ChooseProgressToken":
    case "TakeLibraryToken": return { group: t("tokens"), label: tokenName(catalog, move.token) };
    case "DestroyCard": return { group: move.type, label: cardName(catalog, move.card) };
    case "ConstructFromDiscard": return { group: t("discard"), label: cardName(catalog, move.card) };
    case "ChooseStartPlayer": return { group: move.type, label: seatLabel(ctx, move.starts) };
    case "PickLeader": return { group: t("leaderDraft"), label: leaderLabel(move.leader) };
    case "ChooseLeader": return { group: t("recruitment"), label: leaderLabel(move.leader) };
    case "DeclareRecruitment": {
      const chosen = ctx.mySeat !== null ? view.leaders?.seats?.[ctx.mySeat]?.chosen : null;
      const name = typeof chosen === "number" && chosen >= 0 ? leaderName(catalog, chosen) : "";
      const cost = typeof chosen === "number" && chosen >= 0 ? view.leaders.costs[chosen] : 0;
      return { group: t("recruitment"), label: move.recruit ? `${t("recruit")} ${name} — ${cost} ${t("coins")}` : `${t("discardAction")} ${name} (+2 ${t("coins")})` };
    }
    case "RecruitFree": return { group: t("leaders"), label: `${t("recruit")} ${leaderName(catalog, move.leader)} (${t("freeCost")})` };
    case "BuryLeader": return { group: t("leaders"), label: `${leaderName(catalog, move.leader)} → ${t("buried")}` };
    case "BuildOffered": return { group: t("leaders"), label: `${t("build")} ${cardName(catalog, move.card)} (${t("freeCost")})` };
    case "DeclineLeaderOffer": return { group: t("leaders"), label: "—" };
    case "ConstructWithLeader": {
      // the science symbol the card takes (Euclid: Law; Ptolemy: one of one's own)
      const symbol = ["armillary sphere", "wheel", "sundial", "mortar and pestle", "plumb line", "quill", "scales"][move.symbol] ?? `#${move.symbol}`;
      return { group: slotCard(move.slot), label: `${t("build")} · ${leaderName(catalog, move.leader)} (${symbol})${price(move)}` };
    }
    case "PutUnderPythagoras": return { group: slotCard(move.slot), label: `→ ${leaderName(catalog, catalog.leaders?.findIndex((l: Json) => l.key === "pythagoras"))}` };
    default: {
      const fields = Object.entries(move).filter(([k]) => k !== "type" && k !== "seat")
        .map(([k, v]) => k === "card" ? cardName(catalog, v as number) : k === "slot" ? slotCard(v as number)
          : k === "wonder" ? wonderName(catalog, v as number) : `${k} ${JSON.stringify(v)}`);
      const group = "slot" in move ? slotCard(move.slot) : move.type;
      return { group, label: [move.type, ...fields].join(" · ") };
    }
  }
}

export const duelBoard: Board = { render, describe };
