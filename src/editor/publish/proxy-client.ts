// Moved to editor/proxy/; this path stays only for test/integration/flows-editor-client.test.ts,
// which another session's branch edits at the same time. Delete once both are merged (issue 12).
export { createProxyClient, type ProxyClient } from "../proxy/proxy-client";
