// Faith on the 7 Wonders board: the gods in hand (the prayer's picks, then the age's hand of
// gods) with their cost and power in this age, the choice of a god to go with the next card
// (invoked or discarded for coins), the gods invoked in each city, and Faith's two wonders.
import { cardChip, cardName } from "./board.js";
import { h } from "./dom.js";
import { label, lang, nameOf, t } from "./i18n.js";
import { effectAttrs } from "./icons.js";
/** The view's Faith part, if the game has Faith (it wraps Leaders' part as `inner`). */
export function faithOf(view) {
    const ext = view?.ext;
    return ext && Array.isArray(ext.gods_kept_count) ? ext : null;
}
/** The view's Leaders part, with or without Faith around it. */
export function leadersOf(view) {
    const ext = view?.ext;
    if (!ext)
        return null;
    const inner = faithOf(view) ? ext.inner : ext;
    return inner && Array.isArray(inner.recruited) ? inner : null;
}
export function godName(catalog, id) {
    return id < 0 ? t("hidden") : nameOf(catalog.gods?.[id]);
}
const COST_WORDS = {
    free: ["free", "gratuit", "kostenlos"],
    raw: ["raw materials", "matières premières", "Rohstoffe"],
    manufactured: ["manufactured goods", "produits manufacturés", "Manufakturwaren"],
    any: ["resources of any kind", "ressources au choix", "beliebige Ressourcen"],
    shields: ["shields on your cards", "boucliers sur vos cartes", "Schilde auf deinen Karten"],
    vp: ["VP on your blue cards", "PV sur vos cartes bleues", "SP auf deinen blauen Karten"],
    wonder: ["your next wonder stage's resources", "les ressources de votre prochaine étape de merveille", "die Ressourcen deiner nächsten Wunderstufe"],
    coins: ["coins", "pièces", "Münzen"],
};
function word(kind) {
    const entry = COST_WORDS[kind];
    return entry ? entry[["en", "fr", "de"].indexOf(lang())] : kind;
}
/** A god's invocation cost (`[kind, n, resources]`) as a sentence. */
export function godCostText(catalog, cost) {
    if (!Array.isArray(cost))
        return "";
    const [kind, n, res] = cost;
    if (kind === "free")
        return word("free");
    if (kind === "wonder")
        return word("wonder");
    if (kind === "resources") {
        return res.map((x, i) => (x ? `${x} ${label(catalog, "resources", catalog.resources[i])}` : "")).filter(Boolean).join(", ");
    }
    if (kind === "shields" || kind === "vp")
        return `≥ ${n} ${word(kind)}`;
    return `${n} ${word(kind)}`;
}
function godCard(ctx, faith, id, extra = "") {
    const { catalog, view } = ctx;
    if (id < 0)
        return h("span", { class: "god hidden-god" }, t("hidden"));
    const god = catalog.gods?.[id];
    const age = Math.min(3, Math.max(1, view.age || 1));
    const cost = faith.god_costs?.[id]?.[age - 1] ?? god?.costs?.[age - 1];
    const provisional = god?.provenance?.[age - 1] === "provisional";
    return h("div", { class: `god pantheon-${god?.pantheon ?? "x"} ${extra}`.trim(), "data-god": id, ...effectAttrs(god, godName(catalog, id)) }, h("strong", { class: "god-name" }, godName(catalog, id)), h("span", { class: "god-cost", title: provisional ? t("provisional") : "" }, `${t("cost")}: ${godCostText(catalog, cost)}${provisional ? " *" : ""}`), god?.powers?.[age - 1] ? h("small", { class: "god-power" }, god.powers[age - 1]) : null);
}
/** The gods a city has invoked (public), for its panel. */
export function invokedLine(ctx, city) {
    const faith = faithOf(ctx.view);
    if (!faith)
        return null;
    const invoked = faith.invoked?.[city] ?? [];
    const held = faith.gods_kept_count?.[city] ?? 0;
    const allowed = faith.gods_allowed?.[city] ?? 0;
    return h("div", { class: "city-gods" }, h("h3", {}, `${t("gods")}: ${held} ${t("inHand")} · ${t("mayInvoke")} ${allowed}`), ...invoked.map(([god, age]) => h("span", { class: "god-chip invoked-god", "data-god": god, ...effectAttrs(ctx.catalog.gods?.[god], godName(ctx.catalog, god)) }, `${godName(ctx.catalog, god)} (${t("ageShort")} ${age})`)));
}
/** The god choices that go with at least one legal move now: "invoke:<god>", "discard:<god>". */
function godChoices(ctx) {
    const found = new Map();
    for (const m of ctx.moves) {
        if (m.type !== "PlayWithGod")
            continue;
        const key = `${m.use}:${m.god}`;
        found.set(key, (found.get(key) ?? 0) + 1);
    }
    return found;
}
/** Which moves the moves panel lists under the current god choice: without one, the plays
 * with no god; with one, the plays with that god used that way. */
