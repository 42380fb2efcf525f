import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_POST_TOKEN } from "../../src/emulator/state";
import { postAddonScope } from "../../src/platform/scopes";
import { cliProcess } from "../helpers/cli";
import { CONSUMER_FILES } from "./consumer-files";

// The package as a user meets it: `npm pack` (which runs the prepack build), then the tarball installed
// in a fresh project outside the repository, with no way to reach the repository's node_modules.
// Everything below runs there, from node_modules/addon-studio.
const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const work = mkdtempSync(join(tmpdir(), "addon-studio-package-"));
const project = join(work, "project");
const NPM_FLAGS = ["--no-audit", "--no-fund", "--loglevel=error"];
let packed: { filename: string; files: Array<{ path: string }> };

/** A clean environment: none of the studio's variables leak in from the developer's shell. */
const cleanEnv = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? work, NODE_OPTIONS: "" };

const cli = (args: string[], cwd = project) =>
  cliProcess([join(project, "node_modules/.bin/addon-studio")], args, { cwd, env: cleanEnv });

beforeAll(() => {
  // vitest sets NODE_ENV=test, and Vite would build React's development bundle into the tarball.
  const { NODE_ENV: _, ...buildEnv } = process.env;
  const out = execFileSync("npm", ["pack", "--json", "--pack-destination", work, ...NPM_FLAGS], {
    cwd: ROOT,
    env: buildEnv,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  // Build output (prepack) may precede npm's JSON on stdout.
  const json = JSON.parse(out.slice(out.lastIndexOf("\n[\n") + 1 || out.indexOf("[")));
  packed = json[0];
  for (const [name, text] of Object.entries(CONSUMER_FILES)) {
    mkdirSync(dirname(join(project, name)), { recursive: true });
    writeFileSync(join(project, name), text);
  }
  execFileSync("npm", ["install", join(work, packed.filename), ...NPM_FLAGS], {
    cwd: project,
    encoding: "utf8",
  });
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("the packed tarball", () => {
  it("ships the library, the CLI, the editor, the schemas and the docs; no sources, tests or benchmarks", () => {
    const paths = packed.files.map((f) => f.path);
    for (const needed of [
      "LICENSE",
      "README.md",
      "docs/cli.md",
      "package.json",
      "bin/addon-studio.mjs",
      "lib/index.mjs",
      "lib/index.cjs",
      "lib/index.d.mts",
      "lib/index.d.cts",
      "lib/cli.mjs",
      "dist/index.html",
      "schemas/post.schema.json",
      "schemas/event.schema.json",
    ])
      expect(paths, needed).toContain(needed);
    expect(
      paths.filter(
        (p) =>
          /^(src|test|bench|scripts)\/|screenshots|\.ts$/.test(p) &&
          !p.endsWith(".d.mts") &&
          !p.endsWith(".d.cts"),
      ),
    ).toEqual([]);
    expect(readFileSync(join(project, "node_modules/addon-studio/LICENSE"), "utf8")).toMatch(/^MIT License/);
    // The bundles drop their code's licence comments and the fonts travel without theirs: each build
    // folder carries the licences of what it holds (the OFL goes with every copy of Vazirmatn).
    for (const [folder, names] of [
      ["dist", ["react@", "zod@", "@dnd-kit/core@", "@fontsource/vazirmatn@"]],
      ["lib", ["react@", "zod@", "drizzle-orm@", "@fontsource/vazirmatn@"]],
    ] as const) {
      const notices = readFileSync(
        join(project, "node_modules/addon-studio", folder, "THIRD-PARTY-NOTICES.txt"),
        "utf8",
      );
      for (const name of names)
        expect(notices, `${folder}: ${name}`).toMatch(new RegExp(`^- ${name.replace(/[/@]/g, "\\$&")}`, "m"));
      expect(notices, folder).toContain("SIL OPEN FONT LICENSE Version 1.1");
    }
    // Every document a shipped page links to is shipped too (the README's screenshots stay in the
    // repository: 1.8 MB of pictures for the npm page alone).
    const broken: string[] = [];
    for (const page of paths.filter((p) => p.endsWith(".md"))) {
      const text = readFileSync(join(project, "node_modules/addon-studio", page), "utf8");
      for (const [, target] of text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
        if (!target || /^[a-z]+:/.test(target) || target.startsWith("docs/screenshots/")) continue;
        const resolved = join(dirname(page), target);
        if (!paths.includes(resolved)) broken.push(`${page} → ${target}`);
      }
    }
    expect(broken).toEqual([]);
    // The production build of the editor (React's development build has no minified error codes).
    const index = packed.files.find((f) => /^dist\/assets\/index-.*\.js$/.test(f.path));
    expect(index).toBeDefined();
    const script = readFileSync(join(project, "node_modules/addon-studio", index?.path ?? ""), "utf8");
    expect(script).toContain("Minified React error");
  });

  it("installs only what runs: no React, editor libraries or tsx; zod once, as the peer", () => {
    const installed = readFileSync(join(project, "package-lock.json"), "utf8");
    for (const absent of [
      "node_modules/react",
      "node_modules/react-dom",
      "node_modules/tsx",
      "node_modules/@dnd-kit/core",
      "node_modules/zustand",
      "node_modules/esbuild",
    ])
      expect(installed, absent).not.toContain(`"${absent}"`);
    expect(installed).toContain('"node_modules/zod"');
    expect(installed).not.toMatch(/node_modules\/addon-studio\/node_modules\/zod/);
  });
});

describe("the CLI from the installed package", () => {
  it("--version, and validate on a valid file, an invalid file and a folder", () => {
    expect(cli(["--version"]).out.trim()).toBe(
      JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).version,
    );
    const valid = cli(["validate", "--kind", "post", "addons/good.json"]);
    expect(valid.code).toBe(0);
    expect(valid.err).toBe("addons/good.json: valid post body\n");
    const invalid = cli(["validate", "--kind", "post", "addons/more/bad.json"]);
    expect(invalid.code).toBe(1);
    expect(invalid.out).toBe(
      "addons/more/bad.json:11:9: widgets[1].selector_row.image_url: renamed to image_id in v2 (addon-studio migrate renames it)\n",
    );
    const folder = cli(["validate", "--kind", "post", "addons/"]);
    expect(folder.code).toBe(1);
    expect(folder.err).toMatch(/Checked 2 files: 1 valid, 1 invalid/);
    expect(cli(["validate", "valid-only"]).code).toBe(0);
    // A quoted glob: its matcher is bundled into lib/ (a devDependency of the repository, not installed).
    const glob = cli(["validate", "--kind", "post", "addons/**/*.json"]);
    expect(glob.err).toMatch(/Checked 2 files: 1 valid, 1 invalid/);
    expect(glob.code).toBe(1);
    const github = cli(["validate", "--kind", "post", "--format", "github", "addons", "missing.json"]);
    expect(github.code).toBe(2);
    expect(github.out).toMatch(/^::error file=addons\/more\/bad\.json,line=11,col=9,/m);
    expect(github.out).toMatch(/^::error file=missing\.json,.*cannot read missing\.json: no such file/m);
  });
});

describe("the library from the installed package", () => {
  it("imports from ESM and CommonJS", () => {
    const esm = JSON.parse(
      execFileSync("node", ["esm.mjs"], { cwd: project, encoding: "utf8", env: cleanEnv }),
    );
    expect(esm).toMatchObject({ valid: true, invalidAt: ["widgets[0].title_row.text"], icons: 822 });
    expect(esm.schemaId).toBe("https://unpkg.com/addon-studio/schemas/post.schema.json");
    expect(esm.generatedId).toBe(esm.schemaId);
    const cjs = JSON.parse(
      execFileSync("node", ["cjs.cjs"], { cwd: project, encoding: "utf8", env: cleanEnv }),
    );
    expect(cjs).toMatchObject({
      valid: true,
      migrated: { widgets: [{ title_row: { text: "الف" } }] },
      version: esm.version,
    });
    expect(cjs.schemaTitle).toMatch(/^Chat message/);
  });

  it("loading it brings in zod and the library alone (nothing of the studio's server) and prints nothing", () => {
    const r = spawnSync("node", ["loaded.cjs"], { cwd: project, encoding: "utf8", env: cleanEnv });
    expect(r.stderr).toBe("");
    expect(JSON.parse(r.stdout)).toEqual(["addon-studio/lib/index.cjs"]);
    const esm = spawnSync("node", ["--input-type=module", "-e", 'await import("addon-studio")'], {
      cwd: project,
      encoding: "utf8",
      env: cleanEnv,
    });
    expect(`${esm.stdout}${esm.stderr}`).toBe("");
    expect(esm.status).toBe(0);
  });

  it("the README's snippet (Use it from your project) compiles as written, strict, and runs", () => {
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    const start = readme.indexOf("## Use it from your project");
    const section = readme.slice(start, readme.indexOf("\n## ", start + 1));
    const snippet = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
    expect(snippet, "a TypeScript snippet in the section").toBeDefined();
    writeFileSync(join(project, "readme-snippet.mts"), snippet ?? "");
    writeFileSync(
      join(project, "tsconfig.readme.json"),
      JSON.stringify({
        compilerOptions: {
          module: "nodenext",
          target: "es2022",
          strict: true,
          outDir: "readme-out",
          types: [],
        },
        files: ["readme-snippet.mts"],
      }),
    );
    const tsc = join(ROOT, "node_modules/typescript/bin/tsc");
    const r = spawnSync("node", [tsc, "-p", "tsconfig.readme.json"], { cwd: project, encoding: "utf8" });
    expect(`${r.stdout}${r.stderr}`).toBe("");
    expect(r.status).toBe(0);
    const out = execFileSync("node", ["readme-out/readme-snippet.mjs"], {
      cwd: project,
      encoding: "utf8",
      env: cleanEnv,
    });
    expect(out).toBe("valid: 1 widgets\n");
  });

  it("type-checks with moduleResolution nodenext and bundler", () => {
    const tsc = join(ROOT, "node_modules/typescript/bin/tsc");
    for (const config of ["tsconfig.json", "tsconfig.bundler.json"]) {
      const r = spawnSync("node", [tsc, "-p", config], { cwd: project, encoding: "utf8" });
      expect(`${r.stdout}${r.stderr}`, config).toBe("");
      expect(r.status, config).toBe(0);
    }
  });
});

describe("installing next to another zod", () => {
  it("a project on zod 3 is told at install time, naming the peer range", () => {
    const other = join(work, "zod3-project");
    mkdirSync(other);
    writeFileSync(
      join(other, "package.json"),
      JSON.stringify({ name: "zod3", private: true, dependencies: { zod: "^3.23.0" } }),
    );
    const r = spawnSync("npm", ["install", join(work, packed.filename), ...NPM_FLAGS], {
      cwd: other,
      encoding: "utf8",
    });
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/ERESOLVE/);
    expect(r.stderr).toMatch(/peer zod@"\^4\.3\.0" from addon-studio/);
  });

  it("bundles with esbuild as a bundler user would", () => {
    const esbuild = join(ROOT, "node_modules/esbuild/bin/esbuild");
    // The package's bin is the native executable (or a Node shim where the binary is not installed).
    execFileSync(
      esbuild,
      [
        "esm.mjs",
        "--bundle",
        "--platform=node",
        "--format=esm",
        "--outfile=out/bundle.mjs",
        "--log-level=error",
      ],
      {
        cwd: project,
      },
    );
    const out = JSON.parse(
      execFileSync("node", ["out/bundle.mjs"], { cwd: project, encoding: "utf8", env: cleanEnv }),
    );
    expect(out).toMatchObject({ valid: true, invalidAt: ["widgets[0].title_row.text"] });
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const address = s.address();
      const port = typeof address === "object" && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/** Resolves with everything printed once `pattern` appears on stdout; rejects when the process ends first. */
function waitFor(child: ChildProcess, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = "";
    child.stdout?.on("data", (d: Buffer) => {
      seen += d.toString();
      if (pattern.test(seen)) resolve(seen);
    });
    child.stderr?.on("data", (d: Buffer) => {
      seen += d.toString();
    });
    child.once("exit", (code) => reject(new Error(`exited with ${code} before ${pattern}: ${seen}`)));
  });
}

describe("addon-studio studio from the installed package", () => {
  let child: ChildProcess | undefined;
  afterAll(() => {
    if (child?.exitCode === null) child.kill("SIGKILL");
  });

  it("serves the editor and its script, draws a published add-on on the emulator, stops on Ctrl+C", async () => {
    const [port, emulatorPort] = [await freePort(), await freePort()];
    child = spawn(
      join(project, "node_modules/.bin/addon-studio"),
      ["studio", "--port", String(port), "--emulator-port", String(emulatorPort)],
      { cwd: project, env: cleanEnv, stdio: ["ignore", "pipe", "pipe"] },
    );
    const printed = await waitFor(child, /Press Ctrl\+C to stop/);
    expect(printed).toContain(`Addon Studio (editor and proxy): http://localhost:${port}`);
    expect(printed).toContain(`Platform emulator (auth and API host, demo app`);
    expect(printed).toContain(`http://localhost:${emulatorPort}`);

    const studio = `http://127.0.0.1:${port}`;
    const page = await fetch(`${studio}/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    // The editor's entry: preloaded, and imported by the page's inline script (shell/early-shell.ts).
    const script = /<link rel="modulepreload"[^>]*href="([^"]+)" data-editor-entry>/.exec(html)?.[1];
    expect(script, html.slice(0, 300)).toMatch(/^\/assets\/.+\.js$/);
    const js = await fetch(`${studio}${script}`);
    expect(js.status).toBe(200);
    expect(js.headers.get("content-type")).toMatch(/javascript/);
    expect((await js.text()).length).toBeGreaterThan(10_000);

    // The emulator's post page draws add-ons with the bundled React preview and inlined styles.
    const postPage = await publishAndShow(`http://localhost:${port}`);
    expect(postPage).toContain("بسته‌بندی از نصب");
    // The preview stylesheet is inlined from the bundle (the package has no src/ to read it from).
    expect(postPage).toMatch(/<style>[^<]*\.pv-chat-button/);
    const font = await fetch(
      `http://127.0.0.1:${emulatorPort}/_emulator/fonts/vazirmatn-arabic-400-normal.woff2`,
    );
    expect(font.status).toBe(200);

    const exited = new Promise<number | null>((resolve) => child?.once("exit", (code) => resolve(code)));
    let tail = "";
    child.stdout?.on("data", (d: Buffer) => {
      tail += d.toString();
    });
    child.kill("SIGINT");
    expect(await exited).toBe(0);
    expect(tail).toMatch(/Ctrl\+C: stopping the studio…\nStopped\.\n$/);

    // `store copy` runs from the package: it opens the folder the studio kept (.addon-studio), then
    // names the server it cannot reach (none here), never the URL's password.
    const copy = cli(["store", "copy", "--to", "postgres://studio:s3cret@127.0.0.1:1/addon_studio"]);
    expect(copy.err).toContain("the PostgreSQL server at 127.0.0.1:1 (--to)");
    expect(copy.err).toContain("cannot be reached");
    expect(copy.err).not.toContain("s3cret");
    expect(copy.code).toBe(1);
  });
});

/**
 * Signs in through the studio (its /oauth/start, the emulator's consent page, Allow, the callback),
 * publishes a post add-on through the studio's API, and returns the emulator's page of that post.
 */
async function publishAndShow(studio: string): Promise<string> {
  const jar = new Map<string, Map<string, string>>();
  const go = async (url: string, init: RequestInit = {}) => {
    const host = new URL(url).host;
    const cookies = jar.get(host) ?? new Map<string, string>();
    const headers = new Headers(init.headers);
    if (cookies.size) headers.set("cookie", [...cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    const res = await fetch(url, { ...init, headers, redirect: "manual" });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const eq = pair.indexOf("=");
      cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    jar.set(host, cookies);
    return res;
  };
  const postToken = DEMO_POST_TOKEN;
  let url = `${studio}/oauth/start?scope=${encodeURIComponent(postAddonScope(postToken))}&returnTo=/`;
  let res = await go(url);
  for (let i = 0; i < 5 && res.status >= 300 && res.status < 400; i++) {
    url = new URL(res.headers.get("location") ?? "", url).toString();
    res = await go(url);
  }
  const consent = /name="consent" value="([^"]+)"/.exec(await res.text())?.[1] ?? "";
  expect(consent, `consent page at ${url}`).not.toBe("");
  const decided = await go(new URL("/oauth2/auth/decision", url).toString(), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ consent, decision: "allow" }).toString(),
  });
  const back = await go(decided.headers.get("location") ?? "");
  expect(back.headers.get("location")).toContain("oauth=granted");
  const published = await go(`${studio}/api/posts/${postToken}/addon`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ widgets: [{ title_row: { text: "بسته‌بندی از نصب" } }] }),
  });
  expect(published.status, await published.clone().text()).toBeLessThan(300);
  // The emulator attaches a received add-on a moment later, as the platform does; its page says so.
  for (;;) {
    const page = await (await go(new URL(`/posts/${postToken}`, url).toString())).text();
    if (!page.includes("will be attached in a moment")) return page;
    await new Promise((r) => setTimeout(r, 200));
  }
}
