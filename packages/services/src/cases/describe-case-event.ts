import {
  CASE_CLOSE_REASON_LABELS,
  CASE_EVENT_LABELS,
  CASE_PAUSE_REASON_LABELS,
  CASE_STAGE_LABELS,
  CASE_STATUS_LABELS,
  COMM_CHANNEL_LABELS,
  KFM_APPLICATION_TYPE_LABELS,
  KFM_CASE_STATUS_LABELS,
  LAWSUIT_STATUS_LABELS,
  LAWSUIT_TRACK_LABELS,
  PAYMENT_METHOD_LABELS,
  UNKNOWN_CASE_EVENT_LABEL,
} from '@fordran/core';
import type { CodeNames } from '../labels/code-names';
import type { CaseEventResponse } from '../schemas/cases';
import { amount, count, days, joined, labelOf, midSentence, rate, text, type Payload } from '../labels/swedish-text';

export type CaseEventDescription = Pick<CaseEventResponse, 'kind' | 'title' | 'detail'>;

/** A status change's reason: free text as typed, or the label of a reason code (demo data, payments). */
function reasonOf(payload: Payload): string | null {
  const code = text(payload, 'close_reason');
  const typed = text(payload, 'reason');
  const fromCode = labelOf(CASE_CLOSE_REASON_LABELS, code);
  const reasonCode = labelOf(CASE_CLOSE_REASON_LABELS, typed) ?? labelOf(CASE_PAUSE_REASON_LABELS, typed);
  return reasonCode ?? typed ?? fromCode;
}

/** "från Aktiv till Stängd", or whichever half the payload has. */
function change(from: string | null, to: string | null): string {
  if (from && to) return ` från ${from} till ${to}`;
  if (to) return ` till ${to}`;
  return '';
}

/** A move of one of the case's machines (status, stage, KFM, lawsuit): its label and "från X till Y" in Swedish. */
function moved(
  kind: CaseEventDescription['kind'],
  title: string,
  labels: Readonly<Record<string, string>>,
  data: Payload,
  detail: string | null,
): CaseEventDescription {
  return { kind, title: `${title}${change(labelOf(labels, text(data, 'from')), labelOf(labels, text(data, 'to')))}`, detail };
}

function allocationParts(payload: Payload): string | null {
  const parts = (
    [
      ['kapital', 'principal'],
      ['ränta', 'interest'],
      ['avgifter', 'fees'],
    ] as const
  ).map(([label, key]) => {
    const value = amount(payload, key);
    return value ? `${label} ${value}` : null;
  });
  return parts.some(Boolean) ? parts.filter(Boolean).join(', ') : null;
}

function caseCreated(data: Payload): CaseEventDescription {
  return {
    kind: 'created',
    title: CASE_EVENT_LABELS.case_created,
    detail: joined([
      text(data, 'reference_no'),
      amount(data, 'principal') ?? amount(data, 'principal_amount'),
      text(data, 'ocr_reference') ? `OCR ${text(data, 'ocr_reference')}` : null,
    ]),
  };
}

function interestCalculated(data: Payload): CaseEventDescription {
  const to = text(data, 'to') ?? text(data, 'as_of');
  const dayCount = count(data, 'days');
  return {
    kind: 'interest',
    title: CASE_EVENT_LABELS.interest_calculated,
    detail: joined([amount(data, 'amount'), dayCount === null ? null : days(dayCount), rate(data, 'rate'), to ? `till ${to}` : null]),
  };
}

function flagResolved(data: Payload, names: CodeNames): CaseEventDescription {
  const rule = text(data, 'rule_code');
  const reason = text(data, 'reason');
  return {
    kind: 'flag',
    title: CASE_EVENT_LABELS.flag_resolved,
    detail: joined([rule ? names.rule(rule) : null, text(data, 'message'), reason ? `Anledning: ${reason}` : null]),
  };
}

function paymentAllocated(data: Payload): CaseEventDescription {
  const method = labelOf(PAYMENT_METHOD_LABELS, text(data, 'method'));
  return {
    kind: 'payment',
    title: CASE_EVENT_LABELS.PAYMENT_ALLOCATED,
    detail: joined([amount(data, 'amount'), allocationParts(data), method ? `via ${midSentence(method)}` : null]),
  };
}

