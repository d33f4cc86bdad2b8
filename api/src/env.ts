import type { AppContext, OrgContext, PortalSession, UserContext } from '@fordran/services';

/** Per-request values the middleware puts on the Hono context. */
export interface ApiVariables {
  /** The process-wide services context (set for every request). */
  app: AppContext;
  /** The signed-in user (set by requireUser). */
  user: UserContext;
  /** The user inside the organisation of the path (set by requireOrg). */
  org: OrgContext;
  /** The debtor's portal session (set by requirePortalSession). */
  portal: PortalSession;
}

export interface ApiEnv {
  Variables: ApiVariables;
}

/** Options of the HTTP layer (the services have their own config). */
export interface ApiConfig {
  /** Folder of the built UI (ui/dist); served with SPA fallback when it exists. */
  uiDist?: string;
  /**
   * Trust X-Forwarded-For for the client address (rate limiting). Only behind a reverse proxy that
   * sets it; otherwise anyone could pick their own address.
   */
  trustProxy?: boolean;
  /** Where unexpected errors and 404s of the API are logged (default console.error). */
  log?: (line: string) => void;
  /** Interval of SSE keep-alive pings in ms (default 25 000). */
  ssePingMs?: number;
  /** Bank files larger than this are imported by the job worker, not in the request (default 1 MiB). */
  importJobThresholdBytes?: number;
}
