// The pages' language (issue 39, item 6): English, or German, the games' own language. The choice
// comes from `?lang=de|en` (kept), else from what this browser chose before (localStorage), else
// English; the switch in the page's header keeps the choice and loads the page again. The API is
// asked for the same language (`Accept-Language`, api.js), so the events, the legal moves and the
// picture's last move come in it; the pages' own words are translated here (`t`).
const KEY = "boardstate.language";
export const LANGUAGES = { en: "English", de: "Deutsch" };

function chosen() {
  const asked = new URLSearchParams(location.search).get("lang");
  if (asked && LANGUAGES[asked]) {
    try { localStorage.setItem(KEY, asked); } catch (_) { /* storage refused: this page only */ }
    return asked;
  }
  let kept = null;
  try { kept = localStorage.getItem(KEY); } catch (_) { kept = null; }
  return kept && LANGUAGES[kept] ? kept : "en";
}

export const LANG = chosen();
document.documentElement.lang = LANG;

// The pages' own words in German, by their English text ("{0}": the first value given to `t`).
const GERMAN = {
  "Lobby": "Lobby",
  "Language": "Sprache",
  "Loading…": "Lädt…",
  "Create a game": "Spiel anlegen",
  "Open games to join": "Offene Spiele zum Mitspielen",
  "Running games to watch": "Laufende Spiele zum Zuschauen",
  "Finished games to replay": "Beendete Spiele zum Nachspielen",
  "Games": "Spiele",
  "Game": "Spiel",
  "Players": "Spieler",
  "Your name": "Dein Name",
  "or every player's name (comma separated: one table link per seat)":
    "oder die Namen aller Spieler (mit Kommas getrennt: ein Tisch-Link je Platz)",
  "Bots": "Bots",
  "Add a bot": "Bot hinzufügen",
  "Remove": "Entfernen",
  "Create game": "Spiel anlegen",
  "Choose a game…": "Spiel wählen…",
  "{0} players": "{0} Spieler",
  "{0}–{1} players": "{0}–{1} Spieler",
  "rules {0}": "Regeln {0}",
  "Provenance: {0}": "Herkunft: {0}",
  "data hash {0}…": "Daten-Hash {0}…",
  "The printed rules: {0}. Otherwise: {1}": "Gedruckte Regel: {0}. Sonst: {1}",
  " (printed rules)": " (gedruckte Regel)",
  "yes": "ja",
  "no": "nein",
  "seat {0}": "Platz {0}",
  "{0} bot": "Bot {0}",
  "Bot seat": "Platz des Bots",
  "Bot policy": "Art des Bots",
  "every other seat already has a bot": "jeder andere Platz hat schon einen Bot",
  "Game {0} started. Each player opens their table:": "Spiel {0} läuft. Jeder Spieler öffnet seinen Tisch:",
  "Table of {0} (seat {1})": "Tisch von {0} (Platz {1})",
  "Watch as a spectator": "Als Zuschauer ansehen",
  "enter your name (or every player's)": "gib deinen Namen ein (oder die aller Spieler)",
  "a free seat": "ein freier Platz",
  "abandoned": "abgebrochen",
  "{0} won": "{0} hat gewonnen",
  "{0} shared the win": "{0} teilen sich den Sieg",
  " and ": " und ",
  " · move {0} ": " · Zug {0} ",
  "Your name for {0}": "Dein Name für {0}",
  "your name": "dein Name",
  "Join": "Mitspielen",
  "None right now.": "Gerade keine.",
  "Whose view": "Wessen Sicht",
  "Loading the picture…": "Das Bild lädt…",
  "Version": "Version",
  "Link to this version": "Link zu dieser Version",
  "Replay": "Wiedergabe",
  "First version": "Erste Version",
  "Previous move": "Voriger Zug",
  "Previous event": "Voriges Ereignis",
  "Next event": "Nächstes Ereignis",
  "Next move": "Nächster Zug",
  "Latest version (follow live)": "Neueste Version (live folgen)",
  "Events": "Ereignisse",
  "Your moves": "Deine Züge",
  "View: ": "Sicht: ",
  "Keys: ← → one event, Shift+← → or PgUp/PgDn one move, Home/End first/latest.":
    "Tasten: ← → ein Ereignis, Umschalt+← → oder Bild↑/Bild↓ ein Zug, Pos1/Ende erste/neueste.",
  "Seat {0}": "Platz {0}",
  " · to play: {0}": " · am Zug: {0}",
  "active": "läuft",
  "open": "offen",
  "finished": "beendet",
  "Result: {0}. Winner: {1}.": "Ergebnis: {0}. Sieger: {1}.",
  "nobody": "niemand",
  "Spectator": "Zuschauer",
  "Seat {0} ({1}, you)": "Platz {0} ({1}, du)",
  "Version {0} of {1}": "Version {0} von {1}",
  "version {0} of {1}": "Version {0} von {1}",
  "reconnecting…": "verbindet neu…",
  "● live": "● live",
  "Your moves (seat {0}, {1})": "Deine Züge (Platz {0}, {1})",
  "Waiting for players to join…": "Warten auf Mitspieler…",
  "The game is over.": "Das Spiel ist vorbei.",
  "The game is {0}.": "Das Spiel ist {0}.",
  "Waiting for {0}…": "Warten auf {0}…",
  "the next turn": "den nächsten Zug",
  "Your turn (version {0}): {1} legal moves.": "Du bist dran (Version {0}): {1} erlaubte Züge.",
  "The game moved on: reading your moves again…": "Das Spiel ging weiter: deine Züge werden neu gelesen…",
  "Moves with {0}: {1}. ": "Züge mit {0}: {1}. ",
  "Show all": "Alle zeigen",
  "Refused: {0} ({1})": "Abgelehnt: {0} ({1})",
  "Failed: {0}": "Fehlgeschlagen: {0}",
  "You": "Du",
  "Player token": "Spieler-Token",
  "a player token (JWT)": "ein Spieler-Token (JWT)",
  "Sign in": "Anmelden",
  "your name (optional)": "dein Name (freiwillig)",
  "Play as a new player": "Als neuer Spieler spielen",
  "Sign in to see your games and whose turn it is, across every game.":
    "Melde dich an, um deine Spiele zu sehen und wer in jedem Spiel am Zug ist.",
  "Nothing waits for you.": "Nichts wartet auf dich.",
  "No games yet.": "Noch keine Spiele.",
  "Display name": "Anzeigename",
  "Change name": "Namen ändern",
  "Signed in as ": "Angemeldet als ",
  "Sign out": "Abmelden",
  "Your turn": "Du bist dran",
  "Your games": "Deine Spiele",
  " · your move{0}": " · dein Zug{0}",
  " or ": " oder ",
  " · before {0}": " · vor {0}",
  "connecting…": "verbindet…",
  // the options' values, in words (lobby.js `valueLabel`)
  "floor": "abrunden",
  "ceil": "aufrunden",
  "end of purchase": "am Ende des Kaufs",
  "after each purchase": "nach jedem Kauf",
  "shared": "geteilter Sieg",
  "extra tours": "Sonderfahrten",
  "topmost free row": "oberste freie Reihe",
  "last arrival first": "zuletzt Gekommener zuerst",
  "stack": "addieren",
  "round replaces edge": "Runde ersetzt Rand",
  "circuit": "bis zum vollen Umlauf",
  "final": "endgültig",
  "continue": "fortsetzen",
  "break": "abschließen",
  "crystals": "Kristalle",
  "standard": "verdeckter Stapel",
  "chance": "Zufall",
  "strategic": "geheime Wahl",
  "stand in": "Ersatz des Spiels",
  "heuristic": "Heuristik-Bot",
  "random": "Zufalls-Bot",
  "search": "Such-Bot",
  "reconnecting": "verbindet neu",
  "ended": "beendet",
  "The bot's verdicts": "Die Urteile des Bots",
  "Not judged (the analysis stopped before this move).": "Nicht bewertet (die Analyse endete vor diesem Zug).",
  "the best move": "der beste Zug",
  "the only move": "der einzige Zug",
  "an inaccuracy": "eine Ungenauigkeit",
  "a mistake": "ein Fehler",
  "a costly move": "ein teurer Zug",
  "win chance {0} → {1}": "Gewinnchance {0} → {1}",
  "the bot would have played: {0}": "der Bot hätte gespielt: {0}",
  "The server is analysing other games; this one is next…": "Der Server analysiert andere Partien; diese ist als Nächste dran…",
  "No analysis: {0} ({1}).": "Keine Analyse: {0} ({1}).",
  "The analysis cannot be reached; trying again…": "Die Analyse ist nicht erreichbar; neuer Versuch…",
  "The bot is judging every move of this game; the verdicts appear here when it is done…":
    "Der Bot bewertet jeden Zug dieser Partie; die Urteile erscheinen hier, sobald er fertig ist…",
  "The analysis took too long; load the page again to ask once more.":
    "Die Analyse dauerte zu lange; lade die Seite neu, um erneut zu fragen.",
  "Verdicts of the {0} bot on {1} of {2} moves": "Urteile des Bots {0} zu {1} von {2} Zügen",
  " (it ran out of time before the others)": " (ihm ging vor den übrigen Zügen die Zeit aus)",
  "{0}; {1} costly. Win chances are the mover's, before and after the move.":
    "{0}; {1} teuer. Gewinnchancen des Ziehenden, vor und nach dem Zug.",
};

