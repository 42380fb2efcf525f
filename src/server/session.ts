import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import { deflateRawSync, inflateRawSync } from "node:zlib";
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import * as z from "zod";
import { heldSubscriptionSchema } from "./store/records";

export type { HeldSubscription } from "./store/records";

/** Subscriptions one session holds (and re-creates after each refresh, spec 6.3.3). */
export const MAX_HELD_SUBSCRIPTIONS = 20;

/** OAuth flows one browser may have under way at once (several tabs signing in); older ones are dropped. */
export const MAX_PENDING_FLOWS = 4;

/** An OAuth flow started by this browser (spec 2.1 state, bound to the browser, single use). */
const pendingFlowSchema = z.object({
  state: z.string(),
  scopes: z.array(z.string()),
  returnTo: z.string(),
  createdAt: z.number(),
  /** The return address of this flow, when not the configured one (src/server/loopback.ts). */
  redirectUri: z.string().max(300).optional(),
});
export type PendingFlow = z.infer<typeof pendingFlowSchema>;

/**
 * Everything the server remembers about one browser; sealed inside its cookie. Fields this version
 * does not know are dropped, not refused: while a deployment rolls, an instance still on the older
 * version reads cookies a newer one sealed (with fields such as `renewAt`) instead of signing the
 * user out. Sealing (AES-GCM under SESSION_SECRET) means only the studio itself wrote them.
 */
export const sessionSchema = z.object({
  v: z.literal(1),
  /** Random id of this session, renewed at each sign-in; what sign-out revokes (src/server/revocations.ts). */
  sid: z.string().min(16),
  /** When the session was issued (made, or signed in); "sign out everywhere" ends those issued before. */
  createdAt: z.number(),
  tokens: z
    .object({
      accessToken: z.string(),
      refreshToken: z.string().optional(),
      /** Epoch ms when the access token stops being valid (spec 2.5 expires_in). */
      expiresAt: z.number(),
      /** Epoch ms from which it is renewed before use (src/server/tokens.ts, tokenTimes). */
      renewAt: z.number().optional(),
      /** The return address the token was obtained with, when not the configured one (a refresh repeats it). */
      redirectUri: z.string().max(300).optional(),
      scopes: z.array(z.string()),
    })
    .optional(),
  /**
   * The one OAuth flow a cookie sealed before several could be under way holds; still read (its
   * callback completes), never written (src/server/pending-flows.ts).
   */
  pending: pendingFlowSchema.optional(),
  /**
   * OAuth flows started by this browser and not yet back, oldest first: one per tab signing in at once
   * (src/server/pending-flows.ts keeps them bounded). Cut to the newest MAX_PENDING_FLOWS on reading.
   */
  flows: z
    .array(pendingFlowSchema)
    .transform((f) => f.slice(-MAX_PENDING_FLOWS))
    .optional(),
  subscriptions: z.array(heldSubscriptionSchema).max(MAX_HELD_SUBSCRIPTIONS),
  /**
   * Whose publish history this session reads and writes (issue 15): `phone:<number>` from the
   * platform's /users when the token holds USER_PHONE, else `session:<sid>` (docs/decisions.md).
   */
  user: z.string().max(200).optional(),
  /** With USER_PHONE, GET /users failed at sign-in: when to read it again (epoch ms; src/server/history-user.ts). */
  identifyAfter: z.number().optional(),
  /** Records kept under the sign-in's key before it was named, still to move to the user (until done). */
  moveRecords: z.object({ from: z.string().max(200), to: z.string().max(200) }).optional(),
});
export type Session = z.infer<typeof sessionSchema>;

/** What is sealed: the session and when it was sealed (epoch ms). */
const envelopeSchema = z.object({ at: z.number(), s: sessionSchema });

/** A new, empty session. */
export function emptySession(now: number): Session {
  return { v: 1, sid: newSessionId(), createdAt: now, subscriptions: [] };
}

/** A fresh random session id. */
export function newSessionId(): string {
  return randomBytes(18).toString("base64url");
}

export interface SessionCodecOptions {
  secret: string;
  secure: boolean;
  /** Cookie lifetime; matches the 30-day refresh token (spec 8). A sealed value older than this is refused. */
  maxAgeSeconds?: number;
  now?: () => number;
}

/** Raised when a session cannot be stored even across every cookie chunk; its message says what to do. */
export class SessionTooLargeError extends Error {
  override name = "SessionTooLargeError";
}

/**
 * Browsers keep at most about 4096 bytes per cookie (name, value and attributes); a larger Set-Cookie is
 * dropped silently, which would look like a random sign-out. A sealed session is split over up to
 * MAX_CHUNKS cookies of at most CHUNK_CHARS characters; 3 x 3800 also stays well under Node's 16 KB
 * request-header limit.
 */
export const CHUNK_CHARS = 3800;
export const MAX_CHUNKS = 3;

/** Reads and writes the session cookie. */
export interface SessionCodec {
  cookieName: string;
  /** The session of this request (read once, then kept for the request), or undefined. */
  read(c: Context): Session | undefined;
  /** Makes this request read as signed out (its session was revoked), without touching the cookies. */
  forget(c: Context): void;
  /** Seconds a sealed cookie stays valid. */
  maxAgeSeconds: number;
  /** Stores the session; throws SessionTooLargeError when it cannot fit (check with `fits` first). */
  write(c: Context, session: Session): void;
  clear(c: Context): void;
  /** True when the session, sealed, fits in the cookies the codec may use. */
  fits(session: Session): boolean;
  seal(session: Session): string;
  unseal(value: string): Session | undefined;
}

