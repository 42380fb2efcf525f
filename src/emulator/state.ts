import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import type { SubscriptionEventType } from "../platform/events";
import { type ApiKeyPermission, apiKeyPermissionSchema } from "../platform/scopes";
import { type Clock, systemClock } from "./clock";
import { createFaults, type Faults } from "./faults";

/** An app as registered in the developer panel. */
export interface EmulatorApp {
  name: string;
  slug: string;
  clientSecret: string;
  apiKey: string;
  identificationKey: string;
  permissions: ApiKeyPermission[];
  /** Allowed OAuth redirect addresses (spec 2.1): compared exactly. */
  redirectUris: string[];
  /** The app's event address (spec 4.5); deliveries go nowhere when unset. */
  eventsUrl?: string;
  /** The app's start address (spec 4.11). */
  startUrl?: string;
}

/**
 * The demo app the proxy uses when no platform is configured. Its secrets are public on purpose: they
 * only unlock this local emulator.
 */
export const DEMO_APP: EmulatorApp = {
  name: "Addon Studio demo",
  slug: "addon-studio-demo",
  clientSecret: "demo-client-secret-local-only",
  apiKey: "demo-api-key-local-only",
  identificationKey: "demo-identification-key-local-only",
  // The demo key holds every permission, so the demo app can do everything the studio offers.
  permissions: [...apiKeyPermissionSchema.options],
  redirectUris: ["http://localhost:8787/oauth/callback", "http://127.0.0.1:8787/oauth/callback"],
  eventsUrl: "http://localhost:8787/platform/events",
  startUrl: "http://localhost:8787/platform/start",
};

/** The demo user who signs in on the consent page. */
export const DEMO_USER = { id: "demo-user-1", phones: ["09120000001"] };
/** A post and a conversation that exist from the start. */
export const DEMO_POST_TOKEN = "gZ3kQx9aB1cD";
export const DEMO_CONVERSATION_ID = "3f1c2a9e-5b7d-4c1e-9a2b-7d8e6f5a4b3c";

export interface AuthCode {
  code: string;
  clientId: string;
  redirectUri: string;
  scopes: string[];
  expiresAt: number;
  used: boolean;
  /** Tokens issued from this code, revoked if the code is replayed (RFC 6749 section 4.1.2). */
  issued: string[];
}

export interface TokenRecord {
  accessToken: string;
  refreshToken?: string;
  clientId: string;
  redirectUri: string;
  userId: string;
  scopes: string[];
  accessExpiresAt: number;
  refreshExpiresAt: number;
  /** Set when this pair was rotated by a refresh; it stays usable 2 more minutes (spec 3, 8). */
  replacedAt?: number;
  revoked?: boolean;
}

export interface PostAddonRecord {
  postToken: string;
  appSlug: string;
  body: unknown;
  receivedAt: number;
  /** The platform answers at once and attaches the add-on a moment later (facts "Endpoints"). */
  attachAt: number;
}

export interface UserAddonRecord {
  id: string;
  target: { phone: string } | { divarUserId: string };
  body: unknown;
  receivedAt: number;
}

export interface SemanticRecord {
  id: string;
  target: { phone: string } | { divarUserId: string };
  body: unknown;
  receivedAt: number;
}

export interface ButtonView {
  caption: string;
  action: Record<string, unknown>;
  /** The icon's name (icon, or the deprecated spelling icon_name), drawn beside the caption. */
  icon?: string;
}

export interface ConversationMessage {
  id: string;
  from: "app" | "user";
  text: string;
  sentAt: number;
  senderButtons: ButtonView[][];
  receiverButtons: ButtonView[][];
}

export interface Conversation {
  id: string;
  postToken: string;
  messages: ConversationMessage[];
}

export interface SubscriptionRecord {
  id: string;
  eventType: SubscriptionEventType;
  resourceId?: string;
  metadata?: Record<string, unknown>;
  metadataField: "metadata" | "meta_data";
  accessToken: string;
  createdAt: number;
}

export interface DeliveryRecord {
  at: number;
  kind: "event" | "start";
  target: string;
  status: number | "failed";
  summary: string;
}

export interface EmulatorOptions {
  clock?: Clock;
  app?: Partial<EmulatorApp>;
  /** Access token lifetime (facts: 3600 s). */
  accessTokenTtlSeconds?: number;
  /** Delay before a post add-on shows on the post page. */
  attachDelayMs?: number;
}