// `text` in the page's language, each "{n}" replaced by the n-th value.
export function t(text, ...values) {
  const said = (LANG === "de" && GERMAN[text]) || text;
  return said.replace(/\{([0-9])\}/g, (found, n) => (values[Number(n)] !== undefined ? String(values[Number(n)]) : found));
}

// A schema's `title`/`description` in the page's language (`x-translations`, issue 39).
export function translated(schema, key) {
  const other = ((schema["x-translations"] || {})[LANG] || {})[key];
  return other || schema[key] || "";
}

// The switch in the page's header: a <select> of the languages; a choice is kept and the page
// loaded again in it (the `lang` of the address follows, so a link says its language).
export function languageSwitch() {
  const nav = document.querySelector("header.top nav");
  if (!nav || document.getElementById("language")) return;
  const lobby = nav.querySelector('a[href="/"]');
  if (lobby) lobby.textContent = t("Lobby");
  const select = document.createElement("select");
  select.id = "language";
  select.setAttribute("aria-label", t("Language"));
  for (const [code, name] of Object.entries(LANGUAGES)) {
    const option = document.createElement("option");
    option.value = code;
    option.textContent = name;
    option.lang = code;
    option.selected = code === LANG;
    select.append(option);
  }
  select.addEventListener("change", () => {
    try { localStorage.setItem(KEY, select.value); } catch (_) { /* the address keeps it */ }
    const url = new URL(location.href);
    url.searchParams.set("lang", select.value);
    location.assign(url.pathname + url.search + url.hash);
  });
  nav.append(select);
}

languageSwitch();
