import { and, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { AuditEventCode, OnboardingChecklistCode } from '@fordran/core';
import { auditLogs, cases, commChannelsSettings, commTemplates, communications, creditors, organisations, payments, type DbOrTx } from '@fordran/store';

/*
 * Which onboarding steps the organisation's own data shows done (issue 10): a creditor exists, a
 * case exists, a payment is registered, … A step with evidence is done whatever its checkbox
 * says. Fees and rules come ready for a new organisation, so for them the evidence is that a
 * member changed them (the system log); reports have no data of their own and stay manual.
 */

/** Audit events by a member that show the fees and interest profiles were gone through. */
const FEE_SETUP_EVENTS: AuditEventCode[] = [
  'fee.created',
  'fee.updated',
  'fee.version_created',
  'fee.activated',
  'fee.deactivated',
  'interest_profile.created',
  'interest_profile.updated',
  'interest_profile.activated',
  'interest_profile.deactivated',
  'interest_profile.default_set',
];
const RULE_SETUP_EVENTS: AuditEventCode[] = ['rule.created', 'rule.updated', 'rule.activated', 'rule.deactivated'];

function exists(db: DbOrTx, table: SQLiteTable, where: SQL | undefined): boolean {
  return (
    db
      .select({ one: sql`1` })
      .from(table)
      .where(where)
      .limit(1)
      .get() !== undefined
  );
}

function memberChanged(db: DbOrTx, orgId: string, events: AuditEventCode[]): boolean {
  return exists(db, auditLogs, and(eq(auditLogs.org_id, orgId), inArray(auditLogs.event, events), isNotNull(auditLogs.actor_id)));
}

/** The steps the data shows done, by code (a step missing here is not shown done by the data). */
export function onboardingEvidence(db: DbOrTx, orgId: string): Partial<Record<OnboardingChecklistCode, boolean>> {
  const org = db.select({ org_no: organisations.org_no, address: organisations.address_json }).from(organisations).where(eq(organisations.id, orgId)).get();
  return {
    setup_organization: Boolean(org?.org_no && org.address?.street),
    add_creditor: exists(db, creditors, eq(creditors.org_id, orgId)),
    setup_communication: exists(db, commChannelsSettings, and(eq(commChannelsSettings.org_id, orgId), eq(commChannelsSettings.is_active, true))),
    create_templates: exists(db, commTemplates, eq(commTemplates.org_id, orgId)),
    setup_fees: memberChanged(db, orgId, FEE_SETUP_EVENTS),
    create_first_case: exists(db, cases, eq(cases.org_id, orgId)),
    send_first_communication: exists(db, communications, eq(communications.org_id, orgId)),
    register_payment: exists(db, payments, eq(payments.org_id, orgId)),
    setup_rules: memberChanged(db, orgId, RULE_SETUP_EVENTS),
  };
}
