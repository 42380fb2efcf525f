import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import * as z from "zod";
import { subscriptionEventTypeSchema } from "../platform/events";

const heldSubscriptionSchema = z.strictObject({
  event_type: subscriptionEventTypeSchema,
  event_resource_id: z.string().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  meta_data: z.record(z.string(), z.unknown()).optional(),
  createdAt: z.number(),
  /** When it was last (re)created upstream, and the outcome. */
  renewedAt: z.number(),
  lastError: z.string().optional(),
});
export type HeldSubscription = z.infer<typeof heldSubscriptionSchema>;

/** Everything the server remembers about one browser; sealed inside its cookie. */
export const sessionSchema = z.strictObject({
  v: z.literal(1),
  createdAt: z.number(),
  tokens: z
    .strictObject({
      accessToken: z.string(),
      refreshToken: z.string().optional(),
      /** Epoch ms when the access token stops being valid (spec 2.5 expires_in). */
      expiresAt: z.number(),
      scopes: z.array(z.string()),
    })
    .optional(),
  /** An OAuth flow started by this browser (spec 2.1 state, bound to the browser, single use). */
  pending: z
    .strictObject({
      state: z.string(),
      scopes: z.array(z.string()),
      returnTo: z.string(),
      createdAt: z.number(),
    })
    .optional(),
  subscriptions: z.array(heldSubscriptionSchema).max(20),
});
export type Session = z.infer<typeof sessionSchema>;

/** A new, empty session. */
export function emptySession(now: number): Session {
  return { v: 1, createdAt: now, subscriptions: [] };
}

export interface SessionCodecOptions {
  secret: string;
  secure: boolean;
  /** Cookie lifetime; matches the 30-day refresh token (spec 8). */
  maxAgeSeconds?: number;
}

/** Reads and writes the session cookie. */
export interface SessionCodec {
  cookieName: string;
  read(c: Context): Session | undefined;
  write(c: Context, session: Session): void;
  clear(c: Context): void;
  seal(session: Session): string;
  unseal(value: string): Session | undefined;
}

/**
 * Sessions are sealed (AES-256-GCM: encrypted and authenticated) into the cookie itself, so any proxy
 * instance holding the same SESSION_SECRET can read them: no shared store is needed behind a load
 * balancer. The browser holds only ciphertext; tokens never leave the server readable.
 */
export function createSessionCodec(opts: SessionCodecOptions): SessionCodec {
  const key = Buffer.from(hkdfSync("sha256", opts.secret, "addon-studio", "session cookie v1", 32));
  // __Host- keeps the cookie to this exact origin; browsers accept it only with Secure.
  const cookieName = opts.secure ? "__Host-studio_session" : "studio_session";
  const maxAge = opts.maxAgeSeconds ?? 30 * 24 * 3600;

  const seal = (session: Session): string => {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", key, iv);
    const plain = Buffer.from(JSON.stringify(session), "utf8");
    const ct = Buffer.concat([cipher.update(plain), cipher.final()]);
    return `v1.${Buffer.concat([iv, cipher.getAuthTag(), ct]).toString("base64url")}`;
  };

  const unseal = (value: string): Session | undefined => {
    if (!value.startsWith("v1.")) return undefined;
    try {
      const raw = Buffer.from(value.slice(3), "base64url");
      if (raw.length < 29) return undefined;
      const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      const plain = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
      const parsed = sessionSchema.safeParse(JSON.parse(plain));
      return parsed.success ? parsed.data : undefined;
    } catch {
      // Tampered, sealed with another secret, or garbage: treat as no session.
      return undefined;
    }
  };

  return {
    cookieName,
    seal,
    unseal,
    read(c) {
      const value = getCookie(c, cookieName);
      return value === undefined ? undefined : unseal(value);
    },
    write(c, session) {
      setCookie(c, cookieName, seal(session), {
        httpOnly: true,
        sameSite: "Lax",
        secure: opts.secure,
        path: "/",
        maxAge,
      });
    },
    clear(c) {
      deleteCookie(c, cookieName, { path: "/", secure: opts.secure });
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
