// The rules in a few lines, per game, and the words of an event or move for a server that sends
// no `describe` (the API's words, from the engine, come first: viewer.js, table.js); the fallback
// is the event type in words with its plain fields (never JSON).

// The games' names as people say them (as `GET /v1/game-types` names them).
export const GAME_NAMES = {
  trambahn: "Trambahn",
  "tinners-trail": "Tinners' Trail",
  trekking: "Trekking Through History",
  "tf22-mine": "TF22 Mine",
};

// The same in German, the games' own language (the lobby shows the page's language: i18n.js).
const ZUSAMMENFASSUNGEN = {
  trambahn:
    "Trambahn (Lookout 2015, 2 Spieler): Fahrgäste an den vier Endstationen anlegen, mit Karten " +
    "einer Farbe Haltestellen zu Linien bauen, mit Geldkarten Bahnen kaufen; ist eine Endstation " +
    "voll, wird ihre Farbe auf allen Linien gewertet. Die meisten Punkte nach der letzten Fahrt gewinnen.",
  "tinners-trail":
    "Tinners' Trail (2008, 2–5 Spieler): in vier Runden Minen in Cornwall ersteigern, Bergleute " +
    "anheuern, Stollen, Häfen und Eisenbahnen bauen, Wasser pumpen und Zinn und Kupfer fördern; zu " +
    "den Preisen der Runde verkaufen und das Geld in Siegpunkte investieren. Die meisten Punkte gewinnen.",
  trekking:
    "Trekking – Reise durch die Zeit (Underdog 2022, 2–4 Spieler): an drei Tagen zu 12 Stunden " +
    "Erfahrungskarten aus der Auslage nehmen, ihre Stunden auf der Uhr verbrauchen, den Reiseplan " +
    "mit Markern füllen und Kristalle sammeln. Die meisten Prestigepunkte gewinnen.",
  "tf22-mine":
    "TF22 Mine (2013, 2–4 Spieler): Minenkarten einer 6 × 6 großen Mine drehen und wenden, Crews " +
    "ziehen, Ranium einsammeln und an die Raumlader übergeben; treffen sich Crews, kämpfen sie. " +
    "Das meiste übergebene Ranium gewinnt.",
};

export const SUMMARIES = {
  trambahn:
    "Trambahn (Lookout 2015, 2 players): board passengers at the four terminals, build " +
    "stations into tram lines with cards of one colour, buy trams with money cards; when a " +
    "terminal fills, its colour is scored along every line. Most points after the last scoring wins.",
  "tinners-trail":
    "Tinners' Trail (2008, 2-5 players): bid for mines in Cornwall, hire miners, build adits, " +
    "ports and railways, pump water and mine tin and copper over four rounds; sell at the " +
    "round's prices and invest the money in victory points. Most points wins.",
  trekking:
    "Trekking through History (Underdog 2022, 2-4 players): in three days of 12 hours, take " +
    "historic experience cards from the display, spend their hours on the clock, fill the " +
    "itinerary with tokens and collect crystals. Most prestige wins.",
  "tf22-mine":
    "TF22 Mine (2013, 2-4 players): turn and rotate tunnel cards of a 6 × 6 mine, move crews, " +
    "collect ranium and deliver it to the loaders; crews that meet fight. Most delivered ranium wins.",
};

const words = (type) => type.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
const list = (value) => (Array.isArray(value) ? value.map((v) => (v === null ? "hidden" : Array.isArray(v) ? v.join("/") : v)).join(", ") : value);
const count = (value) => (Array.isArray(value) ? value.length : value);

// Phrasings by event type: (data, name) => words, `name(seat)` the seat's name.
const COMMON = {
  GameCreated: (d) => `Game created: ${d.gameType}, ${d.players} players`,
  SeatJoined: (d, name, e) => `${d.name} joined as seat ${e.seat}`,
  StartPlayerChosen: (d, name) => `${name(d.seat)} starts`,
  DeckShuffled: (d) => `Deck shuffled (${count(d.order)} cards)`,
  TurnStarted: (d, name) => `${name(d.seat)}'s turn${d.turn ? " " + d.turn : d.round ? ", round " + d.round : ""}`,
  GameOver: (d, name) => `Game over: ${(d.winners || []).map(name).join(" and ")} won`,
  GameEnded: () => "Game ended",
};

