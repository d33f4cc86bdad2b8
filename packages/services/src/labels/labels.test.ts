import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AUDIT_ENTITY_LABELS,
  AUDIT_EVENT_LABELS,
  auditEntityLabel,
  auditEventLabel,
  CASE_EVENT_LABELS,
  CASE_EVENT_TYPES,
  JOB_TYPE_LABELS,
} from '@fordran/core';
import { describeAuditEntry } from '../audit/describe-audit-entry';
import { describeCaseEvent } from '../cases/describe-case-event';
import { createJobHandlers } from '../jobs/handlers';
import type { CodeNames } from './code-names';

/*
 * The system log and the case timeline show Swedish words, never codes (issue 10): every code
 * the services write has a label, and what is unknown reads as a Swedish word, not as the code.
 */

const NBSP = '\u00a0';
const SRC = fileURLToPath(new URL('..', import.meta.url));
const REPO = join(SRC, '../../..');

/** The organisation's names, as loadCodeNames reads them from its tables. */
const NAMES: CodeNames = {
  fee: (code) => ({ COLLECTION_180: 'Inkassoavgift' })[code] ?? 'Avgift',
  rule: (code) => ({ PRESCRIPTION: 'Preskriptionskontroll', DISPUTED_CASE: 'Bestridd fordran' })[code] ?? 'Regel',
  template: (...keys) => keys.map((key) => (key === 'KFM_NOTICE' ? 'Underrättelse om ansökan hos Kronofogden' : undefined)).find(Boolean) ?? 'Meddelande',
  profile: (code) => ({ DROJSMALSRANTA: 'Dröjsmålsränta' })[code] ?? 'Ränteprofil',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

/** Every quoted `<entity>.<verb>` after `event:` (including both sides of a conditional) in the sources that write audit rows. */
function auditEventsWritten(): string[] {
  const files = [...sourceFiles(SRC), ...sourceFiles(join(REPO, 'cli/src')), ...sourceFiles(join(REPO, 'fixtures/src'))];
  const codes = new Set<string>();
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    if (!/append(User)?Audit\(/.test(source)) continue;
    for (const match of source.matchAll(/\bevent: ([^\n]+)/g)) {
      for (const code of match[1]!.matchAll(/'([a-z_]+\.[a-z_]+)'/g)) codes.add(code[1]!);
    }
  }
  return [...codes].sort();
}

describe('labels of the system log', () => {
  it('every audit event the services write has a Swedish label', () => {
    const written = auditEventsWritten();
    // The scan finds the writers (a broken scan would pass vacuously).
    expect(written.length).toBeGreaterThan(40);
    expect(written.filter((code) => !Object.hasOwn(AUDIT_EVENT_LABELS, code))).toEqual([]);
  });

  it('labels are Swedish words, not codes, and tell events apart', () => {
    const labels = Object.entries(AUDIT_EVENT_LABELS);
    for (const [code, label] of labels) {
      expect(label.trim().length, code).toBeGreaterThan(3);
      expect(label, code).not.toMatch(/[a-z]+[._][a-z]+/);
    }
    expect(new Set(labels.map(([, label]) => label)).size).toBe(labels.length);
    for (const [entity, label] of Object.entries(AUDIT_ENTITY_LABELS)) expect(label, entity).not.toContain('_');
  });

  it('an unknown event or entity reads as a Swedish word, never as its code', () => {
    expect(auditEventLabel('payments.imported')).toBe('Bankfil importerad');
    expect(auditEntityLabel('case_flags')).toBe('Regelflagga');
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z_]{2,12}\.[a-z_]{2,12}$/), (code) => {
        fc.pre(!Object.hasOwn(AUDIT_EVENT_LABELS, code));
        expect(auditEventLabel(code)).toBe('Annan händelse');
        expect(auditEntityLabel(code)).toBe('Annat objekt');
      }),
    );
  });

  it('describes rows with details from the payload, reasons included', () => {
    const describe = (event: string, entity: string | null, payload: Record<string, unknown>) => describeAuditEntry({ event, entity, payload }, NAMES);
    expect(describe('creditor.status_changed', 'creditors', { changed: { status: 'inactive' }, reason: 'Avslutat samarbete' })).toEqual({
      title: 'Kundens status ändrad',
      entity_label: 'Kund',
      detail: 'Inaktiv · Anledning: Avslutat samarbete',
    });
    expect(describe('case.flag_resolved', 'case_flags', { rule_code: 'DISPUTED_CASE', reason: 'Utredd' }).detail).toBe('Bestridd fordran · Anledning: Utredd');
    expect(describe('rule.deactivated', 'rules', { code: 'PRESCRIPTION', reason: 'Ersatt' }).detail).toBe('Preskriptionskontroll · Anledning: Ersatt');
    expect(describe('invitation.created', 'invitations', { email: 'anna@example.se', role: 'handler' }).detail).toBe('anna@example.se · Handläggare');
    expect(describe('member.role_changed', 'user_org_roles', { email: 'b@example.se', from: 'handler', to: 'finance' }).detail).toBe(
      'b@example.se · Handläggare → Ekonomi',
    );
    expect(describe('organisation.updated', 'organisations', { changed: { name: 'X', require_mfa: true } }).detail).toBe(
      'Ändrat: namn, krav på tvåstegsverifiering',
    );
    expect(describe('organisation.updated', 'organisations', { changed: {} }).detail).toBe('Inga ändringar');
    expect(describe('case.fee_added', 'case_fees', { code: 'COLLECTION_180', amount: '180.00' }).detail).toBe(`Inkassoavgift · 180,00${NBSP}kr`);
    expect(describe('payments.imported', null, { file_name: 'bgmax.txt', total_amount: '1500.00' })).toEqual({
      title: 'Bankfil importerad',
      entity_label: null,
      detail: `bgmax.txt · 1${NBSP}500,00${NBSP}kr`,
    });
    expect(
      describe('bank_statement.difference_resolved', 'bank_statements', { kind: 'bank_fee', line: 3, amount: '100.00', reason: 'Bankens avgift' }),
    ).toEqual({
      title: 'Avvikelse i kontoutdrag löst',
      entity_label: 'Kontoutdrag',
      detail: `Bokförd som bankavgift · rad 3 · 100,00${NBSP}kr · Anledning: Bankens avgift`,
    });
    expect(describe('payment.bank_linked', 'payments', { file_name: 'bgmax.txt', line: 7, reason: 'Registrerad för hand' }).detail).toBe(
      'bgmax.txt · rad 7 · Anledning: Registrerad för hand',
    );
    // A role the log does not know is left out rather than shown as stored.
    expect(describe('member.joined', 'user_org_roles', { role: 'auditor' }).detail).toBeNull();
  });

  it('every job type the worker runs has a Swedish name', () => {
    expect([...createJobHandlers().keys()].filter((type) => !Object.hasOwn(JOB_TYPE_LABELS, type))).toEqual([]);
  });
});

