import { DEMO_APP, DEMO_CONVERSATION_ID, DEMO_POST_TOKEN } from "../../src/emulator/state";
import { createProxy, type StudioProxy } from "../../src/server/app";
import type { Store } from "../../src/server/store/store";
import { type Browser, listen, type Running, type Stack } from "./server-harness";

/** A second proxy instance beside a stack's (same config and PUBLIC_URL: as behind a load balancer). */
export async function secondInstance(
  stack: Stack,
  store: Store,
): Promise<{ proxy: StudioProxy; server: Running; close(): Promise<void> }> {
  const proxy = createProxy({ config: stack.config, now: () => stack.clock.now(), log: () => {}, store });
  const server = await listen((req, env) => proxy.app.fetch(req, env));
  return { proxy, server, close: () => server.close() };
}

/** Gives the browser's cookies for `from` to `to` too: one site behind a balancer, two instances. */
export function shareCookies(browser: Browser, from: string, to: string): void {
  const a = new URL(from).host;
  const b = new URL(to).host;
  for (const [k, v] of [...browser.cookies])
    if (k.startsWith(`${a}|`)) browser.cookies.set(`${b}|${k.slice(a.length + 1)}`, v);
}

/** A NEW_MESSAGE event with its own text. */
export const chatEvent = (text: string) => ({
  type: "NEW_MESSAGE",
  new_message: {
    id: "6f1c2a9e-5b7d-4c1e-9a2b-7d8e6f5a4b3c",
    conversation: { id: DEMO_CONVERSATION_ID, type: "POST", post_token: DEMO_POST_TOKEN },
    sender: { side: "BUYER", type: "HUMAN" },
    type: "TEXT",
    sent_at: 1767225600000000,
    text,
  },
});

/** Delivers an event as the platform does; returns the status. */
export async function deliver(base: string, body: unknown): Promise<number> {
  const res = await fetch(`${base}/platform/events`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: DEMO_APP.identificationKey },
    body: JSON.stringify(body),
  });
  await res.text();
  return res.status;
}

/** One entry of the inbox history as the browser receives it (the parts the tests read). */
export interface InboxEntry {
  kind?: string;
  event?: { type?: string; new_message?: { text?: string } };
}

/** The inbox history the browser's session sees, oldest first (throws unless answered 200). */
export async function inboxEntries(browser: Browser, base: string, query = ""): Promise<InboxEntry[]> {
  const { res, text } = await browser.fetch(`${base}/api/inbox${query}`);
  if (res.status !== 200) throw new Error(`inbox ${res.status}: ${text}`);
  return (JSON.parse(text) as { entries: InboxEntry[] }).entries;
}

/** Texts of the NEW_MESSAGE entries the inbox history holds, oldest first. */
export async function inboxTexts(browser: Browser, base: string, query = ""): Promise<string[]> {
  return (await inboxEntries(browser, base, query)).flatMap((e) => e.event?.new_message?.text ?? []);
}

/** Subscribes the browser's session to an event (`POST /api/subscriptions`); throws unless 200. */
export async function subscribe(browser: Browser, base: string, body: unknown): Promise<void> {
  const { res, text } = await browser.fetch(`${base}/api/subscriptions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`subscribe ${res.status}: ${text}`);
}

/** Opens the live stream; `next()` resolves the next `inbox` message (id and text of its chat event). */
export async function openStream(browser: Browser, base: string, lastEventId?: number) {
  const cookie = [...browser.cookies]
    .filter(([k]) => k.startsWith(`${new URL(base).host}|`))
    .map(([k, v]) => `${k.split("|")[1]}=${v}`)
    .join("; ");
  const ac = new AbortController();
  const headers: Record<string, string> = { cookie };
  if (lastEventId !== undefined) headers["last-event-id"] = String(lastEventId);
  const res = await fetch(`${base}/api/inbox/stream`, { headers, signal: ac.signal });
  if (res.status !== 200 || !res.body) throw new Error(`stream ${res.status}: ${await res.text()}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const messages: { id: string | undefined; text: string | undefined }[] = [];
  // Each message's entry as sent, for assertions on entries other than chat events.
  const sent: unknown[] = [];
  let ready = false;
  const pump = async (): Promise<void> => {
    const chunk = await reader.read();
    if (chunk.done) throw new Error("stream ended");
    buffer += decoder.decode(chunk.value, { stream: true });
    let cut = buffer.indexOf("\n\n");
    while (cut >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const field = (name: string) =>
        block
          .split("\n")
          .find((l) => l.startsWith(`${name}: `) || l.startsWith(`${name}:`))
          ?.replace(/^[a-z]+: ?/, "");
      if (field("event") === "ready") ready = true;
      if (field("event") === "inbox") {
        const data = JSON.parse(field("data") ?? "{}") as { event?: { new_message?: { text?: string } } };
        messages.push({ id: field("id"), text: data.event?.new_message?.text });
        sent.push(data);
      }
      cut = buffer.indexOf("\n\n");
    }
  };
  while (!ready) await pump();
  return {
    /** Waits until `n` inbox messages arrived in all, and returns them. */
    async take(n: number) {
      while (messages.length < n) await pump();
      return messages.slice(0, n);
    },
    /** Waits until `n` inbox messages arrived in all, and returns their entries as sent. */
    async takeEntries(n: number) {
      while (sent.length < n) await pump();
      return sent.slice(0, n);
    },
    close: () => ac.abort(),
  };
}
