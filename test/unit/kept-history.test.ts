import { describe, expect, it } from "vitest";
import { KEPT_HISTORY_MAX_CHARS, keepHistory, takeHistory } from "../../src/editor/history/kept-history";
import type { EditorDocument } from "../../src/editor/store/document";

/** A tab's storage in memory. */
function tab() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
  };
}

const doc = (...texts: string[]): EditorDocument => ({
  kind: "post",
  fields: {},
  widgets: texts.map((text, i) => ({ id: `w${i}`, widget: { title_row: { text } } })),
});

describe("the undo history kept in the tab over a reload", () => {
  it("leaves out the oldest steps when it would not fit, keeping the newest", () => {
    const t = tab();
    const big = "x".repeat(KEPT_HISTORY_MAX_CHARS / 3);
    const past = [doc(`a${big}`), doc(`b${big}`), doc(`c${big}`), doc("d")];
    const now = doc("e");
    keepHistory(t, "d1", { doc: now, past, future: [] });
    expect([...t.map.values()].join("").length).toBeLessThanOrEqual(KEPT_HISTORY_MAX_CHARS);
    const back = takeHistory(t, "d1", doc("e"));
    // Each step's title starts with its letter: the two newest were kept.
    expect(back?.past.map((d) => /"text":"(.)/.exec(JSON.stringify(d))?.[1])).toEqual(["c", "d"]);
    // Taken once: a second reload does not put it back again.
    expect(takeHistory(t, "d1", doc("e"))).toBeUndefined();
  });

  it("clears what it kept when nothing is left to undo or redo, and reads nothing that is not its own", () => {
    const t = tab();
    keepHistory(t, "d1", { doc: doc("b"), past: [doc("a")], future: [] });
    keepHistory(t, "d1", { doc: doc("b"), past: [], future: [] });
    expect(takeHistory(t, "d1", doc("b"))).toBeUndefined();
    for (const text of [
      "not json",
      '{"v":1,"draftId":"d1","widgets":[["w0",5]],"fields":[{}],"docs":[],"past":0}',
    ]) {
      t.map.set("addon-studio:undo-history", text);
      expect(takeHistory(t, "d1", doc("b"))).toBeUndefined();
    }
  });
});