describe('labels of the case timeline', () => {
  it('every case event type has a Swedish title', () => {
    for (const type of CASE_EVENT_TYPES) {
      expect(CASE_EVENT_LABELS[type].length, type).toBeGreaterThan(3);
      expect(describeCaseEvent(type, {}, NAMES).title).not.toContain(type);
    }
  });

  it('describes a created case, a fee by its catalogue name and an interest calculation', () => {
    expect(describeCaseEvent('case_created', { reference_no: 'F-1001', principal: '7950.00', ocr_reference: '10018' }, NAMES)).toEqual({
      kind: 'created',
      title: 'Ärendet skapades',
      detail: `F-1001 · 7${NBSP}950,00${NBSP}kr · OCR 10018`,
    });
    expect(describeCaseEvent('fee_added', { code: 'COLLECTION_180', amount: '180.00' }, NAMES).detail).toBe(`Inkassoavgift · 180,00${NBSP}kr`);
    expect(describeCaseEvent('fee_added', { code: 'GONE_FEE' }, NAMES).detail).toBe('Avgift');
    expect(describeCaseEvent('interest_calculated', { days: 45, rate: '10.00', amount: '97.89', as_of: '2026-11-23' }, NAMES)).toEqual({
      kind: 'interest',
      title: 'Ränta beräknad',
      detail: `97,89${NBSP}kr · 45 dagar · 10,00${NBSP}% · till 2026-11-23`,
    });
    expect(describeCaseEvent('interest_calculated', { days: 1, rate: 8, amount: 1.74 }, NAMES).detail).toBe(`1,74${NBSP}kr · 1 dag · 8,00${NBSP}%`);
  });

  it('names statuses, stages and reason codes in Swedish (demo data writes codes such as dispute)', () => {
    expect(describeCaseEvent('status_changed', { from: 'active', to: 'closed', reason: 'Betald' }, NAMES)).toEqual({
      kind: 'status',
      title: 'Status ändrad från Aktiv till Stängd',
      detail: 'Betald',
    });
    expect(describeCaseEvent('status_changed', { from: 'active', to: 'on_hold', reason: 'dispute' }, NAMES).detail).toBe('Gäldenären har invänt mot fordran');
    expect(describeCaseEvent('status_changed', { from: 'active', to: 'closed', reason: 'withdrawn' }, NAMES).detail).toBe('Återkallad av borgenären');
    expect(describeCaseEvent('status_changed', { to: 'closed', close_reason: 'paid' }, NAMES).detail).toBe('Betald');
    expect(describeCaseEvent('stage_changed', { from: 'intake', to: 'demand' }, NAMES).title).toBe('Fas ändrad från Intag till Inkassokrav');
    expect(describeCaseEvent('stage_changed', { to: 'nowhere' }, NAMES).title).toBe('Fas ändrad');
  });

  it('names templates, rules and KFM application types instead of their codes', () => {
    expect(describeCaseEvent('COMMUNICATION_SENT', { channel: 'letter', template_code: 'KFM_NOTICE' }, NAMES)).toEqual({
      kind: 'communication',
      title: 'Meddelande skickat via brev',
      detail: 'Underrättelse om ansökan hos Kronofogden',
    });
    expect(describeCaseEvent('COMMUNICATION_SENT', { channel: 'sms', template_id: 'x-1' }, NAMES)).toMatchObject({
      title: 'Meddelande skickat via SMS',
      detail: 'Meddelande',
    });
    expect(describeCaseEvent('flag_resolved', { rule_code: 'PRESCRIPTION', message: 'Preskriberad', reason: 'Avbruten' }, NAMES)).toEqual({
      kind: 'flag',
      title: 'Flagga löst',
      detail: 'Preskriptionskontroll · Preskriberad · Anledning: Avbruten',
    });
    expect(describeCaseEvent('KFM_SUBMITTED', { application_type: 'payment_order', application_fee: '300.00' }, NAMES).detail).toBe(
      `Betalningsföreläggande · ansökningsavgift 300,00${NBSP}kr`,
    );
    expect(
      describeCaseEvent('PAYMENT_ALLOCATED', { method: 'bankgiro', amount: '2000.00', principal: '1754.66', interest: '65.34', fees: '180.00' }, NAMES).detail,
    ).toBe(`2${NBSP}000,00${NBSP}kr · kapital 1${NBSP}754,66${NBSP}kr, ränta 65,34${NBSP}kr, avgifter 180,00${NBSP}kr · via bankgiro`);
  });

  it('keeps the capital of names inside a sentence', () => {
    expect(describeCaseEvent('PAYMENT_ALLOCATED', { method: 'swish', amount: '10.00' }, NAMES).detail).toBe(`10,00${NBSP}kr · via Swish`);
    expect(describeCaseEvent('COMMUNICATION_SENT', { channel: 'kivra' }, NAMES).title).toBe('Meddelande skickat via Kivra');
  });

  it('never shows the code of an unknown event type, nor payload fields of the wrong type', () => {
    expect(describeCaseEvent('interest_calculated', { days: '45', rate: null, amount: 'mycket' }, NAMES).detail).toBeNull();
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z_]{4,20}$/), fc.dictionary(fc.string(), fc.jsonValue()), (type, payload) => {
        fc.pre(!(CASE_EVENT_TYPES as readonly string[]).includes(type));
        const description = describeCaseEvent(type, payload, NAMES);
        expect(description.title).not.toContain(type);
        expect(description.detail ?? '').not.toContain(type);
      }),
    );
  });
});
