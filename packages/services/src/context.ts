import type { Database, FileStorage } from '@fordran/store';
import type { Role } from './access/roles';
import type { Clock } from './clock';
import type { CompanyRegisterProvider } from './lookup/company-register';
import { createSystemClock } from './clock';
import { createEventBus, type EventBus } from './realtime/event-bus';
import type { ChannelDirectory } from './communications/channels/channel';
import { DEFAULT_COMMUNICATIONS_CONFIG, type CommunicationsConfig } from './communications/sending/sending-config';
import type { BankIdProvider } from './portal/bankid/bankid-provider';
import { DEFAULT_PORTAL_CONFIG, type PortalConfig } from './portal/portal-config';

/** Limits and secrets of the services; `createServicesConfig` fills the defaults. */
export interface ServicesConfig {
  /** HMAC key for access tokens. Keep it stable across restarts or every session ends. */
  secret: string;
  /** Lifetime of an access token (default 15 min). */
  accessTokenTtlSeconds: number;
  /** Lifetime of a refresh token (default 30 days); each refresh issues a new one. */
  refreshTokenTtlSeconds: number;
  /** Lifetime of an invitation link (default 7 days). */
  invitationTtlSeconds: number;
  /** How long an MFA challenge may be verified (default 5 min). */
  mfaChallengeTtlSeconds: number;
  rateLimit: {
    /** The sliding window failed attempts are counted in (default 15 min). */
    windowSeconds: number;
    /** Failed sign-ins per e-mail in the window before RATE_LIMITED (default 5). */
    maxFailuresPerEmail: number;
    /** Failed sign-ins per client address in the window (default 20). */
    maxFailuresPerIp: number;
    /** Wrong codes per MFA factor in the window (default 5). */
    maxFailuresPerFactor: number;
    /** The window sign-ups are counted in (default 1 h). */
    signUpWindowSeconds: number;
    /** Sign-ups per client address in that window (default 10). */
    maxSignUpsPerIp: number;
    /** Sign-ups per e-mail address in that window (default 3). */
    maxSignUpsPerEmail: number;
  };
  /** Application version, reported by /api/health. */
  version: string;
  /** Sending and delivering messages: public URL of unsubscribe links, delivery attempts and back-off. */
  communications: CommunicationsConfig;
  /** The debtor portal: its organisation, session lifetime and BankID start limits. */
  portal: PortalConfig;
}

export const DEFAULT_SERVICES_CONFIG: Omit<ServicesConfig, 'secret'> = {
  accessTokenTtlSeconds: 15 * 60,
  refreshTokenTtlSeconds: 30 * 24 * 60 * 60,
  invitationTtlSeconds: 7 * 24 * 60 * 60,
  mfaChallengeTtlSeconds: 5 * 60,
  rateLimit: {
    windowSeconds: 15 * 60,
    maxFailuresPerEmail: 5,
    maxFailuresPerIp: 20,
    maxFailuresPerFactor: 5,
    signUpWindowSeconds: 60 * 60,
    maxSignUpsPerIp: 10,
    maxSignUpsPerEmail: 3,
  },
  version: '0.1.0',
  communications: DEFAULT_COMMUNICATIONS_CONFIG,
  portal: DEFAULT_PORTAL_CONFIG,
};

export function createServicesConfig(
  overrides: Partial<Omit<ServicesConfig, 'communications' | 'portal'>> & {
    secret: string;
    communications?: Partial<CommunicationsConfig>;
    portal?: Partial<PortalConfig>;
  },
): ServicesConfig {
  return {
    ...DEFAULT_SERVICES_CONFIG,
    ...overrides,
    rateLimit: { ...DEFAULT_SERVICES_CONFIG.rateLimit, ...overrides.rateLimit },
    communications: { ...DEFAULT_SERVICES_CONFIG.communications, ...overrides.communications },
    portal: { ...DEFAULT_SERVICES_CONFIG.portal, ...overrides.portal },
  };
}

/** External services (mail, SMS, BankID, company register, …); simulators by default. */
export type Providers = Record<string, unknown> & {
  /** Company / person look-up; without one the fictional register in packages/services/registers is used. */
  companyRegister?: CompanyRegisterProvider;
  /** E-mail, SMS, Kivra and letter clients per organisation (communications/channels). */
  channels?: ChannelDirectory;
  /** BankID for the debtor portal (portal/bankid): the RP API, or the simulator when none is configured. */
  bankid?: BankIdProvider;
};

/** Everything a use case needs from the process: one per running app. */
export interface AppContext {
  /** The engine-neutral store (SQLite or PostgreSQL): reads on `database.db`, writes in `database.transaction`. */
  database: Database;
  clock: Clock;
  config: ServicesConfig;
  events: EventBus;
  files: FileStorage;
  providers?: Providers;
}

/** The signed-in user of a request, from a verified access token. */
export interface Actor {
  user_id: string;
  /** The session (refresh-token family) the access token belongs to. */
  session_id: string;
  aal: 'aal1' | 'aal2';
}

/** The actor's membership in the organisation a request names. */
export interface Membership {
  org_id: string;
  org_name: string;
  role: Role;
  /** Only for `client`: the creditor whose cases the member may read. */
  creditor_id: string | null;
  require_mfa: boolean;
}

/** One request's view: the app, who is acting (null before sign-in) and in which organisation. */
export interface ServiceContext {
  app: AppContext;
  actor: Actor | null;
  membership?: Membership;
}

/** A signed-in request. */
export interface UserContext extends ServiceContext {
  actor: Actor;
}

/** A signed-in request inside an organisation the actor is a member of. */
export interface OrgContext extends UserContext {
  membership: Membership;
}

export function createAppContext(options: {
  database: Database;
  config: ServicesConfig;
  files: FileStorage;
  clock?: Clock;
  events?: EventBus;
  providers?: Providers;
}): AppContext {
  return {
    database: options.database,
    config: options.config,
    files: options.files,
    clock: options.clock ?? createSystemClock(),
    events: options.events ?? createEventBus(),
    ...(options.providers ? { providers: options.providers } : {}),
  };
}

/** A context without a signed-in user (sign-up, sign-in, refresh). */
export function anonymousContext(app: AppContext): ServiceContext {
  return { app, actor: null };
}
