import { describe, expect, it } from "vitest";
import { DEMO_APP } from "../../src/emulator/state";
import { createProxy } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { listensOnLoopback, loopbackHostAllowed } from "../../src/server/loopback";

// DNS rebinding: which Host names a studio on the loopback interface answers to (src/server/loopback.ts).
describe("loopbackHostAllowed", () => {
  it.each([
    "localhost",
    "LOCALHOST",
    "localhost.",
    "studio.localhost",
    "127.0.0.1",
    "127.1.2.3",
    "[::1]",
    "10.0.0.7",
    "studio.example.com",
  ])("lets %s through", (name) => {
    expect(loopbackHostAllowed(name, ["studio.example.com"])).toBe(true);
  });

  it.each([
    "evil.example",
    "localhost.evil.example",
    "127.0.0.1.nip.io",
    "studio.example.com.evil.example",
    "xlocalhost",
  ])("refuses %s", (name) => {
    expect(loopbackHostAllowed(name, ["studio.example.com"])).toBe(false);
  });

  it("knows a loopback listening address from one serving other machines", () => {
    for (const h of ["127.0.0.1", "127.0.0.2", "::1", "localhost"])
      expect(listensOnLoopback(h), h).toBe(true);
    for (const h of ["0.0.0.0", "::", "192.0.2.2", "studio.internal"])
      expect(listensOnLoopback(h), h).toBe(false);
  });
});

describe("the proxy's Host check", () => {
  const session = (host: string, env: Record<string, string> = {}) => {
    const { app } = createProxy({
      config: loadConfig({ PORT: "8787", ...env }, DEMO_APP),
      log: () => {},
    });
    return app.request(`http://${host}/api/session`, { headers: { host } });
  };

  it("refuses another site's name on the loopback interface (the default)", async () => {
    const res = await session("evil.example:8787");
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("answers only to the names it is served by");
    expect((await session("localhost:8787")).status).toBe(200);
  });

  it("answers to PUBLIC_URL's name", async () => {
    const env = { PUBLIC_URL: "https://studio.example.com" };
    expect((await session("studio.example.com", env)).status).toBe(200);
    expect((await session("evil.example", env)).status).toBe(400);
  });

  it("leaves names to the balancer when serving other machines (HOST=0.0.0.0)", async () => {
    expect((await session("studio-upstream:8787", { HOST: "0.0.0.0" })).status).toBe(200);
  });
});
