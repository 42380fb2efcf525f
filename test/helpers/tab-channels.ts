import type { TabChannel } from "../../src/editor/drafts/draft-session";

/**
 * Tabs on one in-memory channel: a message reaches every tab but the sender, as BroadcastChannel
 * does; at once, or (`late`) when `deliver()` is called, as two saves cross in real browsers.
 */
export function channels(late = false) {
  const queued: (() => void)[] = [];
  const all = new Set<(e: MessageEvent) => void>();
  const open = (): TabChannel => {
    const own = new Set<(e: MessageEvent) => void>();
    return {
      postMessage(data: unknown) {
        for (const l of all)
          if (!own.has(l)) {
            const send = () => l(new MessageEvent("message", { data }));
            if (late) queued.push(send);
            else send();
          }
      },
      addEventListener(_: "message", l: (e: MessageEvent) => void) {
        own.add(l);
        all.add(l);
      },
      removeEventListener(_: "message", l: (e: MessageEvent) => void) {
        all.delete(l);
      },
      close() {},
    };
  };
  const deliver = () => {
    for (const send of queued.splice(0)) send();
  };
  return Object.assign(open, { deliver });
}
