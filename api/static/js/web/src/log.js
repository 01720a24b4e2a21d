// "What happened": the public events in words, in the reader's language, built from the
// events as the server redacted them for this seat (a card another seat hides arrives as -1
// and reads "a hidden card"; nothing here can name it).
import { cardName } from "./board.js";
import { h } from "./dom.js";
import { lang, nameOf, t } from "./i18n.js";
const SAY = {
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
/** The other events, in words: each field a line may name ({who} the acting seat, {owner}
 * the seat acted on, {card}, {wonder}, {leader}, {token}, {n} an amount, {age}). */
const EVENTS = {
    TableOpened: ["The table opens", "La table est ouverte", "Der Tisch ist eröffnet"],
    SeatTaken: ["{name} sits down", "{name} s'assoit", "{name} nimmt Platz"],
    SeatLeft: ["{who} leaves the table", "{who} quitte la table", "{who} verlässt den Tisch"],
    SeatCleared: ["The host frees {who}'s seat", "L'hôte libère la place de {who}", "Der Gastgeber gibt den Platz von {who} frei"],
    SeatDeclined: ["An invited player declines: the seat opens", "Un invité refuse : la place se libère", "Ein Eingeladener lehnt ab: der Platz wird frei"],
    TableStarted: ["Every seat is taken: the game begins", "Toutes les places sont prises : la partie commence", "Alle Plätze besetzt: das Spiel beginnt"],
    TableExpired: ["The table closes before it filled", "La table ferme avant d'être complète", "Der Tisch schließt, bevor er voll ist"],
    GameStarted: ["The game begins", "La partie commence", "Das Spiel beginnt"],
    HandsDiscarded: ["The last cards of the age are discarded", "Les dernières cartes de l'âge sont défaussées", "Die letzten Karten des Zeitalters werden abgeworfen"],
    SeatResigned: ["{who} resigns", "{who} abandonne", "{who} gibt auf"],
    SeatForfeited: ["{who} loses on time", "{who} perd au temps", "{who} verliert auf Zeit"],
    SeatTimedOut: ["{who} ran out of time", "{who} a dépassé son temps", "{who} hat die Zeit überschritten"],
    SeatHandedToBot: ["A bot plays on for {who}", "Un bot continue pour {who}", "Ein Bot spielt für {who} weiter"],
    CoinsGained: ["{who} gains {n} coins", "{who} gagne {n} pièces", "{who} erhält {n} Münzen"],
    CoinsLost: ["{who} loses {n} coins", "{who} perd {n} pièces", "{who} verliert {n} Münzen"],
    MilitaryTokenTaken: ["{who} takes a military token", "{who} prend un jeton militaire", "{who} nimmt einen Militärmarker"],
    CardDestroyed: ["{who} destroys {card} of {owner}", "{who} détruit {card} de {owner}", "{who} zerstört {card} von {owner}"],
    CardRevealed: ["{card} is turned face up", "{card} est retournée", "{card} wird aufgedeckt"],
    WonderPicked: ["{who} picks {wonder}", "{who} choisit {wonder}", "{who} wählt {wonder}"],
    WondersRevealed: ["Wonders are offered", "Des merveilles sont proposées", "Weltwunder werden angeboten"],
    WonderRetired: ["{wonder} leaves the game", "{wonder} quitte le jeu", "{wonder} scheidet aus"],
    StartPlayerChosen: ["{who} chooses who starts", "{who} choisit qui commence", "{who} wählt, wer beginnt"],
    PlayAgainGranted: ["{who} plays again", "{who} rejoue", "{who} ist noch einmal am Zug"],
    GreatLibraryDrawn: ["{who} draws progress tokens", "{who} pioche des jetons progrès", "{who} zieht Fortschrittsmarker"],
    GuildCopied: ["{who} copies the guild {card}", "{who} copie la guilde {card}", "{who} kopiert die Gilde {card}"],
    CopyGuildBegan: ["{who} may copy a neighbour's guild", "{who} peut copier une guilde voisine", "{who} darf eine Nachbargilde kopieren"],
    DiscardBuildBegan: ["{who} may build from the discard", "{who} peut construire depuis la défausse", "{who} darf aus dem Ablagestapel bauen"],
    DiscardBuildLapsed: ["Nothing to build from the discard", "Rien à construire depuis la défausse", "Nichts aus dem Ablagestapel zu bauen"],
    SeventhBegan: ["The seventh card may be played", "La septième carte peut être jouée", "Die siebte Karte darf gespielt werden"],
    LeaderRecruited: ["{who} recruits {leader}", "{who} recrute {leader}", "{who} wirbt {leader} an"],
    LeaderDiscarded: ["{who} discards a leader", "{who} défausse un leader", "{who} wirft einen Anführer ab"],
    LeaderBuried: ["{who} puts a leader under a wonder", "{who} place un leader sous une merveille", "{who} legt einen Anführer unter ein Weltwunder"],
    LeaderPicked: ["{who} keeps a leader", "{who} garde un leader", "{who} behält einen Anführer"],
    LeadersPassed: ["Leaders are passed on", "Les leaders sont passés", "Die Anführer werden weitergegeben"],
    RecruitmentBegan: ["Recruitment begins", "Le recrutement commence", "Die Anwerbung beginnt"],
    PrayerBegan: ["Prayer: each seat picks its gods", "Prière : chacun choisit ses dieux", "Gebet: jeder wählt seine Götter"],
    GodKept: ["{who} keeps a god", "{who} garde un dieu", "{who} behält einen Gott"],
    GodsRetired: ["The gods of age {age} withdraw", "Les dieux de l'âge {age} se retirent", "Die Götter von Zeitalter {age} ziehen sich zurück"],
    VictoryCoins: ["Coins are counted", "Les pièces sont comptées", "Die Münzen werden gezählt"],
    SenatorRecruited: ["{who} recruits {card}", "{who} recrute {card}", "{who} wirbt {card} an"],
    InfluencePlaced: ["{who} places influence", "{who} place de l'influence", "{who} setzt Einfluss"],
    InfluenceMoved: ["{who} moves influence", "{who} déplace de l'influence", "{who} verschiebt Einfluss"],
    InfluenceRemoved: ["{who} removes influence of {owner}", "{who} retire de l'influence de {owner}", "{who} entfernt Einfluss von {owner}"],
    DecreeRevealed: ["A decree is revealed", "Un décret est révélé", "Ein Dekret wird aufgedeckt"],
    DecreeMoved: ["{who} moves a decree", "{who} déplace un décret", "{who} verschiebt ein Dekret"],
    ConspiracyPrepared: ["{who} prepares a conspiracy", "{who} prépare une conspiration", "{who} bereitet eine Verschwörung vor"],
    ConspiracyTriggered: ["{who} triggers a conspiracy", "{who} déclenche une conspiration", "{who} löst eine Verschwörung aus"],
    FreeBuildingConstructed: ["{who} builds {card} for free", "{who} construit {card} gratuitement", "{who} baut {card} kostenlos"],
    StructureCardDiscarded: ["{who} discards {card} from the structure", "{who} défausse {card} de la structure", "{who} wirft {card} aus der Auslage ab"],
    CardTaken: ["{who} takes {card} from {owner}", "{who} prend {card} à {owner}", "{who} nimmt {card} von {owner}"],
    WonderSabotaged: ["{who} sabotages {wonder} of {owner}", "{who} sabote {wonder} de {owner}", "{who} sabotiert {wonder} von {owner}"],
    GodChosen: ["{who} chooses a god in secret", "{who} choisit un dieu en secret", "{who} wählt geheim einen Gott"],
    GodRevealed: ["{who} reveals a god", "{who} révèle un dieu", "{who} deckt einen Gott auf"],
    GodStruck: ["A god strikes {who}", "Un dieu frappe {who}", "Ein Gott trifft {who}"],
    GodsShown: ["Gods are revealed", "Des dieux sont révélés", "Götter werden aufgedeckt"],
    GodsPassed: ["Gods are passed on", "Les dieux sont passés", "Die Götter werden weitergegeben"],
    GodIncome: ["The gods bring coins", "Les dieux rapportent des pièces", "Die Götter bringen Münzen"],
    HandPeeked: ["{who} looks at a hand (Horus)", "{who} regarde une main (Horus)", "{who} sieht eine Hand an (Horus)"],
    HandKept: ["Hands are kept", "Les mains sont gardées", "Die Hände werden behalten"],
    HandsRedealt: ["Hands are dealt again", "Les mains sont redistribuées", "Die Hände werden neu verteilt"],
    CardsSwapped: ["Cards are swapped", "Des cartes sont échangées", "Karten werden getauscht"],
    PegasusRode: ["{who} rides Pegasus", "{who} chevauche Pégase", "{who} reitet Pegasus"],
    SethAnswered: ["Seth answers", "Seth répond", "Seth antwortet"],
    RaiseBegan: ["{who} may raise a card from the discard (Osiris)", "{who} peut relever une carte de la défausse (Osiris)", "{who} darf eine Karte aus dem Ablagestapel holen (Osiris)"],
    RaiseDiscarded: ["{who} uses a card from the discard", "{who} utilise une carte de la défausse", "{who} nutzt eine Karte aus dem Ablagestapel"],
    GuildPlundered: ["A guild is plundered", "Une guilde est pillée", "Eine Gilde wird geplündert"],
    LeaderChosen: ["{who} chooses a leader in secret", "{who} choisit un leader en secret", "{who} wählt geheim einen Anführer"],
    LeaderKept: ["{who} keeps a leader", "{who} garde un leader", "{who} behält einen Anführer"],
    LeadersDrawn: ["{who} draws leaders", "{who} pioche des leaders", "{who} zieht Anführer"],
    LeadersOffered: ["Leaders are offered to {who}", "Des leaders sont proposés à {who}", "{who} werden Anführer angeboten"],
    LeadersRevealed: ["Leaders are revealed", "Les leaders sont révélés", "Die Anführer werden aufgedeckt"],
    DrawnLeadersReturned: ["{who} returns the leaders drawn", "{who} rend les leaders piochés", "{who} legt die gezogenen Anführer zurück"],
    ChoicesRevealed: ["The choices are revealed", "Les choix sont révélés", "Die Wahl wird aufgedeckt"],
    RecruitmentDeclared: ["{who} declares a recruitment", "{who} annonce un recrutement", "{who} kündigt eine Anwerbung an"],
    DeclarationsRevealed: ["The recruitments are revealed", "Les recrutements sont révélés", "Die Anwerbungen werden aufgedeckt"],
    RecruitmentEnded: ["Recruitment ends", "Le recrutement se termine", "Die Anwerbung endet"],
    LeaderEffectsBegan: ["{who}'s leaders act", "Les leaders de {who} agissent", "Die Anführer von {who} wirken"],
    LayoutEffectsEnded: ["The leaders' effects end", "Les effets des leaders se terminent", "Die Wirkungen der Anführer enden"],
    CourtesanBegan: ["{who} places the Courtesan", "{who} place la Courtisane", "{who} setzt die Kurtisane"],
    CourtesanPlaced: ["The Courtesan is placed", "La Courtisane est placée", "Die Kurtisane ist gesetzt"],
    CourtesanLapsed: ["No one for the Courtesan", "Personne pour la Courtisane", "Niemand für die Kurtisane"],
    ExtraLeaderBegan: ["{who} may recruit one more leader", "{who} peut recruter un leader de plus", "{who} darf einen weiteren Anführer anwerben"],
    ExtraLeaderSkipped: ["No extra leader", "Pas de leader en plus", "Kein weiterer Anführer"],
    CardPutUnder: ["{who} puts {card} under a leader", "{who} place {card} sous un leader", "{who} legt {card} unter einen Anführer"],
    SymbolChanged: ["{who} changes a science symbol", "{who} change un symbole scientifique", "{who} ändert ein Wissenschaftssymbol"],
    AspasiaReady: ["{who}: Aspasia is ready", "{who} : Aspasie est prête", "{who}: Aspasia ist bereit"],
    AspasiaCancelled: ["{who}: Aspasia is cancelled", "{who} : Aspasie est annulée", "{who}: Aspasia wird aufgehoben"],
    CardsOffered: ["Cards are offered to {who}", "Des cartes sont proposées à {who}", "{who} werden Karten angeboten"],
    OfferedCardBuilt: ["{who} builds {card} from the offer", "{who} construit {card} de l'offre", "{who} baut {card} aus dem Angebot"],
    OfferLapsed: ["{who} lets the offer go", "{who} laisse passer l'offre", "{who} lässt das Angebot verfallen"],
    ConspiraciesDrawn: ["{who} draws conspiracies", "{who} pioche des conspirations", "{who} zieht Verschwörungen"],
    ConspiracyKept: ["{who} keeps a conspiracy", "{who} garde une conspiration", "{who} behält eine Verschwörung"],
    ConspiracyResolved: ["{who}'s conspiracy is done", "La conspiration de {who} est accomplie", "Die Verschwörung von {who} ist ausgeführt"],
    AsideTokenTaken: ["{who} takes a progress token set aside", "{who} prend un jeton progrès mis de côté", "{who} nimmt einen beiseitegelegten Fortschrittsmarker"],
    TokenObscured: ["{who} covers a progress token", "{who} couvre un jeton progrès", "{who} verdeckt einen Fortschrittsmarker"],
    LeadersPlayed: ["The leaders chosen are played", "Les leaders choisis sont joués", "Die gewählten Anführer werden ausgespielt"],
    AgeOpened: SAY.ageBegan,
    BuildDiscarded: SAY.fromDiscard,
    WonderTaken: ["{who} takes {wonder} from {owner}", "{who} prend {wonder} à {owner}", "{who} nimmt {wonder} von {owner}"],
};
function say(key, fields, words = SAY) {
    const i = ["en", "fr", "de"].indexOf(lang());
    const text = words[key][i < 0 ? 0 : i];
    return text.replace(/\{(\w+)\}/g, (_, k) => String(fields[k] ?? ""));
}
function card(catalog, id) {
    return id < 0 ? say("hiddenCard", {}) : cardName(catalog, id);
}
function humanised(type) {
    return type.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
}
/** One envelope in words (several lines for a step of simultaneous actions); the cards it
 * names, for the board to mark as the last move. */
export function describeEvent(envelope, catalog, seatNames) {
    const e = envelope.event ?? {};
    const who = (seat) => (seat === null || seat === undefined ? "" : seatNames[seat] ?? `#${seat}`);
    const coins = (n, key = "coinsFor") => (n ? say(key, { n }) : "");
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
            const lines = [];
            const cards = [];
            for (const a of e.actions ?? []) {
                const fields = { who: who(a.seat), card: card(catalog, a.card), cost: coins((a.bank ?? 0) + (a.left ?? 0) + (a.right ?? 0)), coins: coins(3, "coinsGot") };
                const key = a.kind === "stage" ? "stage" : a.kind === "discard" ? "discarded" : a.kind === "from_discard" ? "fromDiscard" : "built";
                lines.push(say(key, fields));
                cards.push(a.card);
            }
            return { lines, cards };
        }
        case "TurnBegan":
        case "ActionOwed":
        case "CardRevealed":
        case "HandsPassed":
        case "CardChosen":
        // the set-up of a game (dealt, costs set) says nothing a player acts on
        case "FaithStarted":
        case "LeadersDealt":
        case "LeaderCostsSet":
        case "LeadersBoxed":
        case "AgoraDealt":
        case "AgoraOwedStep":
        case "AsideTokensSeen":
            return { lines: [], cards: [] };
        default: {
            if (e.type in EVENTS) {
                const num = (v) => typeof v === "number" && v >= 0;
                return { lines: [say(e.type, {
                            who: who(e.seat ?? envelope.seat), owner: who(e.owner), name: e.name ?? who(e.seat),
                            card: typeof e.card === "number" ? card(catalog, e.card) : "",
                            wonder: num(e.wonder) ? nameOf(catalog.wonders?.[e.wonder]) : "",
                            leader: num(e.leader) && catalog.leaders ? nameOf(catalog.leaders[e.leader]) : "",
                            n: e.amount ?? e.coins ?? e.count ?? "", age: e.age ?? ""
                        }, EVENTS)],
                    cards: typeof e.card === "number" && e.card >= 0 ? [e.card] : [] };
            }
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
    constructor(catalog, seatNames, loadOlder) {
        this.catalog = catalog;
        this.seatNames = seatNames;
        this.lines = [];
        /** Set once "Back to the start" loaded the log: every line is then drawn, not the latest 200. */
        this.whole = false;
        this.lastCards = [];
        this.list = h("ol", { class: "log-lines", reversed: true, tabindex: 0, "aria-label": t("log") });
        const older = loadOlder ? h("button", { class: "log-older", id: "log-older", onclick: async () => {
                older.setAttribute("disabled", "");
                const envelopes = await loadOlder();
                const seen = new Set(this.lines.map((l) => l.version));
                const before = envelopes.filter((env) => !seen.has(env.version)).flatMap((env) => describeEvent(env, this.catalog, this.seatNames).lines.map((text) => ({ version: env.version, text })));
                this.lines = [...before, ...this.lines];
                this.whole = true;
                this.draw();
                older.remove(); // nothing older is left to load
            } }, t("olderLog")) : null;
        this.element = h("section", { class: "panel log", id: "log", "aria-live": "polite", "aria-label": t("log") }, h("h2", {}, t("log")), this.list, older);
    }
    add(envelopes) {
        const cards = [];
        for (const env of envelopes) {
            const said = describeEvent(env, this.catalog, this.seatNames);
            for (const text of said.lines)
                this.lines.push({ version: env.version, text });
            cards.push(...said.cards.filter((c) => c >= 0));
        }
        if (cards.length)
            this.lastCards = cards;
        this.draw();
    }
    draw() {
        const last = this.lines.length ? this.lines[this.lines.length - 1].version : -1;
        const shown = this.lines.slice().reverse();
        this.list.replaceChildren(...(this.whole ? shown : shown.slice(0, 200)).map((l) => h("li", { class: l.version === last ? "latest" : "", "data-version": l.version }, l.text)));
    }
}
