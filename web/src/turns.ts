// The page's title and favicon count the games waiting for the signed-in player's move,
// kept by the player socket (`/players/me/ws`: `your_turn`, `table`, `game_over` wake a
// re-read of "my games"), with an optional sound when one more is waiting (off unless
// the player turns it on; the choice is kept in this browser).

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { Feed, Json, rest } from "./protocol.js";

const SOUND_KEY = "polis.sound";
const BASE_TITLE = "Polis";

let feed: Feed | null = null;
let count = 0;
let timer: ReturnType<typeof setTimeout> | null = null;
let poll: ReturnType<typeof setInterval> | null = null;
let audio: AudioContext | null = null;

function soundOn(): boolean {
  try { return localStorage.getItem(SOUND_KEY) === "on"; } catch { return false; }
}

function beep(): void {
  if (!audio) return;
  const osc = audio.createOscillator();
  const gain = audio.createGain();
  osc.frequency.value = 660;
  gain.gain.value = 0.08;
  osc.connect(gain).connect(audio.destination);
  osc.start();
  osc.stop(audio.currentTime + 0.18);
}

/** A favicon with the count on it (the plain page icon when nothing waits). */
function favicon(n: number): string {
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 32;
  const g = canvas.getContext("2d");
  if (!g) return "data:,";
  g.fillStyle = "#8b5a2b";
  g.fillRect(4, 4, 24, 24);
  if (n > 0) {
    g.fillStyle = "#c0392b";
    g.beginPath(); g.arc(20, 20, 12, 0, Math.PI * 2); g.fill();
    g.fillStyle = "#fff";
    g.font = "bold 16px sans-serif"; g.textAlign = "center"; g.textBaseline = "middle";
    g.fillText(n > 9 ? "9+" : String(n), 20, 21);
  }
  return canvas.toDataURL("image/png");
}

function show(n: number): void {
  const more = n > count;
  count = n;
  document.title = n > 0 ? `(${n}) ${BASE_TITLE}` : BASE_TITLE;
  document.body.dataset.turns = String(n);
  let icon = document.querySelector<HTMLLinkElement>("link[rel=icon]");
  if (!icon) { icon = document.createElement("link"); icon.rel = "icon"; document.head.append(icon); }
  icon.href = favicon(n);
  icon.dataset.count = String(n);
  if (more && soundOn()) beep();
}

async function reread(): Promise<void> {
  try {
    const games: Json[] = (await rest("GET", "/players/me/games?limit=50")).games ?? [];
    show(games.filter((g) => g.my_turn && !g.game?.over).length);
  } catch { /* signed out meanwhile, or a failed read: the next wake-up reads again */ }
}

/** Read "my games" again soon (after a move of mine on a board: no socket tells that). */
export function recountSoon(): void {
  if (!feed || timer) return;
  timer = setTimeout(() => { timer = null; void reread(); }, 300);
}

/** Start counting for the signed-in player (once per page; a no-op when signed out). */
export function followTurns(signedIn: boolean): void {
  if (!signedIn || feed) return;
  feed = new Feed("/players/me/ws", (msg) => {
    if (["hello", "your_turn", "table", "game_over"].includes(msg.type)) recountSoon();
  }, true, () => { feed = null; if (poll) clearInterval(poll); });
  poll = setInterval(recountSoon, 15000);
  void reread();
}

/** The header's sound switch (off by default): a click turns it on and unlocks audio. */
export function soundToggle(): HTMLElement {
  const button = h("button", { type: "button", id: "sound-toggle", class: "sound-toggle", "aria-pressed": soundOn() ? "true" : "false",
    title: t("sound") }, "♪", h("span", { class: "visually-hidden" }, ` ${t("sound")}`)) as HTMLButtonElement;
  button.addEventListener("click", () => {
    const on = !soundOn();
    try { localStorage.setItem(SOUND_KEY, on ? "on" : "off"); } catch { /* private mode: this page only */ }
    button.setAttribute("aria-pressed", on ? "true" : "false");
    if (on && !audio) { try { audio = new AudioContext(); } catch { audio = null; } }
    if (on) beep();
  });
  return button;
}
