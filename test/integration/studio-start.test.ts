import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { run } from "../../src/cli/main";
import { DEMO_POST_TOKEN } from "../../src/emulator/state";
import { StudioStartError, startStudio } from "../../src/server/start-studio";
import { freePort } from "../helpers/free-port";
import { studioFolder } from "../helpers/studio-process";
import { Browser, consentCallback, POST_BODY } from "./server-harness";

// startStudio is what `addon-studio studio` and `npm start` run; here over real HTTP on 127.0.0.1.
const dist = studioFolder("addon-studio-dist-");
// The studio opens its store at start: each test gets its own data folder (DATA_DIR).
const data = mkdtempSync(join(tmpdir(), "addon-studio-data-"));
afterAll(() => {
  rmSync(dist, { recursive: true, force: true });
  rmSync(data, { recursive: true, force: true });
});
let folders = 0;
const dataDir = () => join(data, String(++folders));

function listenOn(port = 0): Promise<Server> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(port, "127.0.0.1", () => resolve(s));
  });
}

// Opening an embedded store in a new data folder runs PGlite's initdb: seconds on a busy two-core
// machine, more than the suite's default 15 s when other work shares the cores.
describe("startStudio", { timeout: 60_000 }, () => {
  it("serves the editor and the emulator on their ports, prints both, and close() stops both", async () => {
    const [port, emulatorPort] = [await freePort(), await freePort()];
    const lines: string[] = [];
    const studio = await startStudio({
      env: { PORT: String(port), EMULATOR_PORT: String(emulatorPort), DIST_DIR: dist, DATA_DIR: dataDir() },
      log: (l) => lines.push(l),
    });
    expect(studio.url).toBe(`http://localhost:${port}`);
    expect(studio.emulatorUrl).toBe(`http://localhost:${emulatorPort}`);
    expect(lines.join("\n")).toContain(`Addon Studio (editor and proxy): http://localhost:${port}`);
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toContain("<title>studio</title>");
    expect((await fetch(`http://127.0.0.1:${emulatorPort}/`)).status).toBe(200);
    // The editor learns where the emulator's pages are and which demo post it can offer.
    const session = await (await fetch(`http://127.0.0.1:${port}/api/session`)).json();
    expect(session.emulator).toEqual({
      index: `http://localhost:${emulatorPort}/`,
      demoPostToken: "gZ3kQx9aB1cD",
      demoConversationId: "3f1c2a9e-5b7d-4c1e-9a2b-7d8e6f5a4b3c",
      userPageUrl: `http://localhost:${emulatorPort}/users/{user}`,
      conversationPageUrl: `http://localhost:${emulatorPort}/conversations/{conversation}`,
    });
    const index = await (await fetch(`http://127.0.0.1:${emulatorPort}/`)).text();
    expect(index).toContain(`/posts/${session.emulator.demoPostToken}`);
    expect(index).toContain(`/conversations/${session.emulator.demoConversationId}`);
    await studio.close();
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
    await expect(fetch(`http://127.0.0.1:${emulatorPort}/`)).rejects.toThrow();
  });

  it("signs in and publishes from http://127.0.0.1 as from http://localhost: the sign-in returns to the address it started on", async () => {
    const [port, emulatorPort] = [await freePort(), await freePort()];
    const studio = await startStudio({
      env: { PORT: String(port), EMULATOR_PORT: String(emulatorPort), DIST_DIR: dist, DATA_DIR: dataDir() },
      log: () => {},
    });
    try {
      for (const base of [`http://127.0.0.1:${port}`, `http://localhost:${port}`]) {
        const browser = new Browser();
        const q = new URLSearchParams({ scope: `POST_ADDON_CREATE.${DEMO_POST_TOKEN}`, returnTo: "/" });
        const callback = await consentCallback(browser, `${base}/oauth/start?${q}`, "allow");
        // The consent page sends the browser back to the address the sign-in began on, with its cookie.
        expect(callback.startsWith(`${base}/oauth/callback?`), callback).toBe(true);
        const back = await browser.fetch(callback);
        expect(back.res.headers.get("location"), base).toBe("/?oauth=granted");
        const published = await browser.fetch(`${base}/api/posts/${DEMO_POST_TOKEN}/addon`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(POST_BODY),
        });
        expect(published.res.status, `${base}: ${published.text}`).toBe(200);
      }
    } finally {
      await studio.close();
    }
  });

  it("a port in use names the variable to change, and leaves nothing listening and no data folder", async () => {
    const busy = await listenOn();
    const address = busy.address();
    const port = typeof address === "object" && address ? address.port : 0;
    const emulatorPort = await freePort();
    const folder = dataDir();
    const lines: string[] = [];
    try {
      await expect(
        startStudio({
          env: { PORT: String(port), EMULATOR_PORT: String(emulatorPort), DATA_DIR: folder },
          log: (l) => lines.push(l),
        }),
      ).rejects.toThrow(
        new StudioStartError(
          `The studio cannot start: port ${port} is already in use on 127.0.0.1: stop what uses it, or choose another port with PORT (or --port).`,
        ),
      );
      // The emulator started first and was closed again; the store was never opened.
      await expect(fetch(`http://127.0.0.1:${emulatorPort}/`)).rejects.toThrow();
      expect(existsSync(folder)).toBe(false);
      // No address is printed for a start that failed (the emulator's port was taken for a moment).
      expect(lines).toEqual([]);
      let err = "";
      const code = await run(
        ["studio", "--port", String(port), "--emulator-port", String(emulatorPort), "--data-dir", dataDir()],
        {
          stdin: (async function* () {})(),
          stdout: () => {},
          stderr: (t) => {
            err += t;
          },
        },
        {},
      );
      expect(code).toBe(1);
      expect(err).toMatch(/^addon-studio studio: The studio cannot start: port \d+ is already in use/);
    } finally {
      await new Promise((r) => busy.close(r));
    }
  });

  it("PORT equal to EMULATOR_PORT says the two ports must differ, not that the port is in use", async () => {
    const port = await freePort();
    const folder = dataDir();
    await expect(
      startStudio({
        env: { PORT: String(port), EMULATOR_PORT: String(port), DATA_DIR: folder },
        log: () => {},
      }),
    ).rejects.toThrow(
      new StudioStartError(
        `Configuration error: PORT (or --port) and EMULATOR_PORT (or --emulator-port) are both ${port}: the studio and its emulator need two different ports; change one of them.`,
      ),
    );
    expect(existsSync(folder)).toBe(false);
  });

  it("a host name this machine cannot look up says to set HOST to one of its addresses", async () => {
    const [port, emulatorPort] = [await freePort(), await freePort()];
    await expect(
      startStudio({
        env: {
          PORT: String(port),
          EMULATOR_PORT: String(emulatorPort),
          HOST: "not.a.host.invalid",
          DIST_DIR: dist,
          DATA_DIR: dataDir(),
        },
        log: () => {},
      }),
    ).rejects.toThrow(
      /^The studio cannot start: not\.a\.host\.invalid is not a name this machine can look up: set HOST \(or --host\) to an address of this machine/,
    );
    // The emulator it had started is stopped again.
    await expect(fetch(`http://127.0.0.1:${emulatorPort}/`)).rejects.toThrow();
  });

  it("a configuration error is one line naming the variable", async () => {
    await expect(
      startStudio({ env: { PLATFORM_API_URL: "https://api.example" }, log: () => {} }),
    ).rejects.toThrow(/^Configuration error: Missing environment variable PLATFORM_AUTH_URL/);
  });

  it("a store that cannot be reached is one line naming DATABASE_URL, without its password, and nothing listens", async () => {
    const [port, emulatorPort] = [await freePort(), await freePort()];
    const closed = await freePort();
    const lines: string[] = [];
    const err = await startStudio({
      env: {
        PORT: String(port),
        EMULATOR_PORT: String(emulatorPort),
        DATABASE_URL: `postgres://studio:hunter2-secret@127.0.0.1:${closed}/studio`,
      },
      log: (line) => lines.push(line),
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StudioStartError);
    const message = (err as Error).message;
    // One sentence: what failed, where, what to do; the URL's user and password never appear.
    expect(message).toBe(
      `Data store error: Could not open the PostgreSQL server at 127.0.0.1:${closed} (DATABASE_URL): it cannot be reached (ECONNREFUSED); start that server, or correct the host and port in DATABASE_URL.`,
    );
    expect(message).not.toContain("hunter2");
    expect(message).not.toContain("studio:");
    expect(message).not.toContain("\n");
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
    // No address was printed that the user might open: the emulator is closed again too.
    expect(lines.join("\n")).not.toContain("http://localhost");
    await expect(fetch(`http://127.0.0.1:${emulatorPort}/`)).rejects.toThrow();
  });
});
