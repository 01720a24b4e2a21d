// The page's own icons: small inline SVGs legible at 16 px, each told apart by its shape and
// a letter (never by colour alone), each with a text alternative (role="img", aria-label).
// What a card gives is drawn from the catalog's structured data; the words come from its
// `effect` text.

import { h } from "./dom.js";
import { label, t } from "./i18n.js";
import type { Json } from "./protocol.js";

const NS = "http://www.w3.org/2000/svg";

type Shape = "circle" | "square" | "diamond" | "shield" | "star" | "hex" | "link" | "tri";

const PATHS: Record<Shape, string> = {
  circle: "M8 1a7 7 0 1 0 0.01 0Z",
  square: "M2 2h12v12H2Z",
  diamond: "M8 1l7 7-7 7-7-7Z",
  shield: "M8 1l6 2v5c0 4-3 6-6 7-3-1-6-3-6-7V3Z",
  star: "M8 0.5l2.2 4.6 5 .6-3.7 3.4 1 5L8 11.7 3.5 14.1l1-5L.8 5.7l5-.6Z",
  hex: "M4 1h8l4 7-4 7H4L0 8Z",
  link: "M1 6h6v4H1ZM9 6h6v4H9ZM5 7.2h6v1.6H5Z",
  tri: "M8 1l7 14H1Z",
};

/** One icon: a shape, a letter or number on it, and its spoken name. */
export function icon(shape: Shape, mark: string, name: string, cls = ""): HTMLElement {
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", "0 0 16 16");
  svg.setAttribute("width", "16");
  svg.setAttribute("height", "16");
  svg.setAttribute("aria-hidden", "true");
  const path = document.createElementNS(NS, "path");
  path.setAttribute("d", PATHS[shape]);
  svg.append(path);
  if (mark) {
    const text = document.createElementNS(NS, "text");
    text.setAttribute("x", "8");
    text.setAttribute("y", shape === "tri" ? "13" : "11.5");
    text.setAttribute("text-anchor", "middle");
    text.textContent = mark;
    svg.append(text);
  }
  return h("span", { class: `icon icon-${shape} ${cls}`.trim(), role: "img", "aria-label": name, title: name }, svg);
}

const RESOURCE_MARK: Record<string, string> = {
  wood: "W", clay: "C", stone: "S", ore: "O", glass: "G", papyrus: "P", loom: "L",
};

export function resourceIcon(catalog: Json, key: string, n = 1): HTMLElement {
  const name = label(catalog, "resources", key);
  const raw = ["wood", "clay", "stone", "ore"].includes(key);
  return icon(raw ? "square" : "diamond", RESOURCE_MARK[key] ?? key[0].toUpperCase(),
    n > 1 ? `${n} ${name}` : name, `res res-${key}`);
}

export function coinIcon(n: number): HTMLElement { return icon("circle", String(n), `${n} ${t("coins")}`, "coin"); }
export function vpIcon(n: number): HTMLElement { return icon("star", String(n), `${n} ${t("points")}`, "vp"); }
export function shieldIcon(n: number): HTMLElement { return icon("shield", String(n), `${n} ${t("shields")}`, "shield"); }
export function scienceIcon(name: string): HTMLElement {
  return icon("hex", name.replace(/_/g, " ")[0].toUpperCase(), `${t("science")}: ${name.replace(/_/g, " ")}`, "science");
}
export function chainIcon(name: string, gives: boolean, cards: string): HTMLElement {
  const what = `${gives ? t("chainGives") : t("chainFrom")}: ${name.replace(/_/g, " ")}${cards ? ` (${cards})` : ""}`;
  return icon("link", "", what, gives ? "chain gives" : "chain needs");
}

/** What a card gives, as icons, from its data: production, shields, points, science, chains. */
export function gains(catalog: Json, card: Json): HTMLElement | null {
  if (!card) return null;
  const out: HTMLElement[] = [];
  const resources: string[] = catalog.resources ?? [];
  (card.produces ?? []).forEach((n: number, i: number) => { for (let k = 0; k < n; k++) out.push(resourceIcon(catalog, resources[i])); });
  if (card.choice?.length) {
    out.push(h("span", { class: "choice", role: "group", "aria-label": t("oneOf") },
      ...card.choice.flatMap((r: number, i: number) => [i ? "/" : "", resourceIcon(catalog, resources[r])])));
  }
  if (card.shields) out.push(shieldIcon(card.shields));
  if (card.vp) out.push(vpIcon(card.vp));
  const symbols: string[] = catalog.science_symbols ?? SCIENCE_DUEL;
  if (typeof card.science === "number" && card.science >= 0) out.push(scienceIcon(symbols[card.science] ?? String(card.science)));
  for (const [name, args] of card.on_build ?? []) if (name === "gain_coins") out.push(coinIcon(args[0]));
  if (typeof card.chain_grants === "number" && card.chain_grants >= 0) {
    const freed = catalog.cards.filter((c: Json) => c.chain_from === card.chain_grants).map((c: Json) => c.name).join(", ");
    out.push(chainIcon(CHAINS_DUEL[card.chain_grants] ?? "", true, freed));
  }
  if (typeof card.chain_from === "number" && card.chain_from >= 0) {
    const from = catalog.cards.filter((c: Json) => c.chain_grants === card.chain_from).map((c: Json) => c.name).join(", ");
    out.push(chainIcon(CHAINS_DUEL[card.chain_from] ?? "", false, from));
  }
  if (Array.isArray(card.chain_from) && card.chain_from.length) {
    const from = catalog.cards.filter((c: Json) => card.chain_from.includes(c.name_id)).map((c: Json) => c.name);
    out.push(chainIcon([...new Set(from)].join(", "), false, ""));
  }
  if (typeof card.name_id === "number") {
    const frees = catalog.cards.filter((c: Json) => Array.isArray(c.chain_from) && c.chain_from.includes(card.name_id)).map((c: Json) => c.name);
    if (frees.length) out.push(chainIcon([...new Set(frees)].join(", "), true, ""));
  }
  return out.length ? h("span", { class: "gains" }, ...out) : null;
}

const SCIENCE_DUEL = ["armillary_sphere", "wheel", "sundial", "mortar_and_pestle", "plumb_line", "quill", "scales"];
const CHAINS_DUEL = ["horseshoe", "sword", "tower", "target", "helmet", "book", "gear", "lyre", "lamp", "mask", "pillar", "moon", "sun", "water_drop", "pediment", "amphora", "barrel"];

/** The attributes that carry an entry's effect text to sight and to screen readers: a
 * tooltip on hover (title), on focus and tap (data-effect, shown by the style sheet), and
 * the accessible description. */
export function effectAttrs(entry: Json, name = ""): Record<string, string | number> {
  const effect: string = entry?.effect ?? "";
  if (!effect) return {};
  return { title: name ? `${name}: ${effect}` : effect, "aria-description": effect, "data-effect": effect, tabindex: 0 };
}
