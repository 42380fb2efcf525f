// A Vite / rolldown (tsdown) plugin that writes the licences of the third-party code a build bundles:
// every package a chunk holds modules of, found from the chunk's module ids (so the list is what was
// bundled, not what package.json names), plus `extra` folders a build copies without importing (the
// Vazirmatn font files in lib/fonts). The bundlers drop licence comments; the notices file carries them.
// Used by vite.config.ts (dist/) and tsdown.config.ts (lib/).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

const NODE_MODULES = "/node_modules/";

/**
 * The package folder a module id lies in (…/node_modules/name or …/@scope/name), or undefined. Ids use
 * "/" on Windows too, and a path given by a build may use "\\": both are read as "/".
 */
function packageDir(id) {
  const path = id.replace(/^\0/, "").split("?")[0].replaceAll("\\", "/");
  const at = path.lastIndexOf(NODE_MODULES);
  if (at < 0) return undefined;
  const rest = path.slice(at + NODE_MODULES.length).split("/");
  const parts = rest[0]?.startsWith("@") ? 2 : 1;
  if (rest.length <= parts) return undefined;
  return path.slice(0, at + NODE_MODULES.length) + rest.slice(0, parts).join("/");
}

/** The package's licence files, in name order (LICENSE, LICENCE, COPYING, OFL, NOTICE). */
function licenceFiles(dir) {
  return readdirSync(dir)
    .filter((f) => /^(licen[cs]e|copying|ofl|notice)(\.|-|$)/i.test(f))
    .sort()
    .map((f) => readFileSync(join(dir, f), "utf8").trim());
}

/** One notice per package: name, version, licence and its text. */
export function noticesText(dirs) {
  const seen = new Map();
  for (const dir of dirs) {
    const file = join(dir, "package.json");
    if (!existsSync(file)) continue;
    const pkg = JSON.parse(readFileSync(file, "utf8"));
    // A package folder a sub-path's own package.json marks (e.g. {"type":"module"}) has no name.
    if (typeof pkg.name !== "string") continue;
    const key = `${pkg.name}@${pkg.version}`;
    if (seen.has(key)) continue;
    const texts = licenceFiles(dir);
    // An old package.json may give {type, url} (or a list of them) instead of an SPDX expression.
    const declared = [pkg.license ?? pkg.licenses ?? "see its text"].flat();
    const licence = declared.map((l) => (typeof l === "object" && l !== null ? l.type : l)).join(" OR ");
    seen.set(key, { key, licence: String(licence), texts });
  }
  const entries = [...seen.values()].sort((a, b) => a.key.localeCompare(b.key));
  const head = [
    "Third-party software bundled in this folder of Addon Studio, with its licence.",
    "The icon drawings (Material Symbols, Apache-2.0) are described in third-party/material-symbols.",
    "",
    ...entries.map((e) => `- ${e.key} (${e.licence})`),
  ];
  const bodies = entries.map(
    (e) =>
      `${"=".repeat(78)}\n${e.key} (${e.licence})\n${"=".repeat(78)}\n\n${e.texts.join("\n\n") || `Licensed under ${e.licence} (https://spdx.org/licenses/${e.licence}.html); the package ships no licence file.`}`,
  );
  return `${[head.join("\n"), ...bodies].join("\n\n")}\n`;
}

/** The plugin: emits `fileName` beside the build's chunks. */
export function licenceNotices({ fileName = "THIRD-PARTY-NOTICES.txt", extra = [] } = {}) {
  return {
    name: "addon-studio:licence-notices",
    generateBundle(_options, bundle) {
      const dirs = new Set(extra.map((p) => resolve(p)));
      for (const out of Object.values(bundle)) {
        if (out.type !== "chunk") continue;
        for (const id of out.moduleIds ?? Object.keys(out.modules ?? {})) {
          const dir = packageDir(id);
          if (dir !== undefined) dirs.add(dir);
        }
      }
      this.emitFile({ type: "asset", fileName, source: noticesText([...dirs]) });
    },
  };
}
