// Runs before the editor's modules (a classic script, not deferred). The studio's Content-Security-Policy
// has no 'unsafe-eval' (docs/server.md, "Browser policy"): zod must not probe `Function("")`, which the
// browser reports as a violation. zod reads its settings from this global (zod/v4/core), so the setting
// holds whichever bundle chunk evaluates zod first.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
