import { openStore } from "../../src/server/store/open-store";
for (const dir of ["/proc/nope/a", "/etc/passwd/x", "/tmp/mf-test/a/b"]) {
  const t = Date.now();
  try { const s = await openStore({ location: { kind: "pglite", dataDir: dir }, retentionDays: 30 }); await s.close(); console.log(dir, "opened"); }
  catch (e) { console.log(dir, Date.now() - t, "ms:", (e as Error).message); }
}
