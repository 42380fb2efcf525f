import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { networkInterfaces, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../helpers/free-port";

/** The first address of this machine that is not loopback, if it has one. */
function outsideAddress(): string | undefined {
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) if (a.family === "IPv4" && !a.internal) return a.address;
  }
  return undefined;
}

/** Resolves true when a TCP connection to host:port is accepted. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.setTimeout(1000);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
  });
}

let port = 0;
let emulatorPort = 0;
let child: ChildProcess;
let output = "";
const dataDir = mkdtempSync(join(tmpdir(), "addon-studio-binding-"));

/** Starts the studio on `port`/`emulatorPort`; resolves once both banners show, or it says why not. */
async function start(): Promise<void> {
  output = "";
  // The README's start command without the build: main.ts as `npm start` runs it, with no variables
  // but the ports (and a missing dist, which the proxy answers with a 503 page).
  child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      EMULATOR_PORT: String(emulatorPort),
      DIST_DIR: "no-dist-here",
      // A fresh embedded store of its own, so the test neither reads nor leaves the repo's.
      DATA_DIR: dataDir,
      HOST: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let exited = false;
  child.once("exit", () => {
    exited = true;
  });
  child.stdout?.on("data", (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on("data", (d: Buffer) => {
    output += d.toString();
  });
  // A first start creates the embedded store (PGlite initdb): seconds on a busy machine.
  const deadline = Date.now() + 80_000;
  while (
    !(output.includes("Addon Studio") && output.includes("Platform emulator")) &&
    !exited &&
    Date.now() < deadline
  ) {
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  // Ports the OS just handed out; another test may take one between the pick and the start (the
  // ephemeral range is shared), so a start that finds its port in use is tried again on new ones.
  for (let tries = 0; tries < 5; tries++) {
    [port, emulatorPort] = [await freePort(), await freePort()];
    await start();
    if (!/already in use/.test(output)) return;
    child.kill();
  }
}, 90_000);

afterAll(() => {
  child.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("what the started servers listen on", () => {
  it("prints both addresses and the interface each listens on", () => {
    expect(output).toContain(
      `Addon Studio (editor and proxy): http://localhost:${port} (listening on 127.0.0.1:${port})`,
    );
    expect(output).toContain(`http://localhost:${emulatorPort} (listening on 127.0.0.1)`);
  });

  it("answers on 127.0.0.1 and on localhost (the printed address)", async () => {
    for (const host of ["127.0.0.1", "localhost"]) {
      const res = await fetch(`http://${host}:${port}/api/session`);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ mode: "emulator", signedIn: false });
      const emu = await fetch(`http://${host}:${emulatorPort}/`);
      expect(emu.status).toBe(200);
    }
  });

  it("listens on 127.0.0.1 only, not on every interface", async () => {
    expect(await accepts("127.0.0.1", port)).toBe(true);
    // Listening on all interfaces (no hostname) means "::", which also accepts ::1 and outside addresses.
    expect(await accepts("::1", port)).toBe(false);
    expect(await accepts("::1", emulatorPort)).toBe(false);
    const outside = outsideAddress();
    for (const p of outside === undefined ? [] : [port, emulatorPort]) {
      expect(await accepts(outside ?? "", p)).toBe(false);
    }
  });
});
