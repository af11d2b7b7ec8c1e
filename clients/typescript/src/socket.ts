/**
 * The command socket (`/v1/socket`, subprotocol `boardstate.v1`; docs/socket.md): moves and pushes
 * on one WebSocket, without GraphQL. Answers are matched to their message by `id`, so calls may
 * run concurrently; pushes (`event`, `unsubscribed`) queue up for `nextPush` / `pushes()`. A
 * refusal throws `ProblemError` with the same typed `code` (and `status`) REST answers.
 *
 * It runs on the standard `WebSocket` (browsers, Node.js 22+, Node.js 20 with
 * `--experimental-websocket`), or on any constructor of that shape passed as `WebSocket` (the
 * `ws` package's, say).
 */
import { ProblemError, type Problem } from "./errors.js";
import type { components } from "./schema.js";
import type { AnyMove, GameTypeId, MoveOf } from "./typed.js";

type Schemas = components["schemas"];

export const SOCKET_PROTOCOL = "boardstate.v1";

/** An `event` push: the event as the SSE stream sends it (with its `header`). */
export interface SocketEventPush {
  type: "event";
  gameId: string;
  event: Schemas["StreamEventOut"];
}

/** A subscription ended: `asked`, `ended` (after `GameEnded`) or `error` (`code` says why). */
export interface SocketUnsubscribed {
  type: "unsubscribed";
  id: string | null;
  gameId: string;
  reason: "asked" | "ended" | "error";
  code?: string | null;
}

export type SocketPush = SocketEventPush | SocketUnsubscribed;
export type SocketAccepted = Schemas["MoveAcceptedOut"] & { type: "accepted"; id: string; replayed: boolean };
export type SocketLegalMoves = Schemas["LegalMovesOut"] & { type: "legalMoves"; id: string };

export interface SocketMoveOptions {
  expectedVersion?: number;
  moveId?: string;
  dryRun?: boolean;
}

export interface CommandSocketOptions {
  /** A seat token or a player token, sent in `hello`; without one the socket is a spectator's. */
  token?: string;
  /** A WebSocket constructor; the global `WebSocket` by default. */
  WebSocket?: new (url: string, protocols?: string | string[]) => unknown;
  /** How long a call waits for its answer (30 s). */
  timeoutMs?: number;
  /** A `ping` is sent this often (25 s) so that the server's idle timeout (120 s) never closes it. */
  pingEveryMs?: number;
}

