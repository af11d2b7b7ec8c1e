// The search bot's verdict beside each move of a finished game (issue 42), on the viewer
// (viewer.js): read from `GET /v1/games/{id}/analysis`, which the server computes in the
// background. While it answers PENDING (or is busy with another game's) the panel says so and
// asks again later, with growing pauses; the page never waits for it. A running game has none.
import { api, h } from "./api.js";
import { t } from "./i18n.js";
import { moveWords } from "./phrases.js";

const PAUSES_MS = [1000, 2000, 3000, 5000, 8000, 10000];
const GIVE_UP_MS = 10 * 60 * 1000;
const LABEL_CLASS = {
  "the best move": "best",
  "the only move": "only",
  "an inaccuracy": "inaccuracy",
  "a mistake": "mistake",
  "a costly move": "costly",
};

const percent = (chance) => `${Math.round(chance * 100)} %`;

// One verdict in words: its label, the mover's chance before and after, the bot's move.
function verdictItem(entry, named) {
  const node = h("div", { class: "verdict", dataset: { label: LABEL_CLASS[entry.label] || "none" } });
  if (entry.best === null) {
    node.append(t("Not judged (the analysis stopped before this move)."));
    return node;
  }
  const parts = [];
  const label = entry.label ? t(entry.label) : "";
  if (label) parts.push(h("strong", {}, label.charAt(0).toUpperCase() + label.slice(1)));
  if (entry.before !== null && entry.after !== null) {
    parts.push(h("span", { class: "chance" }, t("win chance {0} → {1}", percent(entry.before), percent(entry.after))));
  }
  if (entry.label !== "the best move" && entry.label !== "the only move") {
    parts.push(h("span", { class: "bot-move" },
      t("the bot would have played: {0}", named(entry.bestWords || moveWords(entry.best)))));
  }
  parts.forEach((part, i) => node.append(...(i ? [" · ", part] : [part])));
  return node;
}

export class Verdicts {
  // `panel` is the section that says how the analysis stands; `events` the <ol> of events;
  // `named` turns "seat 1" into the seat's name.
  constructor(panel, events, gameId, named) {
    this.panel = panel;
    this.events = events;
    this.gameId = gameId;
    this.named = named;
    this.analysis = null;
    this.started = null;
    this.timer = null;
  }

  // Starts reading the analysis once the game is finished (again on a later call: no-op).
  follow(game) {
    if (game.status !== "FINISHED" || this.started !== null) return;
    this.started = Date.now();
    this.panel.hidden = false;
    this.ask(0);
  }

  async ask(attempt) {
    let answer = null;
    try {
      answer = await api(`/v1/games/${encodeURIComponent(this.gameId)}/analysis`);
    } catch (error) {
      if (error.status === 429) this.say("pending", t("The server is analysing other games; this one is next…"));
      else if (error.status) {
        this.say("failed", t("No analysis: {0} ({1}).", error.message, error.code));
        return;
      } else this.say("pending", t("The analysis cannot be reached; trying again…"));
    }
    if (answer && answer.status === "DONE") {
      this.analysis = answer;
      this.show();
      return;
    }
    if (answer) this.say("pending", t("The bot is judging every move of this game; the verdicts appear here when it is done…"));
    if (Date.now() - this.started > GIVE_UP_MS) {
      this.say("failed", t("The analysis took too long; load the page again to ask once more."));
      return;
    }
    const pause = PAUSES_MS[Math.min(attempt, PAUSES_MS.length - 1)];
    this.timer = setTimeout(() => this.ask(attempt + 1), pause);
  }

  say(state, text) {
    this.panel.dataset.state = state;
    this.panel.replaceChildren(h("p", { class: "hint" }, text));
  }

  // Puts each verdict in the item of the event its move began with (again after the list is
  // drawn anew, as when the view changes).
  show() {
    if (!this.analysis) return;
    const judged = this.analysis.moves.filter((m) => m.best !== null).length;
    const costly = this.analysis.moves.filter((m) => m.label === "a costly move").length;
    const done = t("Verdicts of the {0} bot on {1} of {2} moves", this.analysis.policy, judged, this.analysis.moves.length);
    const more = this.analysis.complete === false ? t(" (it ran out of time before the others)") : "";
    this.say("done", t("{0}; {1} costly. Win chances are the mover's, before and after the move.", done + more, costly));
    for (const old of this.events.querySelectorAll(".verdict")) old.remove();
    for (const entry of this.analysis.moves) {
      const item = this.events.querySelector(`li[data-version="${entry.version}"]`);
      if (item) item.append(verdictItem(entry, this.named));
    }
  }

  stop() {
    clearTimeout(this.timer);
  }
}
