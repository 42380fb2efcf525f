import { describe, expect, it } from "vitest";
import { countdownText } from "../../src/editor/proxy/use-countdown";
import { studioError } from "../../src/platform/errors";
import { retryAfterSeconds } from "../../src/server/upstream-errors";

describe("the wait a platform's Retry-After asks for, in the user's message", () => {
  it("names the seconds when there are some to wait, and says 'a few' for none, one or an unreadable value", () => {
    const now = Date.UTC(2026, 10, 24, 12, 0, 0);
    const say = (header: string) =>
      studioError("upstream_rate_limited", { retryAfter: retryAfterSeconds(header, now) }).error.message;
    expect(say("30")).toContain("Wait 30 seconds");
    // A date already past, zero and one second read "Wait 0 seconds" / "Wait 1 seconds" before.
    expect(say("Tue, 24 Nov 2026 11:59:00 GMT")).toContain("Wait a few seconds");
    expect(say("0")).toContain("Wait a few seconds");
    expect(say("1")).toContain("Wait a few seconds");
    expect(say("soon")).toContain("Wait a few seconds");
    // Long waits (a daily quota) in minutes and hours; past a day said, not counted down.
    expect(say("600")).toContain("Wait 10 minutes");
    expect(say("72000")).toContain("Wait about 20 hours");
    expect(say("100000")).toContain("Wait more than a day");
    expect(studioError("upstream_rate_limited", { retryAfter: 100_000 }).error.retryAfter).toBeUndefined();
    // The number itself stays in the answer, for a countdown.
    expect(studioError("upstream_rate_limited", { retryAfter: 0 }).error).toMatchObject({ retryAfter: 0 });
  });
});

describe("the editor's countdown", () => {
  it("shows seconds, then minutes, then hours and minutes", () => {
    expect(countdownText(45)).toBe("45 s");
    expect(countdownText(119)).toBe("119 s");
    expect(countdownText(600)).toBe("10 min");
    expect(countdownText(72_000)).toBe("20 h 0 min");
    expect(countdownText(12_030)).toBe("3 h 21 min");
  });
});
