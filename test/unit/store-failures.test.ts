import { describe, expect, it } from "vitest";
import { classifyFailure, postgresOpenAdvice } from "../../src/server/store/failures";

// A team's first DATABASE_URL is often wrong: the message says which part and what to do, not a
// bare SQLSTATE with advice to check everything (a team's PostgreSQL review).
const refused = (code: string) => Object.assign(new Error("server message, never shown"), { code });

describe("why PostgreSQL refused to open, and what to do", () => {
  it.each([
    ["28P01", /wrong user or password \(28P01\); check the user and password in --to .*%40/],
    ["3D000", /has no database of that name \(3D000\); create that database/],
    ["42501", /permission the studio needs \(42501\); let the user of --to create tables .*GRANT CREATE/],
    ["XX000", /answered with an error \(XX000\); check the user, password and database name in --to/],
    ["ECONNREFUSED", /cannot be reached \(ECONNREFUSED\); start that server/],
  ])("%s", (code, said) => {
    const failure = classifyFailure(refused(code));
    const text = `${failure.cause}; ${postgresOpenAdvice(failure, "--to")}`;
    expect(text).toMatch(said);
    expect(text).not.toContain("never shown");
  });
});

describe("a server without TLS, asked for it", () => {
  it("says it does not accept encrypted connections, and how to connect", async () => {
    const { createServer } = await import("node:net");
    const { openStore } = await import("../../src/server/store/open-store");
    // What PostgreSQL without ssl=on answers a client's SSLRequest: one byte, N.
    const server = createServer((socket) => {
      socket.once("data", () => socket.write("N"));
      socket.on("error", () => {});
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    try {
      const err = await openStore({
        location: { kind: "postgres", url: `postgres://studio:pw@127.0.0.1:${port}/studio?sslmode=require` },
        retentionDays: 30,
      }).catch((e: unknown) => e);
      expect(err instanceof Error ? err.message : String(err)).toMatch(
        /does not accept encrypted \(TLS\) connections; turn TLS on in the server, or remove sslmode from DATABASE_URL/,
      );
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
