import { randomBytes } from "node:crypto";
import { resolve } from "node:path";
import * as z from "zod";
import { readPostgresUrl } from "./store/postgres-url";
import { parseStudioUsers } from "./studio-users";

/** Raised when the environment is incomplete or wrong; its message names the variable. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()));

const envSchema = z.object({
  HOST: optionalString,
  PORT: optionalString,
  EMULATOR_PORT: optionalString,
  PUBLIC_URL: optionalString,
  PLATFORM_API_URL: optionalString,
  PLATFORM_AUTH_URL: optionalString,
  APP_SLUG: optionalString,
  APP_CLIENT_SECRET: optionalString,
  APP_API_KEY: optionalString,
  APP_IDENTIFICATION_KEY: optionalString,
  SESSION_SECRET: optionalString,
  UPSTREAM_TIMEOUT_MS: optionalString,
  POST_PAGE_URL: optionalString,
  COMPLETION_URL: optionalString,
  DIST_DIR: optionalString,
  DATA_DIR: optionalString,
  DATABASE_URL: optionalString,
  EVENT_RETENTION_DAYS: optionalString,
  RATE_LIMIT_ADDRESS_PER_MINUTE: optionalString,
  RATE_LIMIT_SESSION_PER_MINUTE: optionalString,
  RATE_LIMIT_SIGNIN_PER_MINUTE: optionalString,
  MAX_STREAMS_PER_SESSION: optionalString,
  MAX_PENDING_STATES: optionalString,
  TRUST_PROXY: optionalString,
  STUDIO_USERS: optionalString,
});

/** Limits against abuse and runaway clients (docs/server.md, "Limits"); 0 turns a rate limit off. */
export interface Limits {
  /** Requests per minute from one client address to /api/* and /oauth/*. */
  addressPerMinute: number;
  /** State-changing /api/* requests (publishes, messages, subscriptions) per minute of one session. */
  sessionPerMinute: number;
  /** Sign-in starts and returns per minute from one client address. */
  signinPerMinute: number;
  /** Live inbox streams one session may hold open. */
  streamsPerSession: number;
  /** Used OAuth states remembered for replay refusal; the oldest are forgotten first. */
  pendingStates: number;
}

/** The proxy's configuration, read once at start. */
export interface Config {
  /** "emulator": no platform configured, the embedded emulator and its demo app are used. */
  mode: "emulator" | "platform";
  /** Interface the proxy listens on: 127.0.0.1 for the local studio, 0.0.0.0 behind a load balancer. */
  host: string;
  port: number;
  emulatorPort: number;
  /** Public origin of the proxy, e.g. http://localhost:8787 (no trailing slash). */
  publicUrl: string;
  /** PUBLIC_URL + /oauth/callback, registered in the panel (spec 2.1). */
  redirectUri: string;
  apiUrl: string;
  authUrl: string;
  app: { slug: string; clientSecret: string; apiKey: string; identificationKey: string };
  sessionSecret: string;
  /** True when SESSION_SECRET was not given and a random one is used (sessions end at restart). */
  sessionSecretGenerated: boolean;
  upstreamTimeoutMs: number;
  /** Template with {post_token} for a link to a post's page, when known. */
  postPageUrl?: string;
  /** Where the user goes back to on the platform after publishing (facts "Hosts"). */
  completionUrl?: string;
  /** The embedded emulator's pages and demo objects, when startStudio runs one (offered in the editor). */
  emulator?: EmulatorLinks;
  distDir: string;
  /** Where the durable record lives (src/server/store/). */
  store: StoreConfig;
  /** Events older than this are pruned. */
  eventRetentionDays: number;
  limits: Limits;
  /**
   * Read the client address from the last X-Forwarded-For entry (behind one load balancer that sets
   * it), not from the socket.
   */
  trustProxy: boolean;
  /** STUDIO_USERS: who may remove a user's data (src/server/studio-users.ts); undefined: anyone signed in. */
  studioUsers?: readonly string[] | undefined;
}

/** Where the embedded emulator's pages are and which demo post and conversation it starts with. */
export interface EmulatorLinks {
  /** The emulator's index page, listing its posts, users and conversations. */
  index: string;
  demoPostToken: string;
  demoConversationId: string;
  /** Template with {user} (a phone or Divar user id) for a user's page. */
  userPageUrl: string;
  /** Template with {conversation} (a conversation id) for a conversation's page. */
  conversationPageUrl: string;
}

/** The embedded PGlite store in a data folder, or a PostgreSQL server. */
export type StoreConfig = { kind: "pglite"; dataDir: string } | { kind: "postgres"; url: string };

