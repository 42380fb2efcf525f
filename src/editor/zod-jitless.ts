// The studio's Content-Security-Policy has no 'unsafe-eval' (docs/server.md, "Browser policy"). zod
// would otherwise probe `Function("")` when its first object schema is built, which the browser
// reports as a policy violation, and then parse without its compiled fast path anyway. zod reads its
// settings from this global (zod/v4/core), so this needs no zod: imported first by main.tsx, it runs
// before the contract's chunk (which brings zod) is loaded after the first paint.
const g = globalThis as { __zod_globalConfig?: Record<string, unknown> };
g.__zod_globalConfig = Object.assign(g.__zod_globalConfig ?? {}, { jitless: true });
