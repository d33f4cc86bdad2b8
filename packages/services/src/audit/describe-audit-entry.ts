import {
  auditEntityLabel,
  auditEventLabel,
  CASE_STAGE_LABELS,
  CASE_STATUS_LABELS,
  COMM_CHANNEL_LABELS,
  jobTypeLabel,
  ORG_ROLE_LABELS,
  STATEMENT_RESOLUTION_KIND_LABELS,
} from '@fordran/core';
import type { CodeNames } from '../labels/code-names';
import { amount, count, joined, labelOf, text, type Payload } from '../labels/swedish-text';
import type { AuditLogResponse } from '../schemas/audit';

/** Organisation fields as the settings page names them. */
const ORGANISATION_FIELDS: Readonly<Record<string, string>> = {
  name: 'namn',
  org_no: 'organisationsnummer',
  address_json: 'adress',
  allocation_order: 'avräkningsordning',
  require_mfa: 'krav på tvåstegsverifiering',
  settings_json: 'inställningar',
};

const RECORD_STATUS_LABELS = { active: 'Aktiv', inactive: 'Inaktiv' } as const;

function role(payload: Payload, key: string): string | null {
  return labelOf(ORG_ROLE_LABELS, text(payload, key));
}

function changedKeys(payload: Payload): string[] {
  const changed = payload.changed;
  if (Array.isArray(changed)) return changed.filter((key): key is string => typeof key === 'string');
  return typeof changed === 'object' && changed !== null ? Object.keys(changed) : [];
}

/** The status a creditor or party change set: `changed.status` or `status`. */
function statusChange(payload: Payload): string | null {
  const changed = payload.changed;
  const nested = typeof changed === 'object' && changed !== null && !Array.isArray(changed) ? (changed as Payload) : {};
  return labelOf(RECORD_STATUS_LABELS, text(nested, 'status') ?? text(payload, 'status'));
}

function counted(value: number | null, one: string, many: string): string | null {
  if (value === null) return null;
  return value === 1 ? `1 ${one}` : `${value} ${many}`;
}

/** A group's detail line; `undefined` when the event is not the group's (another group, or the reason alone, describes it). */
type GroupDetail = (event: string, payload: Payload, names: CodeNames, because: string | null) => string | null | undefined;

/** The organisation, its members and invitations, its creditors and parties, a user's own profile. */
const accountDetail: GroupDetail = (event, payload, _names, because) => {
  switch (event) {
    case 'invitation.created':
    case 'invitation.revoked':
    case 'member.removed':
    case 'member.joined':
    case 'member.added':
      return joined([text(payload, 'email'), role(payload, 'role')]);
    case 'member.role_changed': {
      const from = role(payload, 'from');
      const to = role(payload, 'to');
      return joined([text(payload, 'email'), from && to ? `${from} → ${to}` : to]);
    }
    case 'organisation.created':
    case 'creditor.created':
    case 'party.created':
      return text(payload, 'name');
    case 'organisation.updated': {
      const fields = changedKeys(payload).map((field) => ORGANISATION_FIELDS[field] ?? 'övriga uppgifter');
      return fields.length > 0 ? `Ändrat: ${[...new Set(fields)].join(', ')}` : 'Inga ändringar';
    }
    case 'profile.updated':
      return text(payload, 'full_name');
    case 'notification.read_all':
      return counted(count(payload, 'updated'), 'notifikation', 'notifikationer');
    case 'creditor.status_changed':
    case 'party.status_changed':
      return joined([statusChange(payload), because]);
    default:
      return undefined;
  }
};

/** A case's status, stage, handler and flags; the runs over many cases and the job queue. */
const caseDetail: GroupDetail = (event, payload, names, because) => {
  switch (event) {
    case 'case.status_changed': {
      const from = labelOf(CASE_STATUS_LABELS, text(payload, 'from'));
      const to = labelOf(CASE_STATUS_LABELS, text(payload, 'to'));
      return joined([from && to ? `${from} → ${to}` : to, because]);
    }
    case 'case.stage_changed': {
      const from = labelOf(CASE_STAGE_LABELS, text(payload, 'from'));
      const to = labelOf(CASE_STAGE_LABELS, text(payload, 'to'));
      return from && to ? `${from} → ${to}` : to;
    }
    case 'case.handler_changed':
      return text(payload, 'to_name') ?? 'Ingen handläggare';
    case 'case.flag_resolved':
      return joined([text(payload, 'rule_code') ? names.rule(text(payload, 'rule_code')!) : null, because]);
    case 'case.interest_calculated':
      return amount(payload, 'amount');
    case 'interest.run':
      return counted(count(payload, 'changed'), 'ärende ändrat', 'ärenden ändrade');
    case 'rules.prescription_check':
      return counted(count(payload, 'flags_created'), 'ny flagga', 'nya flaggor');
    case 'dunning.run':
      return counted(count(payload, 'messages'), 'meddelande', 'meddelanden');
    case 'job.retried':
      return text(payload, 'job_type') ? jobTypeLabel(text(payload, 'job_type')!) : null;
    default:
      return undefined;
  }
};

