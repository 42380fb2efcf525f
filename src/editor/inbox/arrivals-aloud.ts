import { announce } from "../ui/announcer";
import { countOf } from "../ui/count-of";

/** How long arrivals are gathered into one sentence: a burst is said once, not once per event. */
export const ARRIVALS_GATHER_MS = 2000;

/**
 * Says through the page's announcer what arrived in the open Inbox ("2 new events in the Inbox:
 * NEW_MESSAGE, START_REQUEST."): a row added to the table is otherwise silent to a screen reader.
 * Each burst is gathered for `gatherMs` and said once; `stop` drops what is still gathered.
 */
export function arrivalsAloud(say: (text: string) => void = announce, gatherMs = ARRIVALS_GATHER_MS) {
  let types: string[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    const n = types.length;
    const names = [...new Set(types)];
    types = [];
    // Said, not read: "NEW MESSAGE", not "NEW underscore MESSAGE".
    const spoken = names.map((t) => t.replaceAll("_", " "));
    const listed =
      spoken.slice(0, 3).join(", ") + (names.length > 3 ? ` and ${names.length - 3} more types` : "");
    say(`${countOf(n, "new event")} in the Inbox: ${listed}.`);
  };
  return {
    add(type: string): void {
      types.push(type);
      timer ??= setTimeout(flush, gatherMs);
    },
    stop(): void {
      clearTimeout(timer);
      timer = undefined;
      types = [];
    },
  };
}
