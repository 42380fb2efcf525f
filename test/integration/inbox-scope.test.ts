import { describe, expect, it } from "vitest";
import { DEMO_POST_TOKEN } from "../../src/emulator/state";
import { openStore } from "../../src/server/store/open-store";
import type { Store } from "../../src/server/store/store";
import { Browser, signIn, startStack } from "./server-harness";
import { chatEvent, deliver, inboxEntries, inboxTexts, openStream, subscribe } from "./store-proxy-helpers";

// Issue 13.17: one proxy serves one app, and a delivery does not name the user whose subscription it
// answers (spec 2.8), so a browser sees the deliveries made since it signed in, plus earlier ones
// matching its own held subscriptions.

const postUpdate = (token: string) => ({
  type: "POST_UPDATE",
  post_update: { type: "PUBLISH", post: { token } },
});

async function inboxTypes(b: Browser, base: string): Promise<string[]> {
  return (await inboxEntries(b, base)).flatMap((e) => e.event?.type ?? []);
}

describe.each([
  ["the in-process inbox", false],
  ["the durable store", true],
])("inbox scoped to a browser's sign-in and subscriptions, on %s", (_name, withStore) => {
  // Several sign-ins on the embedded store take seconds each on a loaded machine.
  it("a new browser does not see what was delivered before it signed in, unless it subscribed to it", {
    timeout: 60_000,
  }, async () => {
    const store: Store | undefined = withStore
      ? await openStore({ location: { kind: "memory" }, retentionDays: 30 })
      : undefined;
    const stack = await startStack(store ? { proxy: { store } } : {});
    const base = stack.proxyServer.url;
    try {
      // Browser A signs in and subscribes to the messages of the demo post.
      const a = new Browser();
      await signIn(a, stack, ["USER_PHONE", `CHAT_POST_CONVERSATIONS_READ.${DEMO_POST_TOKEN}`]);
      await subscribe(a, stack.proxyServer.url, {
        event_type: "NEW_MESSAGE_ON_POST",
        event_resource_id: DEMO_POST_TOKEN,
      });
      stack.clock.advance(1000);
      expect(await deliver(base, chatEvent("for A's post"))).toBe(200);
      expect(await deliver(base, postUpdate("otherPost01"))).toBe(200);
      expect(await inboxTexts(a, base)).toEqual(["for A's post"]);
      expect(await inboxTypes(a, base)).toEqual(["NEW_MESSAGE", "POST_UPDATE"]);

      // Later, another browser signs in without USER_PHONE (a sign-in of its own, holding nothing).
      stack.clock.advance(60_000);
      const b = new Browser();
      await signIn(b, stack, ["USER_POSTS_GET"]);
      expect(await inboxTypes(b, base)).toEqual([]);
      expect(await inboxTexts(b, base, "?after=0")).toEqual([]);
      const stream = await openStream(b, base);
      try {
        // Delivered while both are signed in: both see it, and it is the first thing B's stream sends.
        stack.clock.advance(1000);
        expect(await deliver(base, chatEvent("after B signed in"))).toBe(200);
        expect((await stream.take(1)).map((m) => m.text)).toEqual(["after B signed in"]);
      } finally {
        stream.close();
      }
      expect(await inboxTexts(b, base)).toEqual(["after B signed in"]);
      expect(await inboxTexts(a, base)).toEqual(["for A's post", "after B signed in"]);

      // B subscribes to POST_UPDATE for another post now: the earlier update stays out of its view.
      await subscribe(b, stack.proxyServer.url, {
        event_type: "POST_UPDATE",
        event_resource_id: "otherPost01",
      });
      expect(await inboxTypes(b, base)).toEqual(["NEW_MESSAGE"]);

      // A signs in again later: its held subscription still shows the demo post's earlier messages,
      // but not the other post's update, delivered before this sign-in and not subscribed to.
      stack.clock.advance(60_000);
      await signIn(a, stack, ["USER_PHONE", `CHAT_POST_CONVERSATIONS_READ.${DEMO_POST_TOKEN}`]);
      expect(await inboxTexts(a, base)).toEqual(["for A's post", "after B signed in"]);
      expect(await inboxTypes(a, base)).toEqual(["NEW_MESSAGE", "NEW_MESSAGE"]);
    } finally {
      await stack.close();
      await store?.close();
    }
  });
});
