// The playable table (viewer.js, with this tab's seat token): the seat's legal moves as a list,
// narrowed by a click on the picture (a card, terminal, line, area, crew… whose data-* value the
// move names), submitted with a moveId (the same on a retry, so never applied twice) and the
// expected version; a rejection shows the engine's message and code.
import { api, h, Problem } from "./api.js";
import { t } from "./i18n.js";
import { moveWords } from "./phrases.js";

const BOARD_KEYS = ["card", "colour", "line", "area", "space", "crew", "loader", "tram", "row", "col"];

export class Table {
  constructor(root, gameId, mine, names, accepted, refresh) {
    this.refresh = refresh;
    this.root = root;
    this.gameId = gameId;
    this.mine = mine;
    this.names = names;
    this.accepted = accepted;
    this.moves = [];
    this.filter = null;
    this.version = 0;
    this.seen = 0; // the latest version the stream has told of
    this.retry = null; // the timer of the next read while the moves are being read again
    this.retryMs = 250;
    this.readFailed = false; // the last read of the moves failed (its problem is shown)
    this.busy = false;
    this.turn = h("p", { id: "turn", class: "turn" });
    this.problem = h("p", { id: "move-problem", class: "problem", role: "alert", hidden: true });
    this.hint = h("p", { class: "hint", id: "move-filter", hidden: true });
    this.list = h("ul", { id: "moves", class: "moves" });
    root.replaceChildren(h("h2", {}, t("Your moves (seat {0}, {1})", mine.seat, names()[mine.seat])),
      this.turn, this.problem, this.hint, this.list);
  }

  async update(game, version) {
    const mySeat = this.mine.seat;
    if (game.status === "OPEN") {
      this.show("waiting", t("Waiting for players to join…"), []);
      return;
    }
    if (game.status !== "ACTIVE") {
      this.show("over", game.status === "FINISHED" ? t("The game is over.") : t("The game is {0}.", t(game.status.toLowerCase())), []);
      return;
    }
    if (!game.toAct.includes(mySeat)) {
      const who = game.toAct.map((s) => this.names()[s]).join(", ");
      this.show("waiting", t("Waiting for {0}…", who || t("the next turn")), []);
      return;
    }
    if (version === this.version && this.moves.length) return;
    try {
      const legal = await api(`/v1/games/${encodeURIComponent(this.gameId)}/legal-moves?seat=${mySeat}`,
        { token: this.mine.token });
      // Read before an event the stream has brought since: the refresh that event asked for
      // follows (and should it fail, the table reads again: again()).
      if (legal.version < this.seen) {
        this.again();
        return;
      }
      this.version = legal.version;
      if (this.readFailed) this.problem.hidden = true; // read again: that failure is over
      this.readFailed = false;
      this.show("your-turn", t("Your turn (version {0}): {1} legal moves.", legal.version, legal.moves.length),
        legal.moves, legal.describe);
    } catch (error) {
      this.report(error);
      this.readFailed = true;
      this.again();
    }
  }

  // While the moves are withdrawn ("updating"), a read that failed or was overtaken must not
  // leave the table waiting for an event that may never come (the other seats may be waiting
  // for this one): read the game and the moves again, 0.25 s later, then up to every 4 s.
  again() {
    if (this.root.dataset.state !== "updating" || this.retry !== null) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.refresh();
    }, this.retryMs);
    this.retryMs = Math.min(this.retryMs * 2, 4000);
  }

  // The game moved past the legal moves shown (an event from the stream): they may no longer be
  // legal, so none can be clicked until update() has read them again at the new version.
  outdated(version) {
    this.seen = Math.max(this.seen, version);
    if (this.root.dataset.state !== "your-turn" || this.busy || version <= this.version) return;
    this.version = 0;
    this.show("updating", t("The game moved on: reading your moves again…"), []);
  }

  show(state, words, moves, described = []) {
    if (state !== "updating") this.retryMs = 250;
    this.root.dataset.state = state;
    this.turn.textContent = words;
    this.moves = moves;
    this.described = described; // the server's words for each move (the legal-moves describe)
    this.filter = null;
    this.render();
  }

  render() {
    const shown = this.filter ? this.moves.filter((m) => this.matches(m, this.filter)) : this.moves;
    this.hint.hidden = !this.filter;
    this.hint.replaceChildren(...(this.filter ? [t("Moves with {0}: {1}. ", this.filter.join(" / "), shown.length),
      h("button", { type: "button", onclick: () => { this.filter = null; this.render(); } }, t("Show all"))] : []));
    this.list.replaceChildren(...shown.map((move, i) => h("li", {},
      h("button", { type: "button", class: "move", dataset: { index: String(this.moves.indexOf(move)), move: JSON.stringify(move) },
        disabled: this.busy, onclick: () => this.submit(move) },
        (this.described || [])[this.moves.indexOf(move)] || moveWords(move)))));
  }

  matches(move, values) {
    const text = JSON.stringify(move);
    return values.some((v) => text.includes(`"${v}"`) || text.includes(`:${v},`) || text.includes(`:${v}}`));
  }

  boardClicked(event) {
    const target = event.target.closest("[data-card], [data-colour], [data-line], [data-area], [data-space], [data-crew], [data-loader], [data-tram]");
    if (!target || !this.moves.length) return;
    const values = BOARD_KEYS.map((k) => target.dataset[k]).filter((v) => v !== undefined && v !== "hidden");
    if (!values.length || !this.moves.some((m) => this.matches(m, values))) return;
    this.filter = values;
    this.render();
  }

  report(error) {
    this.problem.hidden = false;
    this.problem.textContent = error instanceof Problem
      ? t("Refused: {0} ({1})", error.detail || error.message, error.code) : t("Failed: {0}", error.message);
  }

  async submit(move) {
    if (this.busy) return;
    this.busy = true;
    this.problem.hidden = true;
    this.render();
    const body = { seat: this.mine.seat, move, expectedVersion: this.version, moveId: crypto.randomUUID() };
    const path = `/v1/games/${encodeURIComponent(this.gameId)}/moves`;
    try {
      for (let attempt = 0; ; attempt++) {
        try {
          const result = await api(path, { method: "POST", token: this.mine.token, body });
          this.moves = [];
          this.busy = false;
          this.accepted(result);
          return;
        } catch (error) {
          // A lost connection: the same moveId again (answered from the log if it was applied).
          if (error instanceof Problem || attempt >= 3) throw error;
          await new Promise((resolve) => setTimeout(resolve, 300 * (attempt + 1)));
        }
      }
    } catch (error) {
      this.busy = false;
      this.version = 0;
      this.report(error);
      this.render();
      this.refresh(); // the game moved on meanwhile, perhaps: read it and the legal moves again
    }
  }
}
