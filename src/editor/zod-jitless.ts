import * as z from "zod";

// The studio's Content-Security-Policy has no 'unsafe-eval' (docs/server.md, "Browser policy"). zod
// would otherwise probe `Function("")` when its first object schema is built, which the browser
// reports as a policy violation, and then parse without its compiled fast path anyway. Imported
// first by main.tsx; public/zod-config.js sets the same before any module runs, because the build may
// evaluate a shared zod chunk before main.tsx's own imports.
z.config({ jitless: true });
