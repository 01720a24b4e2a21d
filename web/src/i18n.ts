// Interface strings in the reader's language; card names come from the catalog.

export type Lang = "en" | "fr" | "de";
export const LANGS: Lang[] = ["en", "fr", "de"];

const STRINGS: Record<string, [string, string, string]> = {
  lobby: ["New game", "Nouvelle partie", "Neues Spiel"],
  kind: ["Game", "Jeu", "Spiel"],
  expansions: ["Expansions", "Extensions", "Erweiterungen"],
  seats: ["Seats", "Places", "Plätze"],
  human: ["Human", "Humain", "Mensch"],
  bot: ["Bot", "Bot", "Bot"],
  create: ["Create the game", "Créer la partie", "Spiel erstellen"],
  seatLinks: ["Seat links (each is secret: send it to its player only)", "Liens des places (chacun est secret : ne l'envoyez qu'à son joueur)", "Platz-Links (jeder ist geheim: nur an seinen Spieler senden)"],
  spectate: ["Spectate", "Regarder", "Zuschauen"],
  replay: ["Replay", "Revoir", "Wiederholung"],
  recent: ["Recent games", "Parties récentes", "Letzte Spiele"],
  open: ["Open", "Ouvrir", "Öffnen"],
  yourMoves: ["Your moves", "Vos coups", "Deine Züge"],
  waiting: ["Waiting for the other players", "En attente des autres joueurs", "Warten auf die anderen Spieler"],
  spectator: ["Spectator", "Spectateur", "Zuschauer"],
  age: ["Age", "Âge", "Zeitalter"],
  turn: ["Turn", "Tour", "Zug"],
  phase: ["Phase", "Phase", "Phase"],
  version: ["Version", "Version", "Version"],
  coins: ["coins", "pièces", "Münzen"],
  shields: ["shields", "boucliers", "Schilde"],
  wonders: ["Wonders", "Merveilles", "Weltwunder"],
  tokens: ["Progress tokens", "Jetons progrès", "Fortschrittsmarker"],
  military: ["Military track", "Piste militaire", "Militärleiste"],
  structure: ["Card structure", "Structure de cartes", "Kartenauslage"],
  discard: ["Discard pile", "Défausse", "Ablagestapel"],
  hand: ["Your hand", "Votre main", "Deine Hand"],
  scores: ["Score sheet", "Feuille de score", "Wertungsblock"],
  winner: ["Winner", "Vainqueur", "Sieger"],
  tie: ["Tie", "Égalité", "Unentschieden"],
  over: ["Game over", "Partie terminée", "Spiel beendet"],
  acting: ["to play", "doit jouer", "am Zug"],
  chosen: ["has chosen", "a choisi", "hat gewählt"],
  build: ["Build", "Construire", "Bauen"],
  stage: ["Wonder stage", "Étape de merveille", "Wunderstufe"],
  discardAction: ["Discard", "Défausser", "Abwerfen"],
  free: ["Build free", "Construire gratuitement", "Kostenlos bauen"],
  pay: ["pay", "payer", "zahlen"],
  left: ["left", "gauche", "links"],
  right: ["right", "droite", "rechts"],
  total: ["total", "total", "gesamt"],
  clock: ["Clock", "Horloge", "Uhr"],
  senate: ["Senate", "Sénat", "Senat"],
  chamber: ["Chamber", "Chambre", "Kammer"],
  conspiracies: ["Conspiracies", "Conspirations", "Verschwörungen"],
  handSize: ["cards in hand", "cartes en main", "Karten auf der Hand"],
  board: ["Board", "Plateau", "Spielplan"],
  live: ["live", "en direct", "live"],
  offline: ["reconnecting…", "reconnexion…", "Verbindung wird hergestellt…"],
  owed: ["Owed", "Dû", "Ausstehend"],
  draft: ["Wonders offered", "Merveilles proposées", "Angebotene Weltwunder"],
  tucked: ["under the wonders", "sous les merveilles", "unter den Wundern"],
  hidden: ["face down", "face cachée", "verdeckt"],
  slider: ["Version", "Version", "Version"],
  players: ["players", "joueurs", "Spieler"],
  refused: ["Refused", "Refusé", "Abgelehnt"],
  you: ["you", "vous", "du"],
  pile: ["Free City pile", "Pioche de la Cité libre", "Stapel der Freien Stadt"],
  leaders: ["Leaders", "Leaders", "Anführer"],
  copy: ["copy", "copier", "kopieren"],
};

const PHASES: Record<string, [string, string, string]> = {
  setup: ["set-up", "mise en place", "Aufbau"],
  wonder_draft: ["wonder draft", "sélection des merveilles", "Weltwunder-Auswahl"],
  play: ["play", "jeu", "Spiel"],
  choose_start_player: ["choosing who starts", "choix du premier joueur", "Wahl des Startspielers"],
  discard_build: ["building from the discard", "construction depuis la défausse", "Bau aus dem Ablagestapel"],
  seventh: ["seventh card", "septième carte", "siebte Karte"],
  copy_guild: ["copying a guild", "copie d'une guilde", "Gilde kopieren"],
  over: ["over", "terminée", "beendet"],
};

let current: Lang = "en";

export function setLang(lang: string): void {
  current = (LANGS as string[]).includes(lang) ? (lang as Lang) : "en";
}

export function lang(): Lang { return current; }

export function t(key: string): string {
  const entry = STRINGS[key];
  if (!entry) return key;
  return entry[LANGS.indexOf(current)];
}

/** A phase of a view in the reader's language (its own name for a phase of an expansion). */
export function phaseName(phase: string): string {
  const entry = PHASES[phase];
  return entry ? entry[LANGS.indexOf(current)] : phase.replace(/_/g, " ");
}

/** The name of a catalog entry: the service gives it in the reader's language (or English
 * where no translation is recorded). */
export function nameOf(entry: any): string {
  if (!entry) return "?";
  return entry.name || entry.key || "?";
}

/** A word of one of the catalog's vocabularies (resources, colours, score lines, terms). */
export function label(catalog: any, section: string, key: string): string {
  return catalog?.labels?.[section]?.[key] ?? key;
}
