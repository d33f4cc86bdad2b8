import type { AuditEventCode, OnboardingChecklistCode } from '@fordran/core';
import { findOrganisationRow, memberWroteAuditEvent, organisationHasActiveChannel, organisationHasRows, type Db } from '@fordran/store';

/*
 * Which onboarding steps the organisation's own data shows done (issue 10): a creditor exists, a
 * case exists, a payment is registered, … A step with evidence is done whatever its checkbox
 * says. Fees, rules and message templates come ready for a new organisation, so for them the
 * evidence is that a member changed them (the system log); reports have no data of their own and
 * stay manual.
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
const TEMPLATE_SETUP_EVENTS: AuditEventCode[] = ['template.created', 'template.updated', 'template.activated', 'template.deactivated'];

/**
 * The steps the data shows done, by code (a step missing here is not shown done by the data).
 * The reads run one after another: `db` may be a transaction.
 */
export async function onboardingEvidence(db: Db, orgId: string): Promise<Partial<Record<OnboardingChecklistCode, boolean>>> {
  const org = await findOrganisationRow(db, orgId);
  return {
    setup_organization: Boolean(org?.org_no && org.address_json?.street),
    add_creditor: await organisationHasRows(db, orgId, 'creditors'),
    setup_communication: await organisationHasActiveChannel(db, orgId),
    create_templates: await memberWroteAuditEvent(db, orgId, TEMPLATE_SETUP_EVENTS),
    setup_fees: await memberWroteAuditEvent(db, orgId, FEE_SETUP_EVENTS),
    create_first_case: await organisationHasRows(db, orgId, 'cases'),
    send_first_communication: await organisationHasRows(db, orgId, 'communications'),
    register_payment: await organisationHasRows(db, orgId, 'payments'),
    setup_rules: await memberWroteAuditEvent(db, orgId, RULE_SETUP_EVENTS),
  };
}