/**
 * Sessions are sealed (AES-256-GCM: encrypted and authenticated) into the cookie itself, so any proxy
 * instance holding the same SESSION_SECRET can read them: no shared store is needed behind a load
 * balancer. The browser holds only ciphertext; tokens never leave the server readable. The JSON is
 * deflated first (scope lists are repetitive) and stamped with the time it was sealed, so a copied
 * cookie stops working after the cookie's Max-Age even if a browser or a thief keeps it.
 */
export function createSessionCodec(opts: SessionCodecOptions): SessionCodec {
  const key = Buffer.from(hkdfSync("sha256", opts.secret, "addon-studio", "session cookie v2", 32));
  // __Host- keeps the cookie to this exact origin; browsers accept it only with Secure.
  const cookieName = opts.secure ? "__Host-studio_session" : "studio_session";
  const chunkName = (i: number) => (i === 0 ? cookieName : `${cookieName}.${i}`);
  const maxAge = opts.maxAgeSeconds ?? 30 * 24 * 3600;
  const now = opts.now ?? (() => Date.now());
  const cookieOptions = { httpOnly: true, sameSite: "Lax", secure: opts.secure, path: "/" } as const;

  const seal = (session: Session): string => {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", key, iv);
    const plain = deflateRawSync(Buffer.from(JSON.stringify({ at: now(), s: session }), "utf8"));
    const ct = Buffer.concat([cipher.update(plain), cipher.final()]);
    return `v2.${Buffer.concat([iv, cipher.getAuthTag(), ct]).toString("base64url")}`;
  };

  const unseal = (value: string): Session | undefined => {
    if (!value.startsWith("v2.")) return undefined;
    try {
      const raw = Buffer.from(value.slice(3), "base64url");
      if (raw.length < 29) return undefined;
      const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      const plain = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
      // The limit guards against a decompression bomb; only an authenticated value gets here anyway.
      const json: unknown = JSON.parse(
        inflateRawSync(plain, { maxOutputLength: 256 * 1024 }).toString("utf8"),
      );
      const parsed = envelopeSchema.safeParse(json);
      if (!parsed.success) return undefined;
      const age = now() - parsed.data.at;
      if (age > maxAge * 1000 || age < -5 * 60 * 1000) return undefined;
      return parsed.data.s;
    } catch {
      // Tampered, sealed with another secret, or garbage: treat as no session.
      return undefined;
    }
  };

  const split = (sealed: string): string[] => {
    const parts: string[] = [];
    for (let i = 0; i < sealed.length; i += CHUNK_CHARS) parts.push(sealed.slice(i, i + CHUNK_CHARS));
    return parts;
  };

  // One unseal per request, however many routes and checks read the session.
  const perRequest = new WeakMap<Request, Session | null>();
  return {
    cookieName,
    maxAgeSeconds: maxAge,
    seal,
    unseal,
    forget(c) {
      perRequest.set(c.req.raw, null);
    },
    fits(session) {
      return split(seal(session)).length <= MAX_CHUNKS;
    },
    read(c) {
      const known = perRequest.get(c.req.raw);
      if (known !== undefined) return known ?? undefined;
      const first = getCookie(c, cookieName);
      let session: Session | undefined;
      if (first !== undefined) {
        let value = first;
        for (let i = 1; i < MAX_CHUNKS; i++) {
          const part = getCookie(c, chunkName(i));
          if (part === undefined) break;
          value += part;
        }
        session = unseal(value);
      }
      perRequest.set(c.req.raw, session ?? null);
      return session;
    },
    write(c, session) {
      const parts = split(seal(session));
      if (parts.length > MAX_CHUNKS) {
        throw new SessionTooLargeError(
          `The session needs ${parts.length} cookies of ${CHUNK_CHARS} characters; at most ${MAX_CHUNKS} are used. Sign out, or remove held subscriptions, and authorize again with fewer scopes.`,
        );
      }
      perRequest.set(c.req.raw, session);
      parts.forEach((part, i) => {
        setCookie(c, chunkName(i), part, { ...cookieOptions, maxAge });
      });
      // Drop chunks a larger session left (in the browser, or earlier in this response), so an old tail
      // is never glued to a new head.
      for (let i = parts.length; i < MAX_CHUNKS; i++) deleteCookie(c, chunkName(i), cookieOptions);
    },
    clear(c) {
      perRequest.set(c.req.raw, null);
      for (let i = 0; i < MAX_CHUNKS; i++) deleteCookie(c, chunkName(i), cookieOptions);
    },
  };
}

/** Compares two secrets in constant time (length leaks only through the early exit on length). */
export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a, "utf8");
  const bb = Buffer.from(b, "utf8");
  if (ab.length !== bb.length) {
    // Still spend comparable time so the length check is not an obvious oracle.
    timingSafeEqual(ab, ab);
    return false;
  }
  return timingSafeEqual(ab, bb);
}
