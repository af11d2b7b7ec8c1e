/**
 * A `text/event-stream` parser as the HTML standard's EventSource reads one ("Server-sent
 * events", 9.2.6): lines end with CRLF, LF or CR; a line starting with `:` is a comment (the
 * service's `: keep-alive`); `event:`, `data:` (lines joined with `\n`), `id:` (kept across
 * messages as the last event id; one with a NUL is ignored) and `retry:` (digits only: the
 * reconnection time in ms); a blank line ends a message, and a message without data is not
 * dispatched. An unfinished message when the stream ends is dropped.
 */

export interface SseMessage {
  /** The `event:` field, `message` when absent. */
  readonly event: string;
  readonly data: string;
  /** The last `id:` received on this stream so far (this message's, or an earlier one). */
  readonly lastEventId: string;
}

export class SseParser {
  /** The last event id, as `Last-Event-ID` sends it back. */
  lastEventId: string;
  /** The reconnection time the server asked for (`retry:`), in ms. */
  retryMs: number | undefined = undefined;
  private pending = "";
  private afterCR = false;
  private first = true;
  private event = "";
  private data: string[] = [];

  constructor(lastEventId = "") {
    this.lastEventId = lastEventId;
  }

  /** Feeds decoded text; returns the messages it completes. */
  push(text: string): SseMessage[] {
    if (this.first && text.length > 0) {
      this.first = false;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    if (this.afterCR && text.startsWith("\n")) text = text.slice(1); // the LF of a CRLF split in two
    this.afterCR = false;
    const messages: SseMessage[] = [];
    let start = 0;
    const all = this.pending + text;
    const offset = this.pending.length;
    this.pending = "";
    for (let i = offset; i < all.length; i++) {
      const c = all.charCodeAt(i);
      if (c !== 10 && c !== 13) continue;
      const message = this.line(all.slice(start, i));
      if (message !== undefined) messages.push(message);
      if (c === 13) {
        if (i + 1 < all.length) {
          if (all.charCodeAt(i + 1) === 10) i++;
        } else {
          this.afterCR = true;
        }
      }
      start = i + 1;
    }
    this.pending = all.slice(start);
    return messages;
  }

  private line(line: string): SseMessage | undefined {
    if (line === "") return this.dispatch();
    if (line.startsWith(":")) return undefined;
    const colon = line.indexOf(":");
    const name = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (name === "event") this.event = value;
    else if (name === "data") this.data.push(value);
    else if (name === "id" && !value.includes("\0")) {
      this.lastEventId = value;
    } else if (name === "retry" && /^\d+$/.test(value)) this.retryMs = Number(value);
    return undefined;
  }

  private dispatch(): SseMessage | undefined {
    const data = this.data;
    const event = this.event;
    this.data = [];
    this.event = "";
    if (data.length === 0) return undefined;
    return { event: event === "" ? "message" : event, data: data.join("\n"), lastEventId: this.lastEventId };
  }
}

/** The messages of an event-stream body, as they come; `received` is told of every chunk. */
export async function* readEvents(
  body: ReadableStream<Uint8Array>,
  parser: SseParser,
  received: () => void = () => undefined,
): AsyncGenerator<SseMessage> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        yield* parser.push(decoder.decode());
        return;
      }
      received();
      yield* parser.push(decoder.decode(value, { stream: true }));
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
}
