/**
 * The SDK's event-stream parser fed awkward but valid streams, cut into chunks at every
 * position (a chunk may end between CR and LF, inside a field, inside a UTF-8 character).
 * Prints one JSON line: per case, the messages, the last event id and the reconnection time;
 * and whether every cut gave the same as the whole.   node out/sse_parser.js
 */
import { readEvents, SseParser } from "@boardstate/client";

const CASES: Record<string, string> = {
  plain: "id: 1\nevent: MovePlayed\ndata: {\"a\":1}\n\n",
  crlf: "id: 2\r\nevent: x\r\ndata: one\r\ndata: two\r\n\r\n",
  cr: "data: a\rdata: b\r\r",
  bom: "\ufeffdata: first\n\n",
  comments: ": keep-alive\n\n: another\ndata: after\n\n",
  noSpace: "data:tight\nevent:e\n\n",
  retry: "retry: 1000\nretry: soon\nid: 7\nevent: resume\ndata: {}\n\n",
  nulId: "id: 3\n\nid: bad\u0000id\ndata: kept\n\n",
  noData: "event: lonely\nid: 9\n\n",
  unfinished: "data: done\n\ndata: never ended",
  utf8: "data: Zürich – 東京 🚋\n\n",
};

type Parsed = { messages: { event: string; data: string; lastEventId: string }[]; lastEventId: string; retryMs: number | null };

async function parse(chunks: Uint8Array[]): Promise<Parsed> {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  const parser = new SseParser();
  const messages = [];
  for await (const message of readEvents(body, parser)) messages.push({ ...message });
  return { messages, lastEventId: parser.lastEventId, retryMs: parser.retryMs ?? null };
}

const results: Record<string, Parsed> = {};
let everyCutAgrees = true;
for (const [name, text] of Object.entries(CASES)) {
  const bytes = new TextEncoder().encode(text);
  const whole = await parse([bytes]);
  results[name] = whole;
  for (let cut = 1; cut < bytes.length; cut++) {
    const split = await parse([bytes.slice(0, cut), bytes.slice(cut)]);
    if (JSON.stringify(split) !== JSON.stringify(whole)) {
      everyCutAgrees = false;
      console.error(name, cut, JSON.stringify(split));
    }
  }
  const single = await parse(Array.from(bytes, (b) => Uint8Array.of(b)));
  if (JSON.stringify(single) !== JSON.stringify(whole)) everyCutAgrees = false;
}
console.log(JSON.stringify({ results, everyCutAgrees }));
