/** The debtor portal's settings (ServicesConfig.portal). */
export interface PortalConfig {
  /** The organisation the portal belongs to when a request names none (FORDRAN_PORTAL_ORG); null: a request must name one. */
  defaultOrgId: string | null;
  /** Lifetime of a portal session (default 30 min); it cannot be extended, only signed in anew. */
  sessionTtlSeconds: number;
  /** The window BankID starts are counted in (default 15 min). */
  initWindowSeconds: number;
  /** BankID starts per personnummer in the window (default 5). */
  maxInitsPerNationalId: number;
  /** BankID starts per client address in the window (default 20). */
  maxInitsPerIp: number;
}

export const DEFAULT_PORTAL_CONFIG: PortalConfig = {
  defaultOrgId: null,
  sessionTtlSeconds: 30 * 60,
  initWindowSeconds: 15 * 60,
  maxInitsPerNationalId: 5,
  maxInitsPerIp: 20,
};

/** FORDRAN_PORTAL_ORG: the organisation (id) whose portal this server is. */
export function portalConfigFromEnv(env: NodeJS.ProcessEnv): Partial<PortalConfig> {
  const orgId = env.FORDRAN_PORTAL_ORG?.trim();
  return orgId ? { defaultOrgId: orgId } : {};
}
