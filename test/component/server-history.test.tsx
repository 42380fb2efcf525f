// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { ServerHistory, type ServerRecord } from "../../src/editor/publish/server-history";

afterEach(cleanup);

const record = (id: number, over: Partial<ServerRecord> = {}): ServerRecord => ({
  id,
  at: "2026-01-02T10:30:00.000Z",
  operation: "publish",
  target: { kind: "post_addon", ref: "post_token", id: "gZx7yK3aB1" },
  body: { widgets: [{ title_row: { text: `title ${id}` } }] },
  result: { ok: true, status: 200, response: {} },
  ...over,
});

/** The history showing `records` (one page), its buttons doing nothing. */
function renderRecords(records: ServerRecord[]) {
  render(
    <ServerHistory
      fallback={<p>local history</p>}
      refreshKey={0}
      disabled={false}
      fetchJson={async () => ({ status: 200, json: { records, nextBefore: null } })}
      onOpen={() => {}}
      onRun={() => {}}
    />,
  );
}

describe("publish history read from the proxy", () => {
  it("lists every browser's publishes, pages back, and opens, publishes again or removes one", async () => {
    const asked: string[] = [];
    const pages: Record<string, unknown> = {
      "/api/history": {
        records: [
          record(3),
          record(2, {
            target: { kind: "user_addon", ref: "phone", id: "09120000001" },
            result: { ok: true, status: 200, response: { id: "ua-7" } },
          }),
        ],
        nextBefore: 2,
      },
      "/api/history?before=2": {
        records: [
          record(1, { result: { ok: false, status: 403, error: { code: "x", message: "refused" } } }),
        ],
        nextBefore: null,
      },
    };
    const opened: number[] = [];
    const runs: Array<{ target: Record<string, string>; body: unknown }> = [];
    render(
      <ServerHistory
        fallback={<p>local history</p>}
        refreshKey={0}
        disabled={false}
        fetchJson={async (url) => {
          asked.push(url);
          return { status: 200, json: pages[url] };
        }}
        onOpen={(r) => opened.push(r.id)}
        onRun={(target, body) => runs.push({ target, body })}
      />,
    );
    const list = await screen.findByRole("list", { name: "Publish history (all your browsers)" });
    expect(list.querySelectorAll("li")).toHaveLength(2);
    await userEvent.click(screen.getByRole("button", { name: "Load older" }));
    await waitFor(() => expect(list.querySelectorAll("li")).toHaveLength(3));
    expect(list.textContent).toContain("failed: refused");
    expect(screen.queryByRole("button", { name: "Load older" })).toBeNull();

    await userEvent.click(screen.getAllByRole("button", { name: /^Open in editor/ })[0] as HTMLElement);
    expect(opened).toEqual([3]);
    await userEvent.click(screen.getAllByRole("button", { name: /^Publish again/ })[0] as HTMLElement);
    expect(runs[0]).toEqual({
      target: { op: "publish", postToken: "gZx7yK3aB1" },
      body: { widgets: [{ title_row: { text: "title 3" } }] },
    });
    // The user add-on is removed by the id the platform answered with, after confirming.
    const removes = screen.getAllByRole("button", { name: /^Remove/ });
    await userEvent.click(removes[1] as HTMLElement);
    await userEvent.click(screen.getByRole("button", { name: "Remove it" }));
    expect(runs[1]).toEqual({ target: { op: "deleteUserAddon", addonId: "ua-7" }, body: null });
    expect(asked).toEqual(["/api/history", "/api/history?before=2"]);
  });

  it("names each row's buttons with their record, so a list of the page's buttons tells them apart", async () => {
    // Two publishes to the same post, a minute apart, and one to a user: three of each button.
    renderRecords([
      record(3, { at: "2026-01-02T10:31:00.000Z" }),
      record(2),
      record(1, {
        target: { kind: "user_addon", ref: "phone", id: "09120000001" },
        result: { ok: true, status: 200, response: { id: "ua-7" } },
      }),
    ]);
    await screen.findByRole("list", { name: "Publish history (all your browsers)" });
    for (const visible of ["Open in editor", "Publish again", "Remove"]) {
      const names = screen
        .getAllByRole("button", { name: new RegExp(`^${visible}`) })
        .map((b) => b.getAttribute("aria-label") ?? "");
      expect(names, visible).toHaveLength(3);
      expect(new Set(names).size, `${visible}: ${names.join(" | ")}`).toBe(3);
      // The visible words come first (what a speech-input user says to press it).
      for (const name of names) expect(name.startsWith(visible), name).toBe(true);
    }
    const when = new Date("2026-01-02T10:31:00.000Z").toLocaleString();
    expect(
      screen.getByRole("button", { name: `Publish again: publish post add-on gZx7yK3aB1, ${when}` }),
    ).toBeTruthy();
  });

  it("offers no Remove for what a later removal already took away (it would send that removal again)", async () => {
    const userAddon = (id: number, addonId: string): ServerRecord =>
      record(id, {
        target: { kind: "user_addon", ref: "phone", id: "09120000001" },
        result: { ok: true, status: 200, response: { id: addonId } },
      });
    const records = [
      // Newest first: the post published again after its removal; the user add-on ua-1 removed.
      record(6),
      record(5, { operation: "remove", body: null }),
      record(4),
      record(3, {
        operation: "remove",
        body: null,
        target: { kind: "user_addon", ref: "addon_id", id: "ua-1" },
      }),
      userAddon(2, "ua-1"),
      userAddon(1, "ua-2"),
    ];
    renderRecords(records);
    const list = await screen.findByRole("list", { name: "Publish history (all your browsers)" });
    const items = [...list.querySelectorAll("li")];
    const removable = items.map((li) =>
      [...li.querySelectorAll("button")].some((b) => b.textContent === "Remove"),
    );
    // 6: the add-on on the post now; 4: removed by 5; 2: ua-1 removed by 3; 1: ua-2 still there.
    expect(removable).toEqual([true, false, false, false, false, true]);
    expect(items[2]?.textContent).toContain("removed since");
    expect(items[4]?.textContent).toContain("removed since");
    expect(items[0]?.textContent).not.toContain("removed since");
  });

  it('names a send that may have been delivered "outcome unknown", not failed, and offers its removal', async () => {
    const unknown = (id: number, code: string): ServerRecord =>
      record(id, { result: { ok: false, status: 502, error: { code, message: `${code} said` } } });
    const records = [
      unknown(4, "upstream_outcome_unknown"),
      unknown(3, "upstream_timeout"),
      unknown(2, "upstream_redirect"),
      record(1, {
        result: { ok: false, status: 400, error: { code: "upstream_bad_request", message: "refused" } },
      }),
    ];
    renderRecords(records);
    const list = await screen.findByRole("list", { name: "Publish history (all your browsers)" });
    const items = [...list.querySelectorAll("li")];
    expect(items.map((li) => /outcome unknown: |failed: /.exec(li.textContent ?? "")?.[0])).toEqual([
      "outcome unknown: ",
      "outcome unknown: ",
      "outcome unknown: ",
      "failed: ",
    ]);
    // The add-on may be on the post: it can be removed from here. A refusal put nothing there.
    const removable = items.map((li) =>
      [...li.querySelectorAll("button")].some((b) => b.textContent === "Remove"),
    );
    expect(removable).toEqual([true, true, true, false]);
  });

  it("shows the browser's own history when the proxy keeps none", async () => {
    render(
      <ServerHistory
        fallback={<p>local history</p>}
        refreshKey={0}
        disabled={false}
        fetchJson={async () => ({ status: 404, json: { error: { code: "not_found" } } })}
        onOpen={() => {}}
        onRun={() => {}}
      />,
    );
    expect(await screen.findByText("local history")).toBeTruthy();
  });
});