function communicationSent(data: Payload, names: CodeNames): CaseEventDescription {
  const channel = labelOf(COMM_CHANNEL_LABELS, text(data, 'channel'));
  const template = (text(data, 'template_id') ?? text(data, 'template_code')) ? names.template(text(data, 'template_id'), text(data, 'template_code')) : null;
  return {
    kind: 'communication',
    title: channel
      ? `${CASE_EVENT_LABELS.COMMUNICATION_SENT} via ${channel === 'SMS' || channel === 'Kivra' ? channel : channel.toLowerCase()}`
      : CASE_EVENT_LABELS.COMMUNICATION_SENT,
    detail: joined([text(data, 'subject') ?? template, text(data, 'recipient')]),
  };
}

function kfmStep(type: 'KFM_PRECHECK_PASSED' | 'KFM_SUBMITTED', data: Payload): CaseEventDescription {
  const fee = amount(data, 'application_fee');
  return {
    kind: 'kfm',
    title: CASE_EVENT_LABELS[type],
    detail: joined([labelOf(KFM_APPLICATION_TYPE_LABELS, text(data, 'application_type')), fee ? `ansökningsavgift ${fee}` : null, text(data, 'reference')]),
  };
}

/**
 * What one timeline entry says (spec part 1 §3 case_events, part 2 §7): a Swedish title and a
 * detail line from its payload, with the organisation's own codes (fees, templates, rules) by name.
 * @example describeCaseEvent('status_changed', { from: 'active', to: 'closed', reason: 'Betald' }, names).title // 'Status ändrad från Aktiv till Stängd'
 */
export function describeCaseEvent(type: string, payload: Payload | null, names: CodeNames): CaseEventDescription {
  const data = payload ?? {};
  switch (type) {
    case 'case_created':
      return caseCreated(data);
    case 'fee_added': {
      const code = text(data, 'code');
      return { kind: 'fee', title: CASE_EVENT_LABELS.fee_added, detail: joined([code ? names.fee(code) : null, amount(data, 'amount')]) };
    }
    case 'interest_calculated':
      return interestCalculated(data);
    case 'status_changed':
      return moved('status', CASE_EVENT_LABELS.status_changed, CASE_STATUS_LABELS, data, reasonOf(data));
    case 'stage_changed':
      return moved('stage', CASE_EVENT_LABELS.stage_changed, CASE_STAGE_LABELS, data, null);
    case 'handler_changed': {
      const to = text(data, 'to_name');
      return {
        kind: 'handler',
        title: to ? `Handläggare: ${to}` : 'Ingen handläggare',
        detail: text(data, 'from_name') ? `Tidigare ${text(data, 'from_name')}` : null,
      };
    }
    case 'flag_resolved':
      return flagResolved(data, names);
    case 'PAYMENT_ALLOCATED':
      return paymentAllocated(data);
    case 'PAYMENT_REVERSED': {
      const reason = text(data, 'reason');
      return {
        kind: 'payment',
        title: CASE_EVENT_LABELS.PAYMENT_REVERSED,
        detail: joined([amount(data, 'amount'), reason ? `Anledning: ${reason}` : null]),
      };
    }
    case 'COMMUNICATION_SENT':
      return communicationSent(data, names);
    case 'KFM_PRECHECK_PASSED':
    case 'KFM_SUBMITTED':
      return kfmStep(type, data);
    case 'KFM_STATUS_CHANGED':
      return moved(
        'kfm',
        CASE_EVENT_LABELS.KFM_STATUS_CHANGED,
        KFM_CASE_STATUS_LABELS,
        data,
        text(data, 'kfm_case_no') ? `Målnummer ${text(data, 'kfm_case_no')}` : null,
      );
    case 'prescription_interrupted': {
      const reason = text(data, 'reason');
      return {
        kind: 'flag',
        title: CASE_EVENT_LABELS.prescription_interrupted,
        detail: joined([text(data, 'interrupted_on'), reason ? `Anledning: ${reason}` : null]),
      };
    }
    case 'lawsuit_created': {
      const fee = amount(data, 'court_fee');
      return {
        kind: 'status',
        title: CASE_EVENT_LABELS.lawsuit_created,
        detail: joined([labelOf(LAWSUIT_TRACK_LABELS, text(data, 'track')), fee ? `ansökningsavgift ${fee}` : null]),
      };
    }
    case 'lawsuit_status_changed':
      return moved('status', CASE_EVENT_LABELS.lawsuit_status_changed, LAWSUIT_STATUS_LABELS, data, text(data, 'reason'));
    default:
      return {
        kind: type.startsWith('KFM_') ? 'kfm' : 'other',
        title: type.startsWith('KFM_') ? 'Händelse hos Kronofogden' : UNKNOWN_CASE_EVENT_LABEL,
        detail: null,
      };
  }
}
