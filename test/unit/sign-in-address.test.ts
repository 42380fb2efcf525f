import { describe, expect, it } from "vitest";
import { DEMO_APP } from "../../src/emulator/state";
import { createProxy } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { startAdvice } from "../../src/server/start-advice";

// A sign-in comes back to PUBLIC_URL (or another loopback name of it, on the emulator). Started from
// the editor open at another address (the studio served with --host 0.0.0.0 and opened at the
// machine's network address), it would come back where this browser's sign-in is not, and end on
// "Sign-in not accepted … forged, replayed or too old": it is not started, and the page says why.
describe("starting a sign-in from the address the editor is open at", () => {
  const { app } = createProxy({
    config: loadConfig({ PORT: "8787", HOST: "0.0.0.0" }, DEMO_APP),
    log: () => {},
  });
  const start = (host: string, referer?: string) =>
    app.request(`http://${host}/oauth/start?scope=USER_PHONE&returnTo=%2F%3Fdraft%3D1`, {
      headers: { host, ...(referer ? { referer } : {}) },
    });

  it("is refused with a page naming both addresses when it could not come back there", async () => {
    const res = await start("192.0.2.2:8787", "http://192.0.2.2:8787/?draft=1");
    expect(res.status).toBe(409);
    const page = await res.text();
    expect(page).toContain("The editor is open at http://192.0.2.2:8787");
    expect(page).toContain("signing in comes back to http://localhost:8787 (PUBLIC_URL)");
    expect(page).toContain("nothing was started");
    expect(page).toContain('<a href="/?draft=1">Back to the editor</a>');
    // With the studio's icon, which the studio serves (no 404 in the console).
    const icon = /<link rel="icon" href="([^"]+)" type="image\/svg\+xml">/.exec(page)?.[1] ?? "none";
    const served = await app.request(`http://192.0.2.2:8787${icon}`, { headers: { host: "192.0.2.2:8787" } });
    expect(served.status).toBe(200);
    // No flow was stored in the browser's cookie.
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it("goes ahead from PUBLIC_URL, another loopback name of it, a link from another site, or no Referer", async () => {
    for (const [host, referer] of [
      ["localhost:8787", "http://localhost:8787/"],
      ["127.0.0.1:8787", "http://127.0.0.1:8787/"],
      ["localhost:8787", "https://docs.example/guide"],
      ["192.0.2.2:8787", undefined],
    ] as const) {
      const res = await start(host, referer);
      expect(res.status, `${host} from ${referer}`).toBe(302);
      expect(res.headers.get("location")).toContain("/oauth2/auth");
    }
  });
});

describe("the start's advice", () => {
  const advice = (env: Record<string, string>) =>
    startAdvice(loadConfig({ PORT: "8787", ...env }, DEMO_APP), "127.0.0.1").join("\n");

  it("says the emulator is for this machine only when the studio serves other machines", () => {
    expect(advice({ HOST: "0.0.0.0" })).toContain(
      "The emulator listens on 127.0.0.1 only: signing in and publishing to it work in a browser on this machine, at http://localhost:8787",
    );
    expect(advice({})).not.toContain("The emulator listens");
  });

  it("says how other instances share this one's emulator when a team's database is set", () => {
    expect(advice({ DATABASE_URL: "postgres://studio@127.0.0.1:5432/studio" })).toContain(
      "other instances on the same DATABASE_URL cannot use sign-ins made through it. Start them with PLATFORM_API_URL and PLATFORM_AUTH_URL set to this emulator (http://127.0.0.1:8788)",
    );
    expect(advice({})).not.toContain("other instances");
  });
});