/** Credentials of the emulator's demo app, used when no platform is configured. */
export interface DemoCredentials {
  slug: string;
  clientSecret: string;
  apiKey: string;
  identificationKey: string;
}

const HINTS: Record<string, string> = {
  PLATFORM_AUTH_URL: "the authorization host {auth_url}, e.g. https://oauth.divar.ir",
  APP_SLUG: "the app slug (OAuth client_id) from the developer panel",
  APP_CLIENT_SECRET: "the app's client secret from the developer panel",
  APP_API_KEY: "the app's API key (x-api-key) from the developer panel",
  APP_IDENTIFICATION_KEY: "the identification key set for the app's event and start addresses in the panel",
  SESSION_SECRET: "a random string of at least 32 characters shared by every proxy instance",
  PUBLIC_URL: "the proxy's public origin; redirect_uri is PUBLIC_URL + /oauth/callback",
};

function url(name: string, value: string): string {
  const parsed = z.url({ protocol: /^https?$/ }).safeParse(value);
  // The value is not echoed: a mistyped variable may hold a secret, or a URL with user:password@.
  if (!parsed.success)
    throw new ConfigError(`${name} must be an http(s) URL (${value.length} characters given).`);
  const u = new URL(value);
  if (u.username !== "" || u.password !== "") {
    throw new ConfigError(
      `${name} must not carry a user name or password; credentials go in their own variables.`,
    );
  }
  return value.replace(/\/+$/, "");
}

/** An interface to listen on: an IPv4 or IPv6 address, or a host name. */
function host(value: string | undefined): string {
  if (value === undefined) return "127.0.0.1";
  if (!/^[A-Za-z0-9.:-]{1,253}$/.test(value)) {
    throw new ConfigError(
      `HOST must be an address to listen on, e.g. 127.0.0.1 or 0.0.0.0; ${given(value)}.`,
    );
  }
  return value;
}

/**
 * The name a browser on this machine reaches a studio listening on `listen` by: `localhost` for the
 * loopback and every-interface addresses, else that address itself (a studio listening on
 * 192.0.2.2 only refuses connections to localhost, and its sign-in's redirect_uri went there too).
 */
function reachableName(listen: string): string {
  if (["0.0.0.0", "::", "127.0.0.1", "::1", "localhost"].includes(listen)) return "localhost";
  return listen.includes(":") ? `[${listen}]` : listen;
}

/**
 * DATA_DIR (default `.addon-studio` under the working directory) or DATABASE_URL; not both, since
 * data would silently go to one of two places. The URL is never echoed: it usually holds a password.
 */
function storeConfig(dataDir: string | undefined, databaseUrl: string | undefined, cwd: string): StoreConfig {
  if (databaseUrl === undefined) return { kind: "pglite", dataDir: resolve(cwd, dataDir ?? ".addon-studio") };
  if (dataDir !== undefined) {
    throw new ConfigError(
      "DATA_DIR and DATABASE_URL are both set: DATA_DIR is the embedded store's folder, DATABASE_URL a PostgreSQL server. Unset one of them.",
    );
  }
  const read = readPostgresUrl(databaseUrl, "DATABASE_URL");
  if (!read.ok) throw new ConfigError(`${read.problem}.`);
  return { kind: "postgres", url: databaseUrl };
}

/** A wrong value in its error: a number as it is, anything else by length (it may be a mistyped secret). */
function given(value: string): string {
  return /^[+-]?\d{1,15}$/.test(value.trim())
    ? `got ${value.trim()}`
    : `got ${value.length} character${value.length === 1 ? "" : "s"} (not shown: a mistyped variable may hold a secret)`;
}

