// Writes schemas/<kind>.schema.json from the built library (lib/), so the files shipped in the package
// are the JSON Schema `addon-studio schema --kind <kind>` prints. A unit test keeps the committed
// files equal to what the source generates.
import { writeFileSync } from "node:fs";
import { CHECK_KINDS, jsonSchemaText } from "../lib/index.mjs";

const dir = new URL("../schemas/", import.meta.url);
for (const kind of CHECK_KINDS) writeFileSync(new URL(`${kind}.schema.json`, dir), jsonSchemaText(kind));
console.log(`Wrote ${CHECK_KINDS.length} schema files to schemas/.`);
