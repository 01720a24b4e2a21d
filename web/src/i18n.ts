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
  points: ["victory points", "points de victoire", "Siegpunkte"],
  science: ["science symbol", "symbole scientifique", "Wissenschaftssymbol"],
  chainGives: ["chain symbol, frees", "chaînage, libère", "Kettensymbol, macht kostenlos"],
  chainFrom: ["free by chain from", "gratuit par chaînage depuis", "kostenlos durch Kette von"],
  oneOf: ["one of", "au choix", "eins von"],
  produces: ["Produces", "Produit", "Produziert"],
  chainsHeld: ["Chains", "Chaînages", "Ketten"],
  log: ["What happened", "Ce qui s'est passé", "Was geschah"],
  olderLog: ["Back to the start", "Depuis le début", "Seit Spielbeginn"],
  lastMove: ["last move", "dernier coup", "letzter Zug"],
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
  buyFrom: ["buy from", "acheter à", "kaufen bei"],
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
  timeSpent: ["Time spent (counted by this page)", "Temps passé (compté par cette page)", "Verbrauchte Zeit (von dieser Seite gezählt)"],
  botPlays: ["played by its bot", "jouée par son bot", "vom Bot gespielt"],
  timeout: ["timeouts", "dépassements", "Zeitüberschreitungen"],
  clockOption: ["Clock (time bank per seat)", "Horloge (réserve de temps par place)", "Uhr (Zeitkonto je Platz)"],
  bank: ["Bank", "Réserve", "Konto"],
  increment: ["Increment per move", "Ajout par coup", "Zuschlag pro Zug"],
  onTimeout: ["On timeout", "Temps écoulé", "Bei Zeitablauf"],
  timeoutBot: ["a bot plays the move", "un bot joue le coup", "ein Bot spielt den Zug"],
  timeoutForfeit: ["the seat forfeits (with 3 seats or more, its bot plays on)", "la place perd par forfait (à 3 places ou plus, son bot continue)", "der Platz verliert kampflos (ab 3 Plätzen spielt sein Bot weiter)"],
  cost: ["cost", "coût", "Kosten"],
  recruited: ["Recruited", "Recrutés", "Angeworben"],
  leaderHand: ["Leaders in hand", "Leaders en main", "Anführer auf der Hand"],
  leaderDraft: ["Leaders offered", "Leaders proposés", "Angebotene Anführer"],
  recruitment: ["Recruitment", "Recrutement", "Anwerbung"],
  chooseLeader: ["each seat chooses a leader in secret", "chacun choisit un leader en secret", "jeder wählt geheim einen Anführer"],
  declare: ["recruit it or discard it for 2 coins", "le recruter ou le défausser pour 2 pièces", "anwerben oder für 2 Münzen abwerfen"],
  recruit: ["Recruit", "Recruter", "Anwerben"],
  pick: ["Keep", "Garder", "Behalten"],
  buried: ["under a wonder", "sous une merveille", "unter einem Weltwunder"],
  setAside: ["set aside", "mis de côté", "beiseitegelegt"],
  chosenHidden: ["has chosen (hidden)", "a choisi (caché)", "hat gewählt (verdeckt)"],
  draftRound: ["draft round", "tour de sélection", "Auswahlrunde"],
  gods: ["Gods", "Dieux", "Götter"],
  godsHand: ["Gods to pick from (prayer)", "Dieux à choisir (prière)", "Götter zur Wahl (Gebet)"],
  myGods: ["Your gods this age", "Vos dieux de cet âge", "Deine Götter in diesem Zeitalter"],
  invoke: ["Invoke", "Invoquer", "Anrufen"],
  sellGod: ["Discard for coins", "Défausser pour des pièces", "Für Münzen abwerfen"],
  noGod: ["No god", "Sans dieu", "Ohne Gott"],
  invoked: ["Gods invoked", "Dieux invoqués", "Angerufene Götter"],
  mayInvoke: ["may still invoke", "peut encore invoquer", "darf noch anrufen"],
  faithWonders: ["Faith wonders", "Merveilles de Faith", "Weltwunder von Faith"],
  withGod: ["with the god", "avec le dieu", "mit dem Gott"],
  godChoice: ["God chosen for this turn", "Dieu choisi pour ce tour", "Gott für diesen Zug"],
  targets: ["strikes", "frappe", "trifft"],
  godFirst: ["god first", "dieu d'abord", "Gott zuerst"],
  ageShort: ["Age", "Âge", "Zeitalter"],
  power: ["power", "pouvoir", "Macht"],
  provisional: ["provisional cost", "coût provisoire", "vorläufige Kosten"],
  inHand: ["in hand", "en main", "auf der Hand"],
  freeCost: ["free", "gratuit", "kostenlos"],
  raiseBuild: ["Osiris: build for free", "Osiris : construire gratuitement", "Osiris: kostenlos bauen"],
  raiseDiscard: ["Osiris: leave it for 3 coins", "Osiris : la laisser pour 3 pièces", "Osiris: für 3 Münzen liegen lassen"],
  osirisPile: ["Osiris: the discard pile (seen by you alone)", "Osiris : la défausse (vue de vous seul)", "Osiris: der Ablagestapel (nur für dich sichtbar)"],
  peek: ["Horus: look at the previous player's hand", "Horus : regarder la main du joueur précédent", "Horus: die Hand des vorigen Spielers ansehen"],
  lookedAt: ["Horus: the hand you saw", "Horus : la main que vous avez vue", "Horus: die gesehene Hand"],
  looksLeft: ["Horus looks left", "regards d'Horus restants", "verbleibende Horus-Blicke"],
  answerCancel: ["Seth: cancel the god of", "Seth : annuler le dieu de", "Seth: den Gott aufheben von"],
  pegasusTake: ["Pegasus: put in play for free", "Pégase : mettre en jeu gratuitement", "Pegasus: kostenlos ins Spiel bringen"],
  pegasusDiscard: ["Pegasus: discard them all for 3 coins", "Pégase : les défausser tous pour 3 pièces", "Pegasus: alle für 3 Münzen abwerfen"],
  pegasusLeaders: ["Pegasus: the leaders drawn (seen by you alone)", "Pégase : les leaders piochés (vus de vous seul)", "Pegasus: die gezogenen Anführer (nur für dich sichtbar)"],
  shownGods: ["Gods revealed (Seth may answer)", "Dieux révélés (Seth peut répondre)", "Enthüllte Götter (Seth darf antworten)"],
  answerNone: ["Seth: let every god be", "Seth : laisser faire chaque dieu", "Seth: jeden Gott gewähren lassen"],
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
  leader_draft: ["leaders draft", "sélection des leaders", "Anführer-Auswahl"],
  recruitment: ["recruitment", "recrutement", "Anwerbung"],
  prayer: ["prayer", "prière", "Gebet"],
  osiris: ["Osiris' choice from the discard", "choix d'Osiris dans la défausse", "Osiris' Wahl aus dem Ablagestapel"],
  pegasus: ["Pegasus' choice of a leader", "choix d'un leader par Pégase", "Pegasus' Wahl eines Anführers"],
  answer: ["Seth's answer", "réponse de Seth", "Seths Antwort"],
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
 * where no translation is recorded); entries the service leaves unnamed but that carry
 * their names per language (Faith's gods: `name_fr`, `name_en`) are named here. */
export function nameOf(entry: any): string {
  if (!entry) return "?";
  return entry.name || entry[`name_${current}`] || entry.name_en || entry.key || "?";
}

/** A word of one of the catalog's vocabularies (resources, colours, score lines, terms). */
export function label(catalog: any, section: string, key: string): string {
  return catalog?.labels?.[section]?.[key] ?? key;
}
