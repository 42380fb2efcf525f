import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore } from "../../src/server/store/open-store";
import type { Store } from "../../src/server/store/store";
import { expectStoreError, storeContract } from "./store-contract";

describe("store on PGlite (in memory)", () => {
  let store: Store;
  beforeAll(async () => {
    store = await openStore({ location: { kind: "memory" }, retentionDays: 30 });
  }, 120_000);
  afterAll(() => store?.close());

  storeContract(() => store);
});

describe("store on PGlite in a data folder", () => {
  const root = mkdtempSync(join(tmpdir(), "addon-studio-data-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("keeps history, events, revocations and subscriptions across closing and reopening", async () => {
    const dataDir = join(root, "kept");
    const user = `user-${randomUUID()}`;
    const first = await openStore({ location: { kind: "pglite", dataDir }, retentionDays: 30 });
    const rec = await first.recordPublish({
      userId: user,
      operation: "publish",
      target: { kind: "post_addon", ref: "post_token", id: "gZ3kQx9aB1cD" },
      body: { widgets: [] },
      result: { ok: true, status: 200, response: {} },
      at: Date.now(),
    });
    const ev = await first.insertEvent(
      { kind: "event", event: { type: "USER_ACCESS_REVOCATION", user_access_revocation: { a: 1 } } },
      Date.now(),
    );
    await first.revokeSession("sess-1", Date.now() + 60_000);
    await first.putHeldSubscription(user, { event_type: "POST_UPDATE", createdAt: 1, renewedAt: 2 });
    await first.close();
    // The folder the studio made ignores itself, so a `git add .` in the project leaves the database out.
    expect(readFileSync(join(dataDir, ".gitignore"), "utf8").split("\n")).toContain("*");

    const again = await openStore({ location: { kind: "pglite", dataDir }, retentionDays: 30 });
    try {
      expect((await again.listPublishes(user)).items).toEqual([rec]);
      expect(await again.getEvent(ev.id)).toEqual(ev);
      expect(await again.isRevoked({ sessionId: "sess-1", issuedAt: 0 }, Date.now())).toBe(true);
      expect(await again.listHeldSubscriptions(user)).toEqual([
        { event_type: "POST_UPDATE", createdAt: 1, renewedAt: 2 },
      ]);
      // New ids continue after the old ones.
      const next = await again.insertEvent(
        { kind: "event", event: { type: "PAYMENT_TRANSACTION", transaction: {} } },
        Date.now(),
      );
      expect(next.id).toBeGreaterThan(ev.id);
      expect((await again.health()).migration).toBe("0002_revocations_notify");
    } finally {
      await again.close();
    }
  }, 120_000);

  it("writes no .gitignore into a folder that was there before (it may hold the user's own files)", async () => {
    const dataDir = join(root, "given");
    mkdirSync(dataDir);
    const s = await openStore({ location: { kind: "pglite", dataDir }, retentionDays: 30 });
    await s.close();
    expect(existsSync(join(dataDir, "PG_VERSION"))).toBe(true);
    expect(existsSync(join(dataDir, ".gitignore"))).toBe(false);
  }, 120_000);

  it("writes the publish records it already answered for before it closes", async () => {
    const dataDir = join(root, "flushed");
    const user = `user-${randomUUID()}`;
    const first = await openStore({ location: { kind: "pglite", dataDir }, retentionDays: 30 });
    const queued = [];
    for (let i = 0; i < 3; i++) {
      queued.push(
        await first.queuePublish({
          userId: user,
          operation: "remove",
          target: { kind: "post_addon", ref: "post_token", id: `gZ3kQx9aB1c${i}` },
          body: null,
          result: { ok: true, status: 200, response: null },
          at: Date.now(),
        }),
      );
    }
    // Closed at once, with the writes still queued (as on Ctrl+C right after a publish).
    await first.close();
    await Promise.all(queued.map((q) => q.written));
    const again = await openStore({ location: { kind: "pglite", dataDir }, retentionDays: 30 });
    try {
      expect((await again.listPublishes(user)).items).toEqual(queued.map((q) => q.record).reverse());
    } finally {
      await again.close();
    }
  }, 120_000);

  it("refuses a second opening of a folder in use, naming DATA_DIR, takes over a stale lock, and refuses calls once closed", async () => {
    const dataDir = join(root, "locked");
    const s = await openStore({ location: { kind: "pglite", dataDir }, retentionDays: 30 });
    try {
      const err = await expectStoreError(
        openStore({ location: { kind: "pglite", dataDir }, retentionDays: 30 }),
        "unavailable",
      );
      expect(err.message).toContain("DATA_DIR");
      expect(err.message).toContain(`in use by process ${process.pid}`);
    } finally {
      await s.close();
    }
    // A lock left by a process that has ended (pid 2^22 + 1 is above Linux's pid_max) is stale.
    writeFileSync(join(dataDir, "studio.lock"), String(2 ** 22 + 1));
    const reopened = await openStore({ location: { kind: "pglite", dataDir }, retentionDays: 30 });
    await reopened.close();

    // Once closed, every call rejects with a typed error and health says it is unreachable.
    const err = await expectStoreError(
      reopened.insertEvent(
        { kind: "event", event: { type: "PAYMENT_TRANSACTION", transaction: {} } },
        Date.now(),
      ),
      "closed",
    );
    expect(err.message).toContain("store the event");
    expect(await reopened.health()).toMatchObject({ kind: "pglite", reachable: false });
  }, 120_000);

  it("names DATA_DIR when the folder cannot be made", async () => {
    const file = join(root, "a-file");
    writeFileSync(file, "not a folder");
    const err = await expectStoreError(
      openStore({ location: { kind: "pglite", dataDir: join(file, "data") }, retentionDays: 30 }),
      "failed",
    );
    expect(err.message).toContain("DATA_DIR");
    expect(err.message).toContain(join(file, "data"));
    expect(err.message).toContain(
      "is a file, or lies under one, not a folder; give --data-dir or DATA_DIR a folder",
    );
  });

  // `--data-dir /proc/nope` hung the start at full CPU (Node's recursive mkdir loops there for ever).
  it.skipIf(process.platform !== "linux")(
    "ends with why for a folder the kernel will not make (under /proc), instead of looping",
    async () => {
      const dir = "/proc/addon-studio-nope/data";
      const err = await expectStoreError(
        openStore({ location: { kind: "pglite", dataDir: dir }, retentionDays: 30 }),
        "failed",
      );
      expect(err.message).toBe(
        `Could not open the embedded store in ${dir} (DATA_DIR): the folder cannot be made or written there (ENOENT); give --data-dir or DATA_DIR a folder this user may write, or leave both out to use .addon-studio.`,
      );
    },
    5_000,
  );

  // `--data-dir package.json` said "it answered with an error (EEXIST)".
  it("says a DATA_DIR that is a file is not a folder, and what to give instead", async () => {
    const file = join(root, "package.json");
    writeFileSync(file, "{}");
    const err = await expectStoreError(
      openStore({ location: { kind: "pglite", dataDir: file }, retentionDays: 30 }),
      "failed",
    );
    expect(err.message).toBe(
      `Could not open the embedded store in ${file} (DATA_DIR): ${file} is a file, or lies under one, not a folder; give --data-dir or DATA_DIR a folder (it is made when missing), or leave both out to use .addon-studio.`,
    );
  });
});
