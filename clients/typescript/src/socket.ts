/**
 * The command socket (`/v1/socket`, subprotocol `boardstate.v1`; docs/socket.md): moves and pushes
 * on one WebSocket, without GraphQL. Answers are matched to their message by `id`, so calls may
 * run concurrently; pushes (`event`, `unsubscribed`) queue up for `nextPush` / `pushes()`. A
 * refusal throws `ProblemError` with the same typed `code` (and `status`) REST answers. A message
 * refused `RATE_LIMITED` (refused before any work, so a move too may be sent again) is sent again
 * after its `details.retryAfter`, bounded as `createBoardstateClient`'s calls are (`retry`:
 * changes to `DEFAULT_RETRY`; `false` turns it off).
 *
 * It runs on the standard `WebSocket` where the runtime has one (browsers, Node.js 22 and later,
 * Deno, Bun); where it has none (Node.js 20 without `--experimental-websocket`), on the `ws`
 * package's, an optional dependency of this one that npm installs with it, imported only then.
 * Any constructor of that shape may be passed as `WebSocket` instead.
 */
import { backoff, DEFAULT_RETRY, sleep, withJitter, type RetryPolicy } from "./retry.js";
import {
  refused,
  SOCKET_PROTOCOL,
  socketUrl,
  standardWebSocket,
  type CommandSocketOptions,
  type Message,
  type Socket,
  type SocketAccepted,
  type SocketAcceptedMinimal,
  type SocketLegalMoves,
  type SocketMoveOptions,
  type SocketPush,
  type WebSocketConstructor,
} from "./socket_messages.js";
import type { AnyMove, GameTypeId, MoveOf } from "./typed.js";

export {
  SOCKET_PROTOCOL,
  socketUrl,
  type CommandSocketOptions,
  type SocketAccepted,
  type SocketAcceptedMinimal,
  type SocketEventPush,
  type SocketLegalMoves,
  type SocketMoveOptions,
  type SocketPush,
  type SocketUnsubscribed,
  type WebSocketConstructor,
} from "./socket_messages.js";

export class CommandSocket {
  private readonly socket: Socket;
  private readonly timeoutMs: number;
  private readonly retry: RetryPolicy;
  private readonly url: string;
  private readonly replies = new Map<string, { resolve: (m: Message) => void; reject: (e: Error) => void }>();
  private readonly queued: (SocketPush | Error)[] = [];
  private readonly waiting: ((item: SocketPush | Error) => void)[] = [];
  private readonly pinger: ReturnType<typeof setInterval>;
  private next = 1;
  private closed: Error | undefined;
  /** The server's `welcome` (its `limits`). */
  welcome: Message = { type: "welcome" };

  private constructor(socket: Socket, url: string, options: CommandSocketOptions) {
    this.socket = socket;
    this.url = url;
    this.timeoutMs = options.timeoutMs ?? 30_000;
    const retry = options.retry;
    this.retry = retry === false ? { ...DEFAULT_RETRY, maxAttempts: 1 } : { ...DEFAULT_RETRY, ...retry };
    this.pinger = setInterval(() => this.socket.send('{"type":"ping"}'), options.pingEveryMs ?? 25_000);
    (this.pinger as { unref?: () => void }).unref?.();
  }

  /** Connects, waits for `welcome`, and sends `hello` with the token. */
  static async open(baseUrl: string, options: CommandSocketOptions = {}): Promise<CommandSocket> {
    const Constructor = options.WebSocket ?? (await standardWebSocket());
    const url = socketUrl(baseUrl);
    const socket = new Constructor(url, [SOCKET_PROTOCOL]) as Socket;
    const opened = new CommandSocket(socket, url, options);
    return new Promise<CommandSocket>((resolve, reject) => {
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

  private async call(message: Message): Promise<Message> {
    let waited = 0;
    for (let attempt = 1; ; attempt++) {
      const answer = await this.ask(message);
      if (answer.type !== "error") return answer;
      const wait = this.retryWait(answer, attempt, waited);
      if (wait === undefined) throw refused(answer);
      await sleep(wait);
      waited += wait;
    }
  }

  /** The wait before sending again a message answered `answer`: its `details.retryAfter` when
   * it was refused `RATE_LIMITED`; undefined when it was not, or the policy's bounds are met. */
  private retryWait(answer: Message, attempt: number, waited: number): number | undefined {
    if (answer["code"] !== "RATE_LIMITED") return undefined;
    const details = answer["details"] as { retryAfter?: unknown } | null | undefined;
    const after = typeof details?.retryAfter === "number" ? Math.max(0, details.retryAfter) * 1000 : undefined;
    const policy = this.retry;
    const wait = withJitter(after ?? backoff(policy, attempt), policy.jitter);
    if (attempt >= policy.maxAttempts || waited + wait > policy.maxTotalWaitMs) return undefined;
    const status = typeof answer["status"] === "number" ? answer["status"] : null;
    const info = { method: "SOCKET", url: this.url, attempt, waitMs: wait, status, code: "RATE_LIMITED", error: null };
    policy.onRetry?.(info);
    return wait;
  }

  /** Sends `message` once; its answer (an `error` too). */
  private ask(message: Message): Promise<Message> {
    if (this.closed !== undefined) return Promise.reject(this.closed);
    const id = `c${this.next++}`;
    return new Promise<Message>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.replies.delete(id);
        reject(new Error(`no answer to ${message.type} within ${this.timeoutMs} ms`));
      }, this.timeoutMs);
      const settle = (answer: Message) => {
        clearTimeout(timer);
        resolve(answer);
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

  /** Submits a move (`submitMove<"trambahn">` accepts Trambahn moves only); REST's `MoveAccepted`,
   * or with `minimal: true` its `MoveMinimal` (`acceptedMinimal`: version, events, header). */
  async submitMove<G extends GameTypeId = GameTypeId>(
    gameId: string,
    seat: number,
    move: MoveOf<G>,
    options?: SocketMoveOptions & { minimal?: false },
  ): Promise<SocketAccepted>;
  async submitMove<G extends GameTypeId = GameTypeId>(
    gameId: string,
    seat: number,
    move: MoveOf<G>,
    options: SocketMoveOptions & { minimal: true },
  ): Promise<SocketAcceptedMinimal>;
  async submitMove<G extends GameTypeId = GameTypeId>(
    gameId: string,
    seat: number,
    move: MoveOf<G>,
    options: SocketMoveOptions & { minimal?: boolean } = {},
  ): Promise<SocketAccepted | SocketAcceptedMinimal> {
    const message: Message = { type: "move", gameId, seat, move: move as AnyMove };
    if (options.expectedVersion !== undefined) message["expectedVersion"] = options.expectedVersion;
    if (options.moveId !== undefined) message["moveId"] = options.moveId;
    if (options.dryRun !== undefined) message["dryRun"] = options.dryRun;
    if (options.minimal === true) message["minimal"] = true;
    return (await this.call(message)) as unknown as SocketAccepted | SocketAcceptedMinimal;
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
