/** Files of the temporary consumer project: what a user of the package writes. */
export const CONSUMER_FILES: Record<string, string> = {
  "package.json": JSON.stringify({ name: "consumer", private: true, version: "1.0.0" }, null, 2),
  // Plain Node, ESM: the library, the package.json and a schema file through the exports map.
  "esm.mjs": `import { validateBody, toJsonSchema, ICON_NAMES } from "addon-studio";
import pkg from "addon-studio/package.json" with { type: "json" };
import { readFileSync } from "node:fs";
const schemaPath = new URL(import.meta.resolve("addon-studio/schemas/post.schema.json"));
const schema = JSON.parse(readFileSync(schemaPath, "utf8"));
const bad = validateBody("post", { widgets: [{ title_row: { text: "" } }] });
console.log(JSON.stringify({
  version: pkg.version,
  valid: validateBody("post", { widgets: [{ title_row: { text: "سلام" } }] }).ok,
  invalidAt: bad.errors.map((p) => p.at),
  schemaId: schema.$id,
  generatedId: toJsonSchema("post").$id,
  icons: ICON_NAMES.length,
}));
`,
  // Plain Node, CommonJS.
  "cjs.cjs": `const { validateBody, migrateBody } = require("addon-studio");
const schema = require("addon-studio/schemas/chat.schema.json");
const migrated = migrateBody({ widgets: { widget_list: [{ widget_type: "TITLE_ROW", data: { text: "الف" } }] } });
console.log(JSON.stringify({
  valid: validateBody("chat", { message: "سلام" }).ok,
  migrated: migrated.ok && migrated.body,
  schemaTitle: schema.title,
  version: require("addon-studio/package.json").version,
}));
`,
  // TypeScript, nodenext: ESM and CommonJS files. Each @ts-expect-error fails the check if the
  // package's types were missing or \`any\` (an unused @ts-expect-error is itself an error).
  "check.mts": `import { validateBody, type PostAddon, type Problem, postAddonSchema } from "addon-studio";
const body: PostAddon = { widgets: [{ title_row: { text: "سلام" } }] };
const result = validateBody("post", body);
const first: Problem | undefined = result.errors[0];
const parsed: PostAddon = postAddonSchema.parse(body);
// \`ok\` narrows the result: the parsed value when true, none when false.
const narrowed: PostAddon | undefined = result.ok ? result.value : undefined;
let kept: PostAddon | undefined;
if (result.ok) {
  const value: PostAddon = result.value;
  kept = value;
} else {
  const none: undefined = result.value;
  kept = none;
}
// @ts-expect-error widgets is an array of widgets
const wrong: PostAddon = { widgets: 1 };
// @ts-expect-error there is no such kind
validateBody("poster", body);
export { first, kept, narrowed, parsed, wrong };
`,
  "check.cts": `import addonStudio = require("addon-studio");
const ok: boolean = addonStudio.validateBody("chat", { message: "x" }).ok;
// @ts-expect-error ok is a boolean
const notString: string = addonStudio.validateBody("chat", {}).ok;
export { ok, notString };
`,
  "tsconfig.json": JSON.stringify(
    {
      compilerOptions: {
        module: "nodenext",
        moduleResolution: "nodenext",
        target: "es2022",
        strict: true,
        noEmit: true,
        types: [],
        // The package's own declarations are checked too, as in a project that does not skip them.
        skipLibCheck: false,
      },
      files: ["check.mts", "check.cts"],
    },
    null,
    2,
  ),
  "tsconfig.bundler.json": JSON.stringify(
    {
      compilerOptions: {
        module: "esnext",
        moduleResolution: "bundler",
        target: "es2022",
        strict: true,
        noEmit: true,
        types: [],
        // The package's own declarations are checked too, as in a project that does not skip them.
        skipLibCheck: false,
      },
      files: ["check.mts"],
    },
    null,
    2,
  ),
  "addons/good.json": JSON.stringify({ widgets: [{ title_row: { text: "گزارش کارشناسی" } }] }, null, 2),
  "addons/more/bad.json": JSON.stringify(
    { widgets: [{ title_row: { text: "الف" } }, { selector_row: { title: "بدنه", image_url: "a.png" } }] },
    null,
    2,
  ),
  "valid-only/chat.json": JSON.stringify({ message: "سلام" }),
  // Plain Node, CommonJS: what loading the library brings in (nothing of the studio's server) and prints.
  "loaded.cjs": `require("addon-studio");
const loaded = Object.keys(require.cache)
  .filter((f) => f.includes("node_modules"))
  .map((f) => f.split("node_modules").pop().slice(1));
process.stdout.write(JSON.stringify(loaded.filter((f) => !f.startsWith("zod"))));
`,
};
