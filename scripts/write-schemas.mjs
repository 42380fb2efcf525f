// Writes schemas/<kind>.schema.json from the built library (lib/), so the files shipped in the package
// are the JSON Schema `addon-studio schema --kind <kind>` prints. A unit test keeps the committed
// files equal to what the source generates.
import { writeFileSync } from "node:fs";
import { CHECK_KINDS, toJsonSchema } from "../lib/index.mjs";

const dir = new URL("../schemas/", import.meta.url);
// Invisible format characters (a pattern names them) as \uXXXX escapes, as `addon-studio schema`
// prints them (escapeInvisible in src/platform/text.ts).
const invisible = /[\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;
const escaped = (json) =>
  json.replace(invisible, (c) => `\\u${c.codePointAt(0).toString(16).toUpperCase().padStart(4, "0")}`);
for (const kind of CHECK_KINDS)
  writeFileSync(
    new URL(`${kind}.schema.json`, dir),
    `${escaped(JSON.stringify(toJsonSchema(kind), null, 2))}\n`,
  );
console.log(`Wrote ${CHECK_KINDS.length} schema files to schemas/.`);
