import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore } from "../../src/server/store/open-store";
import type { Delivery } from "../../src/server/store/records";
import { cli } from "../helpers/cli";
import {
  type PostgresCluster,
  postgresUnavailableReason,
  startPostgresCluster,
} from "../helpers/postgres-cluster";

// `addon-studio store copy`: a team moves the embedded store (PGlite folder) to PostgreSQL.
const unavailable = postgresUnavailableReason();
const root = mkdtempSync(join(tmpdir(), "addon-studio-copy-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const chat = (text: string): Delivery => ({
  kind: "event",
  event: {
    type: "NEW_MESSAGE",
    new_message: {
      id: randomUUID(),
      conversation: { id: randomUUID(), type: "POST", post_token: "gZ3kQx9aB1cD" },
      sender: { side: "BUYER", type: "HUMAN" },
      type: "TEXT",
      sent_at: 1_763_800_000_000_000,
      text,
    },
  },
});

describe("store copy, usage", () => {
  it("needs the copy action and a postgres:// URL, and never prints the URL's password", async () => {
    expect((await cli(["store"])).code).toBe(2);
    const bad = await cli(["store", "copy", "--data-dir", root, "--to", "mysql://u:s3cret@h/db"]);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain(
      "--to must be a PostgreSQL URL such as postgres://user:password@host:5432/database",
    );
    expect(bad.err).not.toContain("s3cret");
    const noServer = await cli(["store", "copy", "--data-dir", root, "--to", "postgresql:///db"]);
    expect(noServer.code).toBe(2);
    expect(noServer.err).toContain(
      "--to names no server: give its host (postgres://user:password@host:5432/database) or, for a Unix socket, its folder (postgres://user@/database?host=/var/run/postgresql)",
    );
    const none = await cli([
      "store",
      "copy",
      "--data-dir",
      join(root, "nothing-here"),
      "--to",
      "postgres://u:s3cret@127.0.0.1:1/db",
    ]);
    expect(none.code).toBe(1);
    expect(none.err).toContain("There is no embedded store in");
    expect(none.err).not.toContain("s3cret");
  });
});

describe("store copy to a server that cannot be reached", { timeout: 60_000 }, () => {
  it("says in one sentence what failed, where and what to do, without the URL's user or password", async () => {
    const folder = join(root, "unreachable");
    await (await openStore({ location: { kind: "pglite", dataDir: folder }, retentionDays: 30 })).close();
    const r = await cli([
      "store",
      "copy",
      "--data-dir",
      folder,
      "--to",
      "postgres://u:s3cret@127.0.0.1:1/db",
    ]);
    expect(r.code).toBe(1);
    expect(r.err).toBe(
      "addon-studio store copy: Could not open the PostgreSQL server at 127.0.0.1:1 (--to): it cannot be reached (ECONNREFUSED); start that server, or correct the host and port in --to.\n",
    );
  });
});

describe.skipIf(unavailable !== undefined)("store copy to PostgreSQL", () => {
  let cluster: PostgresCluster;
  beforeAll(async () => {
    cluster = await startPostgresCluster();
  }, 120_000);
  afterAll(() => cluster?.stop());

  it("copies history, events, sign-outs and held subscriptions with their ids, once, into an empty database", async () => {
    const dataDir = join(root, "team");
    mkdirSync(dataDir);
    const user = "phone:09120000000";
    const embedded = await openStore({ location: { kind: "pglite", dataDir }, retentionDays: 30 });
    const records = [];
    for (const i of [1, 2, 3])
      records.push(
        await embedded.recordPublish({
          userId: user,
          operation: "publish",
          target: { kind: "post_addon", ref: "post_token", id: `gZ3kQx9aB1c${i}` },
          body: { widgets: [{ title_row: { text: `آگهی ${i}` } }] },
          result: { ok: true, status: 200, response: {} },
          at: Date.now(),
        }),
      );
    const stored = [
      await embedded.insertEvent(chat("سلام"), Date.now()),
      await embedded.insertEvent(chat("hi"), Date.now()),
    ];
    await embedded.revokeSession("signed-out-session", Date.now() + 3_600_000);
    await embedded.putHeldSubscription(user, { event_type: "POST_UPDATE", createdAt: 1, renewedAt: 2 });

    // The studio still holds the folder: refused, naming what to do.
    const busy = await cli(["store", "copy", "--data-dir", dataDir, "--to", cluster.url]);
    expect(busy.code).toBe(1);
    expect(busy.err).toContain("in use by process");
    await embedded.close();

    // A studio already started on the (still empty) database would take ids the copy brings: refused.
    const early = await openStore({ location: { kind: "postgres", url: cluster.url }, retentionDays: 30 });
    const live = await cli(["store", "copy", "--data-dir", dataDir, "--to", cluster.url]);
    await early.close();
    expect(live.code).toBe(1);
    expect(live.err).toMatch(
      /\d studio connections? (is|are) open to the PostgreSQL server at 127\.0\.0\.1:\d+ \(--to\): stop every studio that uses it, then copy again/,
    );
    expect(live.err).toContain("Nothing was copied.");

    const copied = await cli(["store", "copy", "--data-dir", dataDir, "--to", cluster.url]);
    expect(copied.err).toBe("");
    expect(copied.code).toBe(0);
    expect(copied.out).toContain("Copied 3 publish records, 2 events, 1 sign-out and 1 held subscription.");

    const server = await openStore({ location: { kind: "postgres", url: cluster.url }, retentionDays: 30 });
    try {
      expect((await server.listPublishes(user)).items).toEqual([...records].reverse());
      expect(await server.eventsAfter(0)).toEqual(stored);
      expect(await server.isRevoked({ sessionId: "signed-out-session", issuedAt: 0 }, Date.now())).toBe(true);
      expect(await server.listHeldSubscriptions(user)).toEqual([
        { event_type: "POST_UPDATE", createdAt: 1, renewedAt: 2 },
      ]);
      // New rows continue after the copied ids.
      const next = await server.insertEvent(chat("after the move"), Date.now());
      expect(next.id).toBeGreaterThan(Math.max(...stored.map((e) => e.id)));
      const rec = await server.recordPublish({
        userId: user,
        operation: "remove",
        target: { kind: "post_addon", ref: "post_token", id: "gZ3kQx9aB1c1" },
        body: null,
        result: { ok: true, status: 200, response: null },
        at: Date.now(),
      });
      expect(rec.id).toBeGreaterThan(Math.max(...records.map((r) => r.id)));
    } finally {
      await server.close();
    }

    // A second copy would mix two stores' ids: refused, and the database keeps what it had.
    const again = await cli(["store", "copy", "--data-dir", dataDir, "--to", cluster.url]);
    expect(again.code).toBe(1);
    expect(again.err).toContain("copy only into an empty store");
    // The folder is left as it was and still opens.
    const reopened = await openStore({ location: { kind: "pglite", dataDir }, retentionDays: 30 });
    expect((await reopened.listPublishes(user)).items).toHaveLength(3);
    await reopened.close();
  }, 180_000);
});
