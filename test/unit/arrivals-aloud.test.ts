import { afterEach, describe, expect, it, vi } from "vitest";
import { arrivalsAloud } from "../../src/editor/inbox/arrivals-aloud";

afterEach(() => vi.useRealTimers());

describe("the Inbox says what arrives, a burst at a time", () => {
  it("gathers a burst into one sentence, naming each type once, and starts again after it", () => {
    vi.useFakeTimers();
    const said: string[] = [];
    const aloud = arrivalsAloud((t) => said.push(t), 2000);
    aloud.add("NEW_MESSAGE");
    aloud.add("NEW_MESSAGE");
    aloud.add("START_REQUEST");
    vi.advanceTimersByTime(1999);
    expect(said).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(said).toEqual(["3 new events in the Inbox: NEW MESSAGE, START REQUEST."]);
    aloud.add("POST_UPDATE");
    vi.advanceTimersByTime(2000);
    expect(said.at(-1)).toBe("1 new event in the Inbox: POST UPDATE.");
  });

  it("names three types at most, and says nothing once stopped", () => {
    vi.useFakeTimers();
    const said: string[] = [];
    const aloud = arrivalsAloud((t) => said.push(t), 10);
    for (const t of ["A", "B", "C", "D", "E"]) aloud.add(t);
    vi.advanceTimersByTime(10);
    expect(said).toEqual(["5 new events in the Inbox: A, B, C and 2 more types."]);
    aloud.add("F");
    aloud.stop();
    vi.advanceTimersByTime(100);
    expect(said).toHaveLength(1);
  });
});
