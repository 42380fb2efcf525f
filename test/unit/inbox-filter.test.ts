import { describe, expect, it } from "vitest";
import { inboxRow, matchesFilter, parseInboxEntry } from "../../src/editor/inbox/inbox-entries";

/** The Inbox row of a NEW_MESSAGE delivery of `text`, with `extra` fields beside the message. */
function row(text: string, extra: Record<string, unknown> = {}) {
  const entry = parseInboxEntry(
    JSON.stringify({
      id: 1,
      receivedAt: "2026-01-02T10:30:05.000Z",
      kind: "event",
      event: {
        ...extra,
        type: "NEW_MESSAGE",
        new_message: {
          id: "m1",
          conversation: { id: "conv-1", type: "POST", post_token: "gZx7yK3aB1" },
          sender: { side: "BUYER", type: "HUMAN" },
          type: "TEXT",
          sent_at: 1767349805000000,
          text,
        },
      },
    }),
  );
  if (!entry) throw new Error("not an entry");
  return inboxRow(entry);
}

describe("the Inbox's text filter, as a Persian reader searches", () => {
  it.each([
    ["پژو 206 تیپ ۲ هنوز موجوده؟", "۲۰۶"], // Persian digits find ASCII ones
    ["پژو 206 تیپ ۲ هنوز موجوده؟", "تیپ 2"], // and the other way
    ["قیمت نهایی چند میشود؟", "می‌شود"], // a ZWNJ in the query or the text does not matter
    ["قیمت نهایی چند می‌شود؟", "میشود"],
    ["كيلومتر چنده؟", "کیلومتر"], // Arabic kaf and yeh are the Persian ones
    ["Is it still AVAILABLE?", "available"],
  ])("%s is found by %s", (text, query) => {
    expect(matchesFilter(row(text), "", query)).toBe(true);
  });

  it("still tells different words apart", () => {
    expect(matchesFilter(row("پژو 206"), "", "۲۰۷")).toBe(false);
    expect(matchesFilter(row("پژو 206"), "POST_UPDATE", "")).toBe(false);
  });
});

describe("an Inbox row's metadata", () => {
  it("shows values that are not text as their JSON, not as [object Object]", () => {
    const shown = row("سلام", { metadata: { source: "panel", o: { a: 1 }, n: 7 } });
    expect(shown.metadata).toBe('source=panel, o={"a":1}, n=7');
  });
});