interface Socket {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

type Message = { type: string; id?: string | null; [field: string]: unknown };

/** `http(s)://host[:port]` → `ws(s)://host[:port]/v1/socket`. */
export function socketUrl(baseUrl: string): string {
  const base = baseUrl.replace(/\/+$/, "");
  return base.replace(/^http(s?):\/\//, "ws$1://") + "/v1/socket";
}

function refused(message: Message): ProblemError {
  const problem = {
    type: "about:blank",
    title: String(message["code"]),
    status: Number(message["status"]),
    detail: String(message["message"]),
    code: message["code"],
    details: message["details"] ?? null,
  } as Problem;
  return new ProblemError(problem);
}

export class CommandSocket {
  private readonly socket: Socket;
  private readonly timeoutMs: number;
  private readonly replies = new Map<string, { resolve: (m: Message) => void; reject: (e: Error) => void }>();
  private readonly queued: (SocketPush | Error)[] = [];
  private readonly waiting: ((item: SocketPush | Error) => void)[] = [];
  private readonly pinger: ReturnType<typeof setInterval>;
  private next = 1;
  private closed: Error | undefined;
  /** The server's `welcome` (its `limits`). */
  welcome: Message = { type: "welcome" };

  private constructor(socket: Socket, options: CommandSocketOptions) {
    this.socket = socket;
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.pinger = setInterval(() => this.socket.send('{"type":"ping"}'), options.pingEveryMs ?? 25_000);
    (this.pinger as { unref?: () => void }).unref?.();
  }

  /** Connects, waits for `welcome`, and sends `hello` with the token. */
  static open(baseUrl: string, options: CommandSocketOptions = {}): Promise<CommandSocket> {
    const Constructor = options.WebSocket ?? (globalThis as { WebSocket?: CommandSocketOptions["WebSocket"] }).WebSocket;
    if (Constructor === undefined) throw new Error("no WebSocket: pass options.WebSocket");
    const socket = new Constructor(socketUrl(baseUrl), [SOCKET_PROTOCOL]) as Socket;
    const opened = new CommandSocket(socket, options);
    return new Promise((resolve, reject) => {
      socket.onerror = () => reject(new Error("the command socket could not connect"));
      socket.onclose = (event) => {
        opened.ended(new Error(`the command socket closed (${event.code} ${event.reason})`));
        reject(new Error(`the command socket closed (${event.code} ${event.reason})`));
      };
      socket.onmessage = (event) => {
        const message = JSON.parse(String(event.data)) as Message;
        if (message.type !== "welcome") {
          reject(refused(message));
          return;
        }
        opened.welcome = message;
        socket.onmessage = (later) => opened.received(JSON.parse(String(later.data)) as Message);
        if (options.token !== undefined) socket.send(JSON.stringify({ type: "hello", token: options.token }));
        resolve(opened);
      };
    });
  }

  private received(message: Message): void {
    const reply = typeof message.id === "string" ? this.replies.get(message.id) : undefined;
    if (reply !== undefined && typeof message.id === "string") {
      this.replies.delete(message.id);
      reply.resolve(message);
    } else if (message.type === "event" || message.type === "unsubscribed") {
      this.push(message as unknown as SocketPush);
    } else if (message.type === "error") {
      this.push(refused(message));
    }
  }

  private push(item: SocketPush | Error): void {
    const waiter = this.waiting.shift();
    if (waiter !== undefined) waiter(item);
    else this.queued.push(item);
  }

  private ended(error: Error): void {
    clearInterval(this.pinger);
    this.closed ??= error;
    for (const reply of this.replies.values()) reply.reject(error);
    this.replies.clear();
    for (const waiter of this.waiting.splice(0)) waiter(error);
  }

  private call(message: Message): Promise<Message> {
    if (this.closed !== undefined) return Promise.reject(this.closed);
    const id = `c${this.next++}`;
    return new Promise<Message>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.replies.delete(id);
        reject(new Error(`no answer to ${message.type} within ${this.timeoutMs} ms`));
      }, this.timeoutMs);
      const settle = (answer: Message) => {
        clearTimeout(timer);
        if (answer.type === "error") reject(refused(answer));
        else resolve(answer);
      };
      this.replies.set(id, { resolve: settle, reject: (e) => (clearTimeout(timer), reject(e)) });
      this.socket.send(JSON.stringify({ ...message, id }));
    });
  }

  /** Follows `gameId`'s events after version `after` (read them with `nextPush` / `pushes`). */
  async subscribe(gameId: string, after = 0, withState = false): Promise<void> {
    await this.call({ type: "subscribe", gameId, after, withState });
  }

  /** Stops following `gameId`. */
  async unsubscribe(gameId: string): Promise<void> {
    await this.call({ type: "unsubscribe", gameId });
  }

  /** Submits a move (`submitMove<"trambahn">` accepts Trambahn moves only); REST's `MoveAccepted`. */
  async submitMove<G extends GameTypeId = GameTypeId>(
    gameId: string,
    seat: number,
    move: MoveOf<G>,
    options: SocketMoveOptions = {},
  ): Promise<SocketAccepted> {
    const message: Message = { type: "move", gameId, seat, move: move as AnyMove };
    if (options.expectedVersion !== undefined) message["expectedVersion"] = options.expectedVersion;
    if (options.moveId !== undefined) message["moveId"] = options.moveId;
    if (options.dryRun !== undefined) message["dryRun"] = options.dryRun;
    return (await this.call(message)) as unknown as SocketAccepted;
  }

  /** The seat's legal moves (`version`, `moves`, `describe`). */
  async legalMoves(gameId: string, seat: number): Promise<SocketLegalMoves> {
    return (await this.call({ type: "legalMoves", gameId, seat })) as unknown as SocketLegalMoves;
  }

  /** Answered `pong`. */
  async ping(): Promise<void> {
    await this.call({ type: "ping" });
  }

  /** The next push; throws the connection's error once it has closed. */
  nextPush(): Promise<SocketPush> {
    const item = this.queued.shift() ?? this.closed;
    const settle = (value: SocketPush | Error): SocketPush => {
      if (value instanceof Error) throw value;
      return value;
    };
    if (item !== undefined) return Promise.resolve(item).then(settle);
    return new Promise<SocketPush | Error>((resolve) => this.waiting.push(resolve)).then(settle);
  }

  /** Every push until the socket closes. */
  async *pushes(): AsyncGenerator<SocketPush> {
    for (;;) {
      try {
        yield await this.nextPush();
      } catch (error) {
        if (this.closed !== undefined) return;
        throw error;
      }
    }
  }

  /** Closes the socket (the server ends its subscriptions). */
  close(): void {
    clearInterval(this.pinger);
    this.socket.close(1000, "done");
  }
}