/** The organisation's own codes: fees, interest profiles and rules, by name. */
const codeDetail: GroupDetail = (event, payload, names, because) => {
  const code = text(payload, 'code');
  switch (event) {
    case 'case.fee_added':
    case 'fee.created':
    case 'fee.updated':
    case 'fee.version_created':
    case 'fee.activated':
    case 'fee.deactivated':
      return joined([code ? names.fee(code) : null, amount(payload, 'amount')]);
    case 'interest_profile.created':
    case 'interest_profile.updated':
    case 'interest_profile.activated':
    case 'interest_profile.deactivated':
    case 'interest_profile.default_set':
      return code ? names.profile(code) : null;
    case 'rule.created':
    case 'rule.updated':
    case 'rule.activated':
    case 'rule.deactivated':
      return joined([code ? names.rule(code) : null, because]);
    case 'template.created':
    case 'template.updated':
    case 'template.activated':
    case 'template.deactivated':
      return joined([code ? names.template(code) : null, typeof payload.version === 'number' ? `version ${payload.version}` : null]);
    default:
      return undefined;
  }
};

/** Payments, bank files, bank accounts and statements. */
const moneyDetail: GroupDetail = (event, payload, _names, because) => {
  switch (event) {
    case 'payment.created':
    case 'payment.allocated':
      return amount(payload, 'amount');
    case 'payment.held_resolved':
    case 'payment.reversed':
      return joined([amount(payload, 'amount'), because]);
    case 'payments.imported':
      return joined([text(payload, 'file_name'), amount(payload, 'total_amount')]);
    case 'bank_account.created':
    case 'bank_account.updated':
      return text(payload, 'account_name');
    case 'bank_statement.difference_resolved':
    case 'bank_statement.resolution_undone': {
      const line = count(payload, 'line');
      return joined([
        labelOf(STATEMENT_RESOLUTION_KIND_LABELS, text(payload, 'kind')),
        line === null ? null : `rad ${line}`,
        amount(payload, 'amount'),
        because,
      ]);
    }
    case 'payment.bank_linked':
    case 'payment.bank_unlinked': {
      const line = count(payload, 'line');
      return joined([text(payload, 'file_name'), line === null ? null : `rad ${line}`, because]);
    }
    default:
      return undefined;
  }
};

/** Communication channels and the letter print queue. */
const channelDetail: GroupDetail = (event, payload) => {
  switch (event) {
    case 'channel_settings.updated':
      return joined([
        labelOf(COMM_CHANNEL_LABELS, text(payload, 'channel')),
        text(payload, 'provider'),
        payload.is_active === true ? 'aktiv' : 'inaktiv',
        payload.sandbox === true ? 'sandlåda' : null,
      ]);
    case 'print_batch.created':
      return counted(count(payload, 'count'), 'brev', 'brev');
    default:
      return undefined;
  }
};

const GROUP_DETAILS: readonly GroupDetail[] = [accountDetail, caseDetail, codeDetail, moneyDetail, channelDetail];

/** The detail line of one audit row: who or what it touched, with the reason of a risky action. */
function detailOf(event: string, payload: Payload, names: CodeNames): string | null {
  const reason = text(payload, 'reason');
  const because = reason ? `Anledning: ${reason}` : null;
  for (const groupDetail of GROUP_DETAILS) {
    const detail = groupDetail(event, payload, names, because);
    if (detail !== undefined) return detail;
  }
  return because;
}

type AuditDescription = Pick<AuditLogResponse['entries'][number], 'title' | 'entity_label' | 'detail'>;

/**
 * What one system-log row says, in Swedish: the event's label (never its code), the entity's
 * name, and a detail line from the payload.
 * @example describeAuditEntry({ event: 'creditor.status_changed', entity: 'creditors', payload: { changed: { status: 'inactive' }, reason: 'Konkurs' } }, names)
 * // { title: 'Kundens status ändrad', entity_label: 'Kund', detail: 'Inaktiv · Anledning: Konkurs' }
 */
export function describeAuditEntry(entry: { event: string; entity: string | null; payload: Payload }, names: CodeNames): AuditDescription {
  return { title: auditEventLabel(entry.event), entity_label: auditEntityLabel(entry.entity), detail: detailOf(entry.event, entry.payload, names) };
}