const BY_GAME = {
  trambahn: {
    MoneyDealt: (d, name) => `${name(d.seat)} gets ${count(d.cards)} money cards`,
    CardsDrawn: (d, name) => `${name(d.seat)} draws ${count(d.cards)} cards${d.cards.some((c) => c !== null) ? ": " + list(d.cards) : ""}`,
    PassengerBoarded: (d, name) => `${name(d.seat)} boards ${d.card} at the ${d.terminal} terminal`,
    StationBuilt: (d, name) => `${name(d.seat)} builds station ${d.card} on ${d.new_line ? "new " : ""}line ${d.line}`,
    IncomeTaken: (d, name) => `${name(d.seat)} takes income${d.card ? " " + d.card : ""}`,
    TramBought: (d, name) => `${name(d.seat)} buys a ${d.tram} tram for line ${d.line}, paying ${list(d.paid)}`,
    FahrtScored: (d, name) => `Journey ${d.number} (${d.colour}) scored: ${d.points.map((p, s) => `${name(s)} ${p}`).join(", ")}`,
    LinesDismantled: (d, name) => `${name(d.seat)} dismantles line ${list(d.lines)}`,
    ExtraTourScored: (d, name) => `${name(d.seat)} scores an extra tour on line ${d.line}: ${d.points} points`,
  },
  "tinners-trail": {
    AuctionOpened: (d, name) => `${name(d.seat)} auctions area ${d.area}`,
    BidMade: (d, name) => `${name(d.seat)} bids ${d.amount}`,
    BidPassed: (d, name) => `${name(d.seat)} passes the bid`,
    AuctionWon: (d, name) => `${name(d.seat)} wins area ${d.area} for ${d.price}`,
    MinerHired: (d, name) => `${name(d.seat)} hires a miner in area ${d.area}`,
    OreMined: (d, name) => `${name(d.seat)} mines ${d.tin} tin and ${d.copper} copper in area ${d.area}`,
    OreSold: (d, name) => `${name(d.seat)} sells ${d.tin} tin and ${d.copper} copper for ${d.income}`,
    Invested: (d, name) => `${name(d.seat)} invests ${d.cost} for ${d.vp} points`,
    RoundStarted: (d) => `Round ${d.round} starts`,
    PriceSet: (d) => `${d.metal} price is ${d.price}`,
  },
  trekking: {
    DayStarted: (d) => `Day ${d.day} starts`,
    CardTaken: (d, name) => `${name(d.seat)} takes ${d.card}`,
    WatchMoved: (d, name) => `${name(d.seat)}'s watch moves ${d.hours} h to ${d.position}`,
    TokenPlaced: (d, name) => `${name(d.seat)} places a ${d.token} token in the ${d.column} column`,
    PrestigeGained: (d, name) => `${name(d.seat)} gains ${d.points} prestige (${words(d.reason)})`,
    CrystalsGained: (d, name) => `${name(d.seat)} gains ${d.count} crystal${d.count === 1 ? "" : "s"}`,
    ItineraryCommitted: (d, name) => `${name(d.seat)} chooses ${d.itinerary === null ? "an itinerary" : "itinerary " + d.itinerary}`,
  },
  "tf22-mine": {
    CrewMoved: (d) => `The ${d.crew} crew moves to ${list(d.to)}`,
    CardTurned: (d, name) => `${name(d.seat)} turns the card at ${list(d.cell)} (${words(d.manipulation)})`,
    RaniumCollected: (d) => `The ${d.crew} crew collects ranium at ${list(d.cell)}`,
    RaniumDelivered: (d, name) => `${name(d.seat)} delivers ${d.units} ranium for ${d.points} points`,
    ColourChosen: (d, name) => `${name(d.seat)} takes the ${d.colour} crew`,
  },
};

// One event in words; `names` are the seats' names.
export function describe(gameType, event, names) {
  const name = (seat) => (seat === null || seat === undefined ? "—" : names[seat] || `Seat ${seat}`);
  const data = event.data || {};
  const phrase = (BY_GAME[gameType] || {})[event.type] || COMMON[event.type];
  if (phrase) {
    try { return phrase(data, name, event); } catch (_) { /* the generic words below */ }
  }
  const fields = Object.entries(data)
    .filter(([key]) => key !== "seat")
    .filter(([, value]) => value !== null && (typeof value !== "object" || Array.isArray(value)))
    .map(([key, value]) => `${key.replace(/_/g, " ")} ${list(value)}`)
    .join("; ");
  const who = data.seat !== undefined && data.seat !== null ? name(data.seat) + ": " : "";
  return `${who}${words(event.type)}${fields ? " (" + fields + ")" : ""}`;
}

// A legal move in words (the move list of the table).
export function moveWords(move) {
  const parts = [];
  for (const [key, value] of Object.entries(move)) {
    if (key === "type") continue;
    if (Array.isArray(value)) {
      parts.push(`${key}: ${value.map((v) => (typeof v === "object" && v !== null ? Object.values(v).join("→") : v)).join(", ")}`);
    } else if (typeof value === "object" && value !== null) {
      parts.push(`${key}: ${Object.values(value).join("/")}`);
    } else parts.push(`${key.replace(/_/g, " ")} ${value}`);
  }
  return `${words(move.type || "move").replace(/_/g, " ")}${parts.length ? " — " + parts.join("; ") : ""}`;
}

// A game's summary in `language` ("en" or "de").
export const summary = (id, language) => ((language === "de" && ZUSAMMENFASSUNGEN[id]) || SUMMARIES[id] || "");
