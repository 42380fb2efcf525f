// Moved to editor/proxy/; this path stays only for test/helpers/flow-env.ts, which another
// session's branch edits at the same time. Delete once both are merged (issue 12).
export type { KeyValueStorage } from "../proxy/oauth-resume";
