// What a timeline entry says (spec part 1 §3 case_events, part 2 §7): a Swedish title per event
// type and a detail line from its payload. Payloads are open JSON, so every field is read with a
// type check and left out when it is missing.
import { CASE_STAGE_LABELS, CASE_STATUS_LABELS, type CaseStage, type CaseStatus } from '../../api/case-types';
import { formatAmount, formatCount, formatDate, formatRate } from '../../lib/format';

export type CaseEventKind = 'created' | 'fee' | 'interest' | 'status' | 'stage' | 'flag' | 'payment' | 'communication' | 'kfm' | 'other';

export interface CaseEventDescription {
  kind: CaseEventKind;
  title: string;
  /** A second line with the figures of the event, when the payload has them. */
  detail: string | null;
}

type Payload = Record<string, unknown>;

function text(payload: Payload, key: string): string | null {
  const value = payload[key];
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

function count(payload: Payload, key: string): number | null {
  const value = payload[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** An amount in a payload: a decimal string ("180.00") or, from older writers, a number of kronor. */
function amount(payload: Payload, key: string): string | null {
  const value = payload[key];
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return formatAmount(value);
  if (typeof value === 'number' && Number.isFinite(value)) return formatAmount(String(value));
  return null;
}

/** A yearly rate in percent ("10.00" or 8) as "10,00 %". */
function rate(payload: Payload, key: string): string | null {
  const value = payload[key];
  const decimal = typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value.trim() : null;
  return decimal !== null && /^\d+(\.\d+)?$/.test(decimal) ? formatRate(decimal) : null;
}

function feeName(code: string | null, names: Record<string, string>): string | null {
  return code ? (names[code] ?? code) : null;
}

function kfmApplicationType(value: string | null): string | null {
  return value ? (KFM_APPLICATION_TYPES[value] ?? value) : null;
}

function statusLabel(value: string | null): string | null {
  return value && value in CASE_STATUS_LABELS ? CASE_STATUS_LABELS[value as CaseStatus] : value;
}

function stageLabel(value: string | null): string | null {
  return value && value in CASE_STAGE_LABELS ? CASE_STAGE_LABELS[value as CaseStage] : value;
}

function joined(parts: Array<string | null>): string | null {
  const present = parts.filter((part): part is string => Boolean(part));
  return present.length > 0 ? present.join(' · ') : null;
}

function days(payload: Payload): string | null {
  const value = count(payload, 'days');
  if (value === null) return null;
  return value === 1 ? '1 dag' : `${formatCount(value)} dagar`;
}

/** "från Utkast till Aktiv", or whichever half the payload has. */
function change(from: string | null, to: string | null): string | null {
  if (from && to) return `från ${from} till ${to}`;
  if (to) return `till ${to}`;
  return null;
}

const KFM_TITLES: Record<string, string> = {
  KFM_PRECHECK_PASSED: 'KFM-kontroll godkänd',
  KFM_PRECHECK_FAILED: 'KFM-kontroll underkänd',
  KFM_SNAPSHOT_CREATED: 'KFM-underlag skapat',
  KFM_FILE_GENERATED: 'KFM-fil genererad',
  KFM_SUBMITTED: 'Ansökan skickad till Kronofogden',
};

const CHANNEL_LABELS: Record<string, string> = {
  email: 'e-post',
  sms: 'sms',
  letter: 'brev',
  kivra: 'Kivra',
};

const KFM_APPLICATION_TYPES: Record<string, string> = {
  payment_order: 'Betalningsföreläggande',
  handrackning: 'Handräckning',
  enforcement: 'Verkställighet',
};

const PAYMENT_METHODS: Record<string, string> = {
  manual: 'manuell',
  bankgiro: 'bankgiro',
  swish: 'Swish',
  card: 'kort',
};

/** "kapital 1 754,66 kr, ränta 65,34 kr": the parts of a payment that are in the payload. */
function allocationParts(payload: Payload): string | null {
  const parts = (
    [
      ['kapital', 'principal'],
      ['ränta', 'interest'],
      ['avgifter', 'fees'],
    ] as const
  )
    .map(([label, key]) => {
      const value = amount(payload, key);
      return value ? `${label} ${value}` : null;
    })
    .filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(', ') : null;
}

/**
 * The title and detail line of one case event. `feeNames` (catalogue code → name) names a fee
 * whose event carries only its code.
 */
export function describeCaseEvent(type: string, payload: Payload | null, feeNames: Record<string, string> = {}): CaseEventDescription {
  const data = payload ?? {};
  switch (type) {
    case 'case_created':
      return {
        kind: 'created',
        title: 'Ärendet skapades',
        detail: joined([
          text(data, 'reference_no'),
          amount(data, 'principal') ?? amount(data, 'principal_amount'),
          text(data, 'ocr_reference') ? `OCR ${text(data, 'ocr_reference')}` : null,
        ]),
      };
    case 'fee_added':
      return {
        kind: 'fee',
        title: 'Avgift tillagd',
        detail: joined([text(data, 'name') ?? feeName(text(data, 'code'), feeNames), amount(data, 'amount')]),
      };
    case 'interest_calculated': {
      const to = text(data, 'to') ?? text(data, 'as_of');
      return {
        kind: 'interest',
        title: 'Ränta beräknad',
        detail: joined([amount(data, 'amount'), days(data), rate(data, 'rate'), to ? `till ${formatDate(to)}` : null]),
      };
    }
    case 'status_changed': {
      const to = statusLabel(text(data, 'to'));
      return {
        kind: 'status',
        title: `Status ändrad ${change(statusLabel(text(data, 'from')), to) ?? ''}`.trim(),
        detail: text(data, 'reason'),
      };
    }
    case 'stage_changed': {
      const to = stageLabel(text(data, 'to'));
      return {
        kind: 'stage',
        title: `Fas ändrad ${change(stageLabel(text(data, 'from')), to) ?? ''}`.trim(),
        detail: null,
      };
    }
    case 'flag_resolved':
      return { kind: 'flag', title: 'Flagga löst', detail: joined([text(data, 'message'), text(data, 'rule_code')]) };
    case 'flag_raised':
    case 'flag_created':
      return { kind: 'flag', title: 'Regelflagga skapad', detail: joined([text(data, 'message'), text(data, 'rule_code')]) };
    case 'PAYMENT_ALLOCATED': {
      const method = text(data, 'method');
      return {
        kind: 'payment',
        title: 'Inbetalning avräknad',
        detail: joined([amount(data, 'amount'), allocationParts(data), method ? `via ${PAYMENT_METHODS[method] ?? method}` : null]),
      };
    }
    case 'COMMUNICATION_SENT': {
      const channel = text(data, 'channel');
      return {
        kind: 'communication',
        title: channel ? `Meddelande skickat via ${CHANNEL_LABELS[channel] ?? channel}` : 'Meddelande skickat',
        detail: joined([text(data, 'subject') ?? text(data, 'template_name') ?? text(data, 'template_code'), text(data, 'recipient')]),
      };
    }
    default:
      if (type.startsWith('KFM_')) {
        return {
          kind: 'kfm',
          title: KFM_TITLES[type] ?? `Kronofogden: ${type.slice(4).toLowerCase().replaceAll('_', ' ')}`,
          detail: joined([
            kfmApplicationType(text(data, 'application_type')),
            amount(data, 'application_fee') ? `ansökningsavgift ${amount(data, 'application_fee')}` : null,
            text(data, 'reference'),
          ]),
        };
      }
      return { kind: 'other', title: `Händelse: ${type}`, detail: null };
  }
}