function int(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}; ${given(value)}.`);
  }
  return n;
}

/**
 * Parses the environment once (the only reader of process.env is main.ts, which passes it here).
 * With PLATFORM_API_URL unset, the embedded emulator and `demo` credentials are used.
 */
export function loadConfig(
  env: Record<string, string | undefined>,
  demo: DemoCredentials,
  cwd: string = process.cwd(),
): Config {
  const e = envSchema.parse(env);
  const store = storeConfig(e.DATA_DIR, e.DATABASE_URL, cwd);
  const eventRetentionDays = int("EVENT_RETENTION_DAYS", e.EVENT_RETENTION_DAYS, 30, 1, 3650);
  const port = int("PORT", e.PORT, 8787, 0, 65535);
  const listenHost = host(e.HOST);
  const emulatorPort = int("EMULATOR_PORT", e.EMULATOR_PORT, 8788, 0, 65535);
  const publicUrl = url("PUBLIC_URL", e.PUBLIC_URL ?? `http://${reachableName(listenHost)}:${port}`);
  const upstreamTimeoutMs = int("UPSTREAM_TIMEOUT_MS", e.UPSTREAM_TIMEOUT_MS, 10_000, 100, 120_000);
  const distDir = e.DIST_DIR ?? "dist";
  const limits: Limits = {
    addressPerMinute: int("RATE_LIMIT_ADDRESS_PER_MINUTE", e.RATE_LIMIT_ADDRESS_PER_MINUTE, 600, 0, 1e6),
    sessionPerMinute: int("RATE_LIMIT_SESSION_PER_MINUTE", e.RATE_LIMIT_SESSION_PER_MINUTE, 120, 0, 1e6),
    signinPerMinute: int("RATE_LIMIT_SIGNIN_PER_MINUTE", e.RATE_LIMIT_SIGNIN_PER_MINUTE, 30, 0, 1e6),
    streamsPerSession: int("MAX_STREAMS_PER_SESSION", e.MAX_STREAMS_PER_SESSION, 4, 1, 1000),
    pendingStates: int("MAX_PENDING_STATES", e.MAX_PENDING_STATES, 10_000, 100, 1e7),
  };
  if (e.TRUST_PROXY !== undefined && e.TRUST_PROXY !== "0" && e.TRUST_PROXY !== "1")
    throw new ConfigError(`TRUST_PROXY must be 0 or 1; ${given(e.TRUST_PROXY)}.`);
  const trustProxy = e.TRUST_PROXY === "1";
  const users = parseStudioUsers(e.STUDIO_USERS);
  if ("error" in users) throw new ConfigError(users.error);

  if (e.PLATFORM_API_URL === undefined) {
    const emulatorUrl = `http://localhost:${emulatorPort}`;
    const sessionSecret = e.SESSION_SECRET ?? randomBytes(32).toString("base64url");
    return {
      mode: "emulator",
      host: listenHost,
      port,
      emulatorPort,
      publicUrl,
      redirectUri: `${publicUrl}/oauth/callback`,
      apiUrl: emulatorUrl,
      authUrl: emulatorUrl,
      app: { ...demo },
      sessionSecret,
      sessionSecretGenerated: e.SESSION_SECRET === undefined,
      upstreamTimeoutMs,
      postPageUrl: e.POST_PAGE_URL ?? `${emulatorUrl}/posts/{post_token}`,
      completionUrl: e.COMPLETION_URL ?? `${emulatorUrl}/`,
      distDir,
      store,
      eventRetentionDays,
      limits,
      trustProxy,
      studioUsers: users.phones,
    };
  }

  const required = (name: keyof typeof e & keyof typeof HINTS): string => {
    const v = e[name];
    if (v === undefined) {
      throw new ConfigError(
        `Missing environment variable ${name}: ${HINTS[name]}. It is required when PLATFORM_API_URL is set.`,
      );
    }
    return v;
  };
  const apiUrl = url("PLATFORM_API_URL", e.PLATFORM_API_URL);
  const authUrl = url("PLATFORM_AUTH_URL", required("PLATFORM_AUTH_URL"));
  const slug = required("APP_SLUG");
  const clientSecret = required("APP_CLIENT_SECRET");
  const apiKey = required("APP_API_KEY");
  const identificationKey = required("APP_IDENTIFICATION_KEY");
  const sessionSecret = required("SESSION_SECRET");
  if (sessionSecret.length < 32) {
    throw new ConfigError(
      `SESSION_SECRET is too short (${sessionSecret.length} characters): ${HINTS.SESSION_SECRET}.`,
    );
  }
  if (e.PUBLIC_URL === undefined) {
    throw new ConfigError(
      `Missing environment variable PUBLIC_URL: ${HINTS.PUBLIC_URL}. It is required when PLATFORM_API_URL is set.`,
    );
  }
  const config: Config = {
    mode: "platform",
    host: listenHost,
    port,
    emulatorPort,
    publicUrl,
    redirectUri: `${publicUrl}/oauth/callback`,
    apiUrl,
    authUrl,
    app: { slug, clientSecret, apiKey, identificationKey },
    sessionSecret,
    sessionSecretGenerated: false,
    upstreamTimeoutMs,
    completionUrl: e.COMPLETION_URL ?? "https://open-platform-redirect.divar.ir/completion",
    distDir,
    store,
    eventRetentionDays,
    limits,
    trustProxy,
    studioUsers: users.phones,
  };
  if (e.POST_PAGE_URL !== undefined) config.postPageUrl = e.POST_PAGE_URL;
  return config;
}