/** All the emulator remembers; in memory, so a restart starts clean. */
export interface EmulatorState {
  clock: Clock;
  app: EmulatorApp;
  accessTokenTtlSeconds: number;
  attachDelayMs: number;
  codes: Map<string, AuthCode>;
  tokens: TokenRecord[];
  /** Consent pages shown and not yet decided; each expires like the code it would produce. */
  consents: Map<
    string,
    { clientId: string; redirectUri: string; scopes: string[]; state: string; expiresAt: number }
  >;
  postAddons: PostAddonRecord[];
  userAddons: UserAddonRecord[];
  semantics: SemanticRecord[];
  conversations: Map<string, Conversation>;
  subscriptions: SubscriptionRecord[];
  deliveries: DeliveryRecord[];
  faults: Faults;
}

/** Refresh tokens live 30 days (spec 3, 8); a replaced pair stays usable 2 minutes (spec 3). */
export const REFRESH_TTL_MS = 30 * 24 * 3600 * 1000;
export const ROTATION_GRACE_MS = 2 * 60 * 1000;

/** Creates a fresh emulator state with the demo app, post and conversation. */
export function createEmulatorState(opts: EmulatorOptions = {}): EmulatorState {
  const state: EmulatorState = {
    clock: opts.clock ?? systemClock,
    app: { ...DEMO_APP, ...opts.app },
    accessTokenTtlSeconds: opts.accessTokenTtlSeconds ?? 3600,
    attachDelayMs: opts.attachDelayMs ?? 1500,
    codes: new Map(),
    tokens: [],
    consents: new Map(),
    postAddons: [],
    userAddons: [],
    semantics: [],
    conversations: new Map(),
    subscriptions: [],
    deliveries: [],
    faults: createFaults(),
  };
  state.conversations.set(DEMO_CONVERSATION_ID, {
    id: DEMO_CONVERSATION_ID,
    postToken: DEMO_POST_TOKEN,
    messages: [],
  });
  return state;
}

/** Compares a presented secret with the expected one in constant time (a length difference returns false). */
export function secretMatches(presented: string | undefined, expected: string): boolean {
  const a = createHash("sha256")
    .update(presented ?? "")
    .digest();
  const b = createHash("sha256").update(expected).digest();
  // Hashing first gives equal lengths, so neither the length nor the first differing byte leaks.
  return timingSafeEqual(a, b) && presented !== undefined;
}

/** An unguessable token value. */
export function newSecret(prefix: string): string {
  return `${prefix}_${randomBytes(24).toString("base64url")}`;
}

/** A UUID-shaped identifier, as the platform uses for messages and tickets. */
export function newId(): string {
  return randomUUID();
}

/** True while an access token may be used: not expired, not revoked, and within the grace after rotation. */
export function accessTokenUsable(t: TokenRecord, now: number): boolean {
  if (t.revoked) return false;
  if (now >= t.accessExpiresAt) return false;
  return t.replacedAt === undefined || now < t.replacedAt + ROTATION_GRACE_MS;
}

/** True while a refresh token may be used (30 days; 2 minutes after rotation). */
export function refreshTokenUsable(t: TokenRecord, now: number): boolean {
  if (t.revoked || t.refreshToken === undefined) return false;
  if (now >= t.refreshExpiresAt) return false;
  return t.replacedAt === undefined || now < t.replacedAt + ROTATION_GRACE_MS;
}

/**
 * Forgets token pairs that can never be used again: access and refresh token both expired, revoked,
 * or past the 2-minute grace after rotation. Called when new tokens are issued, so a long-running
 * emulator does not keep every pair it ever issued. Returns how many were dropped.
 */
export function pruneTokens(state: EmulatorState, now: number): number {
  // In place: callers may hold the array.
  let kept = 0;
  for (const t of state.tokens) {
    if (accessTokenUsable(t, now) || refreshTokenUsable(t, now)) state.tokens[kept++] = t;
  }
  const dropped = state.tokens.length - kept;
  state.tokens.length = kept;
  return dropped;
}

/** Finds a conversation, creating it on first use (spec 4.10: a send can start a conversation). */
export function conversationFor(state: EmulatorState, id: string): Conversation {
  let conv = state.conversations.get(id);
  if (!conv) {
    conv = { id, postToken: DEMO_POST_TOKEN, messages: [] };
    state.conversations.set(id, conv);
  }
  return conv;
}
