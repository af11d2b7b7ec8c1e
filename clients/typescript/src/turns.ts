/**
 * Waiting for a seat's turn without polling: `waitForTurn` and `play` follow the game's event
 * stream (with the seat's token, resumed after any disconnect) and, after each event newer than
 * what they know, take the game's header (`version`, `status`, `toAct`) from the message when it
 * carries one (`game`), else read the game once. A seat is to act when the game is `ACTIVE` and
 * `toAct` holds it; the game is over when it is `FINISHED` or `ABANDONED`.
 *
 * `play` calls the seat's strategy each time the seat is to act, with the legal moves (typed for
 * the game type), and submits its move with `expectedVersion` and a `moveId`. A move the game
 * has overtaken (`VERSION_CONFLICT`, `NOT_YOUR_TURN`: a clock ran out, a stand-in moved) is not an
 * error: the game is read again and play goes on. It returns the game once it is over.
 */
import type { BoardstateClient } from "./client.js";
import { ProblemError } from "./errors.js";
import { getGame, getState, legalMoves, submitMove, type MoveAccepted } from "./moves.js";
import type { StreamOptions } from "./reconnect.js";
import { gameEvents, type GameEventMessage } from "./streams.js";
import { headerOf, type Game, type GameHeader, type GameTypeId, type MoveOf, type StateOf } from "./typed.js";

export interface Turn<G extends GameTypeId> {
  readonly gameId: string;
  readonly seat: number;
  /** The game's header when the seat came to act. */
  readonly game: GameHeader;
  /** The version the legal moves belong to (the move is submitted for it). */
  readonly version: number;
  readonly legalMoves: MoveOf<G>[];
  /** The state as the seat sees it (read when called). */
  state(): Promise<StateOf<G>>;
}

export type Strategy<G extends GameTypeId> = (turn: Turn<G>) => MoveOf<G> | Promise<MoveOf<G>>;

/** Options of the game's event stream (`signal` stops the wait). */
export type TurnOptions = Omit<StreamOptions, "lastEventId">;

export interface PlayOptions extends TurnOptions {
  /** Told of every move of the seat the service accepted. */
  onMove?: (accepted: MoveAccepted) => void;
}

const OVERTAKEN: ReadonlySet<string> = new Set(["VERSION_CONFLICT", "NOT_YOUR_TURN"]);

export function isOver(game: GameHeader): boolean {
  return game.status === "FINISHED" || game.status === "ABANDONED";
}

export function isToAct(game: GameHeader, seat: number): boolean {
  return game.status === "ACTIVE" && game.toAct.includes(seat);
}

/** Resolves with the game's header as soon as `seat` is to act or the game is over. */
export async function waitForTurn(
  client: BoardstateClient,
  gameId: string,
  seat: number,
  options: TurnOptions = {},
): Promise<GameHeader> {
  const watcher = new TurnWatcher(client, gameId, seat, options);
  try {
    return await watcher.next();
  } finally {
    await watcher.close();
  }
}

/** Plays `seat` with `strategy` until the game is over; returns the game then. */
export async function play<G extends GameTypeId>(
  client: BoardstateClient,
  gameType: G,
  gameId: string,
  seat: number,
  strategy: Strategy<G>,
  options: PlayOptions = {},
): Promise<Game> {
  const { signal } = options;
  const watcher = new TurnWatcher(client, gameId, seat, options);
  try {
    for (let game = await watcher.next(); !isOver(game); game = await watcher.next()) {
      const legal = await legalMoves(client, gameType, gameId, seat, signal);
      if (legal.version !== game.version || legal.moves.length === 0) {
        await watcher.reread(game, legal.version);
        continue;
      }
      const turn: Turn<G> = {
        gameId,
        seat,
        game,
        version: legal.version,
        legalMoves: legal.moves,
        state: async () => (await getState(client, gameType, gameId, seat, signal)).state,
      };
      const move = await strategy(turn);
      try {
        const accepted = await submitMove<G>(client, gameId, seat, move, { expectedVersion: legal.version, ...signalOf(signal) });
        watcher.know(accepted.game);
        options.onMove?.(accepted);
      } catch (error) {
        if (!(error instanceof ProblemError && OVERTAKEN.has(error.code))) throw error;
        await watcher.reread(game, legal.version);
      }
    }
    return await getGame(client, gameId, signal);
  } finally {
    await watcher.close();
  }
}

function signalOf(signal: AbortSignal | undefined): { signal?: AbortSignal } {
  return signal === undefined ? {} : { signal };
}

/** What one seat knows of a game's header, kept current by the game's event stream. */
class TurnWatcher {
  private known: GameHeader | undefined;
  private events: AsyncGenerator<GameEventMessage, void, undefined> | undefined;

  constructor(
    private readonly client: BoardstateClient,
    private readonly gameId: string,
    private readonly seat: number,
    private readonly options: TurnOptions,
  ) {}

  /** The header once the seat is to act or the game is over. */
  async next(): Promise<GameHeader> {
    let known = this.known ?? (await this.read());
    while (!isOver(known) && !isToAct(known, this.seat)) {
      this.events ??= gameEvents(this.client, this.gameId, { ...this.options, afterVersion: known.version });
      const step = await this.events.next();
      if (step.done) {
        known = await this.read(); // the stream ends with the game
        if (!isOver(known)) throw new Error(`the events of ${this.gameId} ended before the game`);
        break;
      }
      if (step.value.data.version <= known.version) continue; // already known (our own move)
      const header = headerOf(step.value.data.game);
      known = header !== undefined && header.version >= step.value.data.version ? this.know(header) : await this.read();
    }
    return known;
  }

  /** Takes a header (from a move's answer) if it is newer than the one known. */
  know(header: GameHeader): GameHeader {
    if (this.known === undefined || header.version >= this.known.version) this.known = header;
    return this.known;
  }

  /** Reads the game again after `game` turned out stale (seen at `version`). */
  async reread(game: GameHeader, version: number): Promise<void> {
    const fresh = await this.read();
    if (fresh.version === game.version && version === game.version && isToAct(fresh, this.seat)) {
      throw new Error(`seat ${this.seat} is to act in ${this.gameId} at version ${version} without a legal move`);
    }
  }

  async close(): Promise<void> {
    await this.events?.return(undefined);
  }

  private async read(): Promise<GameHeader> {
    this.known = undefined;
    return this.know(await getGame(this.client, this.gameId, this.options.signal));
  }
}
