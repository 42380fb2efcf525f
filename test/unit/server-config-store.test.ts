import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/server/config";
import { describePostgres, readPostgresUrl } from "../../src/server/store/postgres-url";

const demo = { slug: "demo", clientSecret: "ds", apiKey: "dk", identificationKey: "di" };

function configError(env: Record<string, string>): string {
  try {
    loadConfig(env, demo, "/srv/studio");
  } catch (e) {
    if (e instanceof ConfigError) return e.message;
    throw e;
  }
  throw new Error("expected a ConfigError");
}

describe("store configuration", () => {
  it("keeps data in .addon-studio under the working directory when nothing is set, for 30 days", () => {
    const c = loadConfig({}, demo, "/srv/studio");
    expect(c.store).toEqual({ kind: "pglite", dataDir: "/srv/studio/.addon-studio" });
    expect(c.eventRetentionDays).toBe(30);
  });

  it("reads DATA_DIR relative to the working directory, or as given when absolute", () => {
    expect(loadConfig({ DATA_DIR: "var/data" }, demo, "/srv/studio").store).toEqual({
      kind: "pglite",
      dataDir: "/srv/studio/var/data",
    });
    expect(loadConfig({ DATA_DIR: "/data/studio" }, demo, "/srv/studio").store).toEqual({
      kind: "pglite",
      dataDir: "/data/studio",
    });
  });

  it("uses PostgreSQL when DATABASE_URL is set (postgres:// or postgresql://)", () => {
    const url = "postgres://studio:pw@db.internal:5432/studio";
    expect(loadConfig({ DATABASE_URL: url }, demo).store).toEqual({ kind: "postgres", url });
    const alt = "postgresql://db.internal/studio?sslmode=require";
    expect(loadConfig({ DATABASE_URL: alt }, demo).store).toEqual({ kind: "postgres", url: alt });
  });

  it("refuses a DATABASE_URL that is not PostgreSQL, naming the variable and never echoing it", () => {
    for (const bad of ["mysql://u:hunter2@db/x", "hunter2-not-a-url", "postgres://"]) {
      const message = configError({ DATABASE_URL: bad });
      expect(message).toContain("DATABASE_URL");
      expect(message).not.toContain("hunter2");
    }
  });

  it("takes a Unix socket's folder as libpq writes it, and names that socket", () => {
    for (const url of [
      "postgres://studio@/studio?host=/var/run/postgresql",
      "postgresql://studio@%2Fvar%2Frun%2Fpostgresql:5433/studio",
      "postgresql:///studio?host=/var/run/postgresql&port=5433",
    ]) {
      expect(loadConfig({ DATABASE_URL: url }, demo).store).toEqual({ kind: "postgres", url });
    }
    const read = (url: string) => {
      const r = readPostgresUrl(url, "DATABASE_URL");
      return r.ok ? describePostgres(r.address) : r.problem;
    };
    expect(read("postgres://studio@/studio?host=/var/run/postgresql")).toBe(
      "the PostgreSQL server on the socket in /var/run/postgresql, port 5432",
    );
    expect(read("postgresql://studio@%2Fvar%2Frun%2Fpostgresql:5433/studio")).toBe(
      "the PostgreSQL server on the socket in /var/run/postgresql, port 5433",
    );
    expect(read("postgres://u:pw@[::1]:6543/x")).toBe("the PostgreSQL server at [::1]:6543");
    expect(read("postgres://u:pw@db.internal/x")).toBe("the PostgreSQL server at db.internal:5432");
  });

  it("refuses a URL without a server, saying how to name a host or a socket", () => {
    expect(configError({ DATABASE_URL: "postgresql:///studio" })).toBe(
      "DATABASE_URL names no server: give its host (postgres://user:password@host:5432/database) or, for a Unix socket, its folder (postgres://user@/database?host=/var/run/postgresql).",
    );
  });

  it("refuses a URL whose certificate file cannot be read, naming the file, not the password", () => {
    const message = configError({
      DATABASE_URL: "postgres://u:hunter2@db/x?sslmode=verify-full&sslrootcert=/nowhere/ca.pem",
    });
    expect(message).toBe(
      "DATABASE_URL cannot be used: the file /nowhere/ca.pem it names cannot be read (ENOENT); correct its sslrootcert, sslcert or sslkey.",
    );
  });

  it("refuses DATA_DIR and DATABASE_URL together: data would go to only one of them", () => {
    const message = configError({ DATA_DIR: "d", DATABASE_URL: "postgres://db/x" });
    expect(message).toContain("DATA_DIR");
    expect(message).toContain("DATABASE_URL");
  });

  it("reads EVENT_RETENTION_DAYS as whole days from 1 to 3650", () => {
    expect(loadConfig({ EVENT_RETENTION_DAYS: "7" }, demo).eventRetentionDays).toBe(7);
    for (const bad of ["0", "-1", "1.5", "forever", "3651"]) {
      expect(configError({ EVENT_RETENTION_DAYS: bad })).toContain("EVENT_RETENTION_DAYS");
    }
  });
});
