import type { RuleSeverity } from '@fordran/core';
import type { Db, NotificationRow } from '@fordran/store';
import type { AppContext } from '../context';
import { insertNotification } from './notifications';

/*
 * Who hears about a case: its handler. A notification goes to the handler only when someone
 * else (or the system) acted — one's own action is on the screen already, so telling would be
 * noise. Inserted in the caller's transaction; the caller publishes after the commit.
 */

export interface FlaggedCase {
  id: string;
  org_id: string;
  handler_id: string | null;
  reference_no: string;
}

/**
 * New rule flags on one case, raised by `actorId`'s action (null: the system): the handler is
 * told unless they raised them. Returns the notification, or null when nobody is told.
 */
export async function noticeOfNewFlags(
  tx: Db,
  app: AppContext,
  target: FlaggedCase,
  flags: readonly { level: RuleSeverity; message: string }[],
  actorId: string | null,
): Promise<NotificationRow | null> {
  if (flags.length === 0 || target.handler_id === null || target.handler_id === actorId) return null;
  const [first] = flags;
  const more = flags.length > 1 ? ` (och ${flags.length - 1} till)` : '';
  return insertNotification(
    tx,
    app,
    {
      org_id: target.org_id,
      user_id: target.handler_id,
      type: flags.some((flag) => flag.level !== 'info') ? 'warning' : 'info',
      message: `Ny regelflagga på ärende ${target.reference_no}: ${first!.message}${more}`,
      link: `/cases/${target.id}`,
    },
    actorId,
  );
}

/** One new flag and the case it was raised on. */
export type FlagOnCase = FlaggedCase & { level: RuleSeverity; message: string };

/**
 * What the nightly prescription check flagged among one handler's cases: one notification for
 * the night, not one per case (a handler with hundreds of cases would drown). One case links to
 * it; several link to the handler's flagged cases.
 */
export async function noticeOfNightlyFlags(
  tx: Db,
  app: AppContext,
  orgId: string,
  handlerId: string,
  flagged: readonly FlagOnCase[],
): Promise<NotificationRow | null> {
  if (flagged.length === 0) return null;
  if (flagged.length === 1) return noticeOfNewFlags(tx, app, flagged[0]!, flagged, null);
  return insertNotification(tx, app, {
    org_id: orgId,
    user_id: handlerId,
    type: flagged.some((flag) => flag.level !== 'info') ? 'warning' : 'info',
    message: `Nattens preskriptionskontroll flaggade ${flagged.length} av dina ärenden`,
    link: '/cases?handler=me&flagged=true',
  });
}