export function showsUnderGodChoice(move, ctx) {
    const choice = ctx.choice ?? null;
    if (move.type === "PlayWithGod")
        return choice === `${move.use}:${move.god}`;
    if (move.type === "Play")
        return choice === null;
    return true;
}
export function faithPanel(ctx) {
    const faith = faithOf(ctx.view);
    if (!faith)
        return null;
    const { catalog, view } = ctx;
    const panel = h("section", { class: "panel faith", id: "faith" }, h("h2", {}, t("gods")));
    if (faith.gods_hand?.length) {
        panel.append(h("h3", {}, t("godsHand")), h("div", { class: "gods gods-hand" }, ...faith.gods_hand.map((id) => godCard(ctx, faith, id))));
    }
    if (faith.gods_kept?.length) {
        const choices = godChoices(ctx);
        panel.append(h("h3", {}, t("myGods")), h("div", { class: "gods gods-kept" }, ...faith.gods_kept.map((id) => {
            const card = godCard(ctx, faith, id, ctx.choice?.endsWith(`:${id}`) ? "selected" : "");
            const button = (use, text) => choices.has(`${use}:${id}`)
                ? h("button", { class: "god-choice" + (ctx.choice === `${use}:${id}` ? " active" : ""), "data-use": use, "data-god": id,
                    onclick: () => ctx.setChoice?.(ctx.choice === `${use}:${id}` ? null : `${use}:${id}`) }, text)
                : null;
            card.append(h("div", { class: "god-actions" }, button("invoke", t("invoke")), button("discard", `${t("sellGod")} (+${view.age}¢)`)));
            return card;
        })));
        if (choices.size) {
            panel.append(h("p", { class: "god-choice-line" }, `${t("godChoice")}: `, h("button", { class: "god-choice" + (ctx.choice ? "" : " active"), "data-use": "none", onclick: () => ctx.setChoice?.(null) }, t("noGod")), ctx.choice ? ` · ${ctx.choice.startsWith("invoke") ? t("invoke") : t("sellGod")} ${godName(catalog, Number(ctx.choice.split(":")[1]))}` : ""));
        }
    }
    if (faith.my_god_choice) {
        const c = faith.my_god_choice;
        const god = Array.isArray(c) ? c[0] : c.god;
        const use = Array.isArray(c) ? c[1] : c.use;
        panel.append(h("p", { class: "my-god-choice" }, `✔ ${use === "invoke" ? t("invoke") : t("sellGod")} ${godName(catalog, god)}`));
    }
    if (faith.osiris_discard?.length) {
        panel.append(h("h3", {}, t("osirisPile")), h("div", { class: "osiris-pile" }, ...faith.osiris_discard.map((id) => cardChip(catalog, id))));
    }
    if (faith.pegasus_leaders?.length) {
        panel.append(h("h3", {}, t("pegasusLeaders")), h("div", { class: "pegasus-leaders" }, ...faith.pegasus_leaders.map((id) => h("span", { class: "leader-chip", "data-leader": id }, drawnLeader(catalog, id)))));
    }
    if ((faith.shown_gods ?? []).some((g) => g >= 0)) {
        panel.append(h("h3", {}, t("shownGods")), h("div", { class: "shown-gods" }, ...faith.shown_gods.map((g, c) => (g < 0 ? null
            : h("span", { class: "god-chip shown-god", "data-god": g, "data-city": c }, `${godName(catalog, g)} — ${ctx.seatNames[ctx.view.cities[c]?.seat] ?? `#${c}`}`)))));
    }
    if (faith.looked_at?.length) {
        panel.append(h("h3", {}, t("lookedAt")), h("div", { class: "horus-hand" }, ...faith.looked_at.map((id) => cardChip(catalog, id))));
    }
    const looks = ctx.mySeat === null ? 0 : (faith.horus_looks?.[cityOf(ctx, ctx.mySeat)] ?? 0);
    if (looks > 0)
        panel.append(h("p", { class: "horus-looks" }, `${t("looksLeft")}: ${looks}`));
    panel.append(h("table", { class: "gods-table" }, h("tbody", {}, ...view.cities.map((c) => h("tr", { "data-city": c.city }, h("th", {}, c.seat === null || c.seat === undefined ? "—" : (ctx.seatNames[c.seat] ?? `#${c.seat}`)), h("td", {}, `${faith.gods_kept_count?.[c.city] ?? 0} ${t("inHand")}`), h("td", {}, `${t("mayInvoke")} ${faith.gods_allowed?.[c.city] ?? 0}`), h("td", {}, ...(faith.invoked?.[c.city] ?? []).map(([god, age]) => h("span", { class: "god-chip", "data-god": god, ...effectAttrs(catalog.gods?.[god], godName(catalog, god)) }, `${godName(catalog, god)} (${t("ageShort")} ${age})`))))))));
    panel.append(h("p", { class: "muted" }, `* ${t("provisional")} (catalog: provenance)`));
    const wonders = faithWonders(ctx);
    if (wonders)
        panel.append(wonders);
    return panel;
}
const FAITH_BOARDS = ["ithaca", "syracuse"];
/** Faith's boards (Ithaca, Syracuse): each side's stages and what they do, and who has it. */
function faithWonders(ctx) {
    const { catalog, view } = ctx;
    const boards = (catalog.wonders ?? []).filter((w) => FAITH_BOARDS.includes(w.key));
    if (!boards.length)
        return null;
    const holder = (id) => view.cities.find((c) => c.board === id);
    const stage = (st, i) => {
        const cost = (st.cost ?? []).map((x, r) => (x ? `${x} ${label(catalog, "resources", catalog.resources[r])}` : "")).filter(Boolean).join(", ");
        const gains = [st.vp ? `${st.vp} VP` : "", st.shields ? `${st.shields} ${t("shields")}` : "", st.coins ? `${st.coins}¢` : "",
            ...(st.abilities ?? []).map((a) => label(catalog, "terms", a).replace(/_/g, " "))].filter(Boolean).join(", ");
        return h("li", {}, `${i + 1}: ${cost} → ${gains}`);
    };
    return h("div", { class: "faith-wonders" }, h("h3", {}, t("faithWonders")), ...boards.map((w) => {
        const city = holder(w.id);
        return h("div", { class: "faith-wonder" + (city ? " in-play" : ""), "data-wonder": w.key, ...effectAttrs(w, nameOf(w)) }, h("strong", {}, nameOf(w)), city ? ` — ${city.seat === null || city.seat === undefined ? "—" : ctx.seatNames[city.seat]} (${city.side})` : "", ...(w.sides ?? []).map((side, i) => h("div", { class: "faith-side" }, `${i ? "B" : "A"}: `, h("ol", {}, ...side.map(stage)))));
    }));
}
/** The label of a Faith move (a prayer's pick, or a card played with a god). */
export function describeFaith(move, ctx, trade) {
    const { catalog } = ctx;
    if (move.type === "KeepGod")
        return `${t("pick")} ${godName(catalog, move.god)}`;
    if (move.type !== "PlayWithGod")
        return null;
    const god = godName(catalog, move.god);
    const godTrade = trade({ left: move.god_left, right: move.god_right, buy_left: move.god_buy_left, buy_right: move.god_buy_right, buy_far: move.god_buy_far });
    const targets = move.targets?.length ? ` · ${t("targets")} ${move.targets.map((c) => ctx.seatNames[ctx.view.cities[c]?.seat] ?? `#${c}`).join(", ")}` : "";
    const how = move.use === "invoke" ? `${t("invoke")} ${god}${godTrade}${targets}` : `${t("sellGod")} ${god} (+${ctx.view.age}¢)`;
    return `${how}${move.god_first ? ` (${t("godFirst")})` : ""}`;
}
function cityOf(ctx, seat) {
    return ctx.view.cities.find((c) => c.seat === seat)?.city ?? seat;
}
/** The label of a move of Faith's own steps (Osiris' card from the discard, Horus' look,
 * Seth's answer), or null for any other move. */
export function describeFaithStep(move, ctx) {
    const { catalog } = ctx;
    if (move.type === "RaiseDiscarded") {
        return { group: `Osiris: ${cardName(catalog, move.card)}`, label: move.use === "discard" ? t("raiseDiscard") : t("raiseBuild") };
    }
    if (move.type === "TakeLeader") {
        return move.leader < 0
            ? { group: "Pegasus", label: t("pegasusDiscard") }
            : { group: "Pegasus", label: `${t("pegasusTake")}: ${drawnLeader(catalog, move.leader)}` };
    }
    if (move.type === "Peek")
        return { group: t("gods"), label: t("peek") };
    if (move.type === "Answer") {
        if (move.target < 0)
            return { group: "Seth", label: t("answerNone") };
        const city = ctx.view.cities[move.target];
        const god = faithOf(ctx.view)?.shown_gods?.[move.target] ?? -1;
        const named = god >= 0 ? ` (${godName(catalog, god)})` : "";
        return { group: "Seth", label: `${t("answerCancel")} ${ctx.seatNames[city?.seat] ?? `#${move.target}`}${named}` };
    }
    return null;
}
/** A leader Pégase drew: the catalog's name when the game lists leaders, else its number. */
function drawnLeader(catalog, id) {
    const entry = catalog.leaders?.[id];
    return entry ? nameOf(entry) : `#${id}`;
}
