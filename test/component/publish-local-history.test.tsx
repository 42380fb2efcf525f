// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { HistoryEntry } from "../../src/editor/proxy/publish-history";
import { LocalHistory } from "../../src/editor/publish/local-history";
import { historyEntryOf, recordOf } from "../../src/editor/publish/publish-ops";

afterEach(cleanup);

const at = "2026-01-02T10:30:00.000Z";
const published = (addonId: string): HistoryEntry => ({
  at,
  kind: "user",
  target: "user with phone 09120000001",
  ok: true,
  detail: `published (add-on id ${addonId})`,
  addonId,
});
/** A removal's entry as the publish panel writes it (historyEntryOf), succeeded or failed. */
const removal = (addonId: string, ok = true): HistoryEntry => {
  const op = { op: "deleteUserAddon", addonId } as const;
  const outcome = ok
    ? ({ status: "success", published: { ok: true, result: {} } } as const)
    : ({ status: "error", error: { code: "upstream_server_error", message: "HTTP 502" } } as const);
  const entry = historyEntryOf(op, recordOf(op), outcome, null);
  if (!entry) throw new Error("no history entry");
  return entry;
};

describe("the browser's own publish history", () => {
  it("offers no Remove for a user add-on a later removal took away (it would send that removal again)", () => {
    // Newest first: ua-1 removed; ua-2's removal failed, so it can still be removed; ua-3 untouched.
    const history = [
      removal("ua-1"),
      removal("ua-2", false),
      published("ua-1"),
      published("ua-2"),
      published("ua-3"),
    ];
    render(
      <LocalHistory
        history={history}
        labelledBy="h"
        disabled={false}
        onRemoveAddon={() => {}}
        onClear={() => {}}
      />,
    );
    const items = screen.getAllByRole("listitem");
    const removable = items.map((li) =>
      [...li.querySelectorAll("button")].some((b) => b.textContent === "Remove"),
    );
    expect(removable).toEqual([false, false, false, true, true]);
    expect(items[2]?.textContent).toContain("removed since");
    expect(items[3]?.textContent).not.toContain("removed since");
    // A server error does not say nothing was applied: the removal's outcome is unknown, not failed.
    expect(items[1]?.textContent).toContain("outcome unknown: HTTP 502");
  });
});
