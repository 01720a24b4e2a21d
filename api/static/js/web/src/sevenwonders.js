// The 7 Wonders board: every city around the table (the reader's neighbours on each side),
// the hand with each card's actions and the prices of each way to trade, and the score sheet.
import { cardChip, citySummary, cardName, costText, extDetails, scoreSheet, seatLabel } from "./board.js";
import { h } from "./dom.js";
import { describeFaith, describeFaithStep, faithOf, faithPanel, invokedLine, leadersOf, showsUnderGodChoice } from "./faith.js";
import { label, nameOf, t } from "./i18n.js";
import { effectAttrs } from "./icons.js";
function wonderOf(catalog, c) { return catalog.wonders[c.board] ?? {}; }
function cityPanel(ctx, c, relation) {
    const { view, catalog } = ctx;
    const wonder = wonderOf(catalog, c);
    const stages = wonder.sides?.[c.side === "A" ? 0 : 1] ?? [];
    const byColour = new Map();
    for (const id of c.built) {
        const col = catalog.cards[id]?.colour ?? 0;
        if (!byColour.has(col))
            byColour.set(col, []);
        byColour.get(col).push(id);
    }
    const owner = c.seat === null || c.seat === undefined ? "—" : seatLabel(ctx, c.seat);
    const acting = c.seat !== null && view.acting.includes(c.seat);
    const military = c.tokens.reduce((a, b) => a + b, 0);
    return h("section", { class: "panel city sw-city" + (acting ? " acting" : "") + (c.seat === ctx.mySeat ? " mine" : ""), "data-city": c.city }, h("h2", {}, owner, relation ? h("span", { class: "relation" }, relation) : "", c.chosen ? h("span", { class: "badge chosen" }, `✔ ${t("chosen")}`) : acting ? h("span", { class: "badge" }, t("acting")) : ""), h("p", { class: "wonder-line", ...effectAttrs(wonder, nameOf(wonder)) }, `${nameOf(wonder)} (${wonder.city ?? ""}) ${c.side}`), h("p", { class: "stats" }, `${c.coins} ${t("coins")} · ${c.shields} ${t("shields")} · ⚔ ${military >= 0 ? "+" : ""}${military} · ${c.hand_size} ${t("handSize")}`), h("div", { class: "stages" }, ...stages.map((st, i) => h("span", { class: "stage" + (i < c.stages ? " built" : ""), "data-stage": i, ...effectAttrs(st, `${t("stage")} ${i + 1}`) }, `${i < c.stages ? "✔" : "○"} ${i + 1}${st.vp ? ` · ${st.vp} VP` : ""}`, costText(catalog, st) ? h("small", { class: "cost" }, ` (${costText(catalog, st)})`) : ""))), h("div", { class: "colours" }, ...[...byColour.keys()].sort().map((col) => h("div", { class: "colour-row" }, ...byColour.get(col).map((id) => cardChip(catalog, id))))), citySummary(catalog, c.built, wonder.resource >= 0 ? [wonder.resource] : []), leaderLine(ctx, c.city), invokedLine(ctx, c.city));
}
function leaderName(catalog, id) {
    return id < 0 ? t("hidden") : nameOf(catalog.leaders?.[id]);
}
/** A leader as a card: its name in the reader's language, its coin cost, its effect. */
function leaderCard(catalog, id, extra = "") {
    if (id < 0)
        return h("span", { class: "wonder-card leader hidden-leader" }, t("hidden"));
    const entry = catalog.leaders?.[id];
    return h("span", { class: `wonder-card leader ${extra}`.trim(), "data-leader": id, ...effectAttrs(entry, leaderName(catalog, id)) }, leaderName(catalog, id), h("small", { class: "leader-cost" }, ` ${entry?.cost ?? "?"}¢`));
}
/** The leaders a city has recruited (face up beside its board), and the Courtesan token. */
function leaderLine(ctx, city) {
    const x = leadersOf(ctx.view);
    const ids = x?.recruited?.[city] ?? [];
    if (!x || !ids.length)
        return null;
    const courtesan = x.courtesan?.[1] === city ? x.courtesan[2] : -1; // (guild's city, leader's city, leader)
    return h("div", { class: "leaders city-leaders" }, h("h3", {}, t("recruited")), ...ids.map((id) => leaderCard(ctx.catalog, id, "recruited" + (id === courtesan ? " courtesan" : ""))));
}
/** The reader's leaders: the draft's hand and keeps, then the hand to recruit from. */
function leadersPanel(ctx) {
    const x = leadersOf(ctx.view);
    if (!x)
        return null;
    const { catalog, view } = ctx;
    const drafting = view.phase === "leader_draft";
    const panel = h("section", { class: "panel leaders-hand", id: "leaders" }, h("h2", {}, t("leaders"), drafting ? h("span", { class: "relation" }, `${t("draftRound")} ${x.draft_round}`) : ""));
    if (x.hand?.length) {
        panel.append(h("h3", {}, drafting ? t("leaderDraft") : t("leaderHand")), h("div", { class: "leader-row" }, ...x.hand.map((id) => leaderCard(catalog, id, x.pick === id ? "chosen" : ""))));
    }
    if (x.kept?.length)
        panel.append(h("p", { class: "kept" }, "✔ ", ...x.kept.map((id) => leaderCard(catalog, id, "kept"))));
    if (x.choice) {
        const c = x.choice;
        const [id, action] = Array.isArray(c) ? c : [c.leader, c.action];
        const verb = { recruit: t("recruit"), stage: t("stage"), discard: t("discardAction") }[action] ?? action;
        panel.append(h("p", { class: "leader-choice" }, `✔ ${verb}: ${leaderName(catalog, id)}`));
    }
    panel.append(h("p", { class: "muted" }, `${t("leaderHand")}: ` + view.cities.map((c) => `${c.seat === null || c.seat === undefined ? "—" : ctx.seatNames[c.seat]} ${x.hand_sizes?.[c.city] ?? 0}`).join(" · ")));
    return panel;
}
function render(ctx) {
    const { view, catalog } = ctx;
    const n = view.cities.length;
    const root = h("div", { class: "board sevenwonders" });
    if (view.phase === "over" && view.scores.length) {
        const order = view.ranking.length ? view.ranking : view.cities.map((c) => c.city);
        root.append(h("section", { class: "panel result" }, h("h2", {}, t("over")), h("p", { id: "winner" }, `${t("winner")}: ${seatLabel(ctx, order[0])}`), scoreSheet(ctx, catalog.score_categories, order.map((s) => view.scores[s]), order)));
    }
    const me = ctx.mySeat ?? 0;
    const ordered = [];
    for (let k = 0; k < n; k++)
        ordered.push(view.cities[(me + k) % n]);
    const relation = (city) => {
        if (ctx.mySeat === null)
            return "";
        if (city === (me - 1 + n) % n)
            return `← ${t("left")}`;
        if (city === (me + 1) % n)
            return `${t("right")} →`;
        return "";
    };
    root.append(h("div", { class: "table-ring" }, ...ordered.map((c) => cityPanel(ctx, c, relation(c.city)))));
    root.append(h("p", { class: "sw-info" }, `${t("discard")}: ${view.discard_size}` + (view.variant ? ` · ${t("pile")}: ${view.pile_size}` : "")));
    const faith = faithPanel(ctx);
    if (faith)
        root.append(faith);
    const leaders = leadersPanel(ctx);
    if (leaders)
        root.append(leaders);
    if (view.hand.length)
        root.append(hand(ctx));
    const known = faithOf(view) ? ["gods_hand", "gods_kept", "gods_kept_count", "gods_allowed", "invoked", "my_god_choice", "god_costs", "inner"]
        : ["hand", "kept", "recruited", "pick", "choice", "draft_round", "hand_sizes", "courtesan", "box_size"];
    const more = extDetails(catalog, view.ext, known);
    if (more)
        root.append(more);
    if (view.discard.length) {
        root.append(h("section", { class: "panel discard" }, h("h2", {}, t("discard")), ...view.discard.map((id) => cardChip(catalog, id))));
    }
    return root;
}
function hand(ctx) {
    const { view, catalog } = ctx;
    const playable = new Set(ctx.moves.filter((m) => "card" in m).map((m) => m.card));
    const chosen = new Set(view.my_choices.map((c) => c.choice?.card));
    return h("section", { class: "panel hand", id: "hand" }, h("h2", {}, t("hand")), h("div", { class: "hand-cards" }, ...view.hand.map((id) => {
        const chip = cardChip(catalog, id, {
            class: `chip big colour-${catalog.colours[catalog.cards[id]?.colour] ?? "white"}` + (playable.has(id) ? " playable" : "") + (chosen.has(id) ? " chosen" : ""),
            onclick: playable.has(id) ? () => ctx.setFocus(cardName(catalog, id)) : undefined,
        });
        const cost = costText(catalog, catalog.cards[id]);
        if (cost)
            chip.append(h("small", { class: "cost" }, cost));
        return chip;
    })));
}
function trade(m, ctx) {
    const { catalog } = ctx;
    const parts = [];
    const units = (buy) => (buy ?? []).map((x, i) => (x ? `${x} ${label(catalog, "resources", catalog.resources[i])}` : "")).filter(Boolean).join(", ");
    const side = (coins, buy, word) => {
        if (!coins && !(buy ?? []).some((x) => x))
            return;
        const what = units(buy);
        parts.push(`${t("pay")} ${coins}¢ ${t(word)}${what ? ` (${what})` : ""}`);
    };
    side(m.left ?? 0, m.buy_left, "left");
    side(m.right ?? 0, m.buy_right, "right");
    // Poséidon's market: units bought from any city, [city, units] each
    for (const [city, buy] of (m.buy_far ?? [])) {
        const seat = ctx.view.cities?.[city]?.seat;
        const who = seat === null || seat === undefined ? `#${city}` : ctx.seatNames[seat];
        parts.push(`${t("buyFrom")} ${who} (${units(buy)})`);
    }
    return parts.length ? ` — ${parts.join(" + ")}` : "";
}
function describe(move, ctx) {
    const { catalog, view } = ctx;
    if (move.type === "Play") {
        const action = { build: t("build"), stage: t("stage"), discard: t("discardAction"), free: t("free") }[move.action] ?? move.action;
        const card = catalog.cards[move.card];
        const own = card && card.coins && move.action === "build" ? ` (${card.coins}¢)` : "";
        const city = move.city !== null && move.city !== undefined ? ` [${move.city}]` : "";
        return { group: cardName(catalog, move.card), label: `${action}${own}${trade(move, ctx)}${city}` };
    }
    const step = describeFaithStep(move, ctx);
    if (step !== null)
        return step;
    const faith = describeFaith(move, ctx, (m) => trade(m, ctx));
    if (faith !== null) {
        if (move.type === "KeepGod")
            return { group: t("gods"), label: faith };
        const base = describe({ ...move, type: "Play" }, ctx);
        return { group: base.group, label: `${base.label} + ${faith}` };
    }
    if (move.type === "PickLeader")
        return { group: t("leaderDraft"), label: `${t("pick")} ${leaderName(catalog, move.leader)} (${catalog.leaders?.[move.leader]?.cost ?? "?"}¢)` };
    if (move.type === "PlayLeader") {
        const action = { recruit: t("recruit"), stage: t("stage"), discard: t("discardAction") }[move.action] ?? move.action;
        const cost = move.action === "recruit" ? ` (${catalog.leaders?.[move.leader]?.cost ?? "?"}¢)` : move.action === "discard" ? " (+3¢)" : "";
        return { group: `${t("leaders")}: ${leaderName(catalog, move.leader)}`, label: `${action}${cost}${trade(move, ctx)}` };
    }
    if (move.type === "PlaceCourtesan")
        return { group: t("leaders"), label: `Courtesan → ${leaderName(catalog, move.leader)} (${seatLabel(ctx, view.cities[move.city]?.seat ?? move.city)})` };
    if (move.type === "DeclineLeader")
        return { group: t("leaders"), label: "—" };
    if (move.type === "BuildDiscarded")
        return { group: t("discard"), label: `${t("build")} ${cardName(catalog, move.card)}` };
    if (move.type === "CopyGuild")
        return { group: move.type, label: `${cardName(catalog, move.card)} (${move.neighbour})` };
    const fields = Object.entries(move).filter(([k]) => k !== "type" && k !== "seat")
        .map(([k, v]) => (k === "card" ? cardName(catalog, v) : k === "leader" ? leaderName(catalog, v) : `${k} ${JSON.stringify(v)}`));
    return { group: move.type, label: [move.type, ...fields].join(" · ") };
}
export const sevenWondersBoard = { render, describe, shows: showsUnderGodChoice };
