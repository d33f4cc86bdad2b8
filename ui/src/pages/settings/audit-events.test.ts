import { describe, expect, it } from 'vitest';
import { describeAuditEvent, entityLabel } from './audit-events';

describe('system log descriptions', () => {
  it('describes known events in Swedish', () => {
    expect(describeAuditEvent({ event: 'case.created', payload: {} })).toEqual({ title: 'Ärende skapat', isKnown: true, detail: null });
    expect(describeAuditEvent({ event: 'mfa.factor_enrolled', payload: {} }).title).toBe('Tvåstegsverifiering påbörjad');
  });

  it('shows an unknown event raw', () => {
    expect(describeAuditEvent({ event: 'payment.teleported', payload: { x: 1 } })).toEqual({ title: 'payment.teleported', isKnown: false, detail: null });
  });

  it('adds details from the payload', () => {
    expect(describeAuditEvent({ event: 'invitation.created', payload: { email: 'anna@example.se', role: 'handler' } }).detail).toBe(
      'anna@example.se · Handläggare',
    );
    expect(describeAuditEvent({ event: 'member.role_changed', payload: { email: 'b@example.se', from: 'handler', to: 'finance' } }).detail).toBe(
      'b@example.se: Handläggare → Ekonomi',
    );
    expect(describeAuditEvent({ event: 'organisation.updated', payload: { changed: { name: 'X', require_mfa: true } } }).detail).toBe(
      'Ändrat: namn, krav på tvåstegsverifiering',
    );
    expect(describeAuditEvent({ event: 'organisation.updated', payload: { changed: {} } }).detail).toBe('Inga ändringar');
    // A role the UI does not know is shown as stored.
    expect(describeAuditEvent({ event: 'member.joined', payload: { role: 'auditor' } }).detail).toBe('auditor');
    expect(describeAuditEvent({ event: 'payment.held_resolved', payload: { decision: 'duplicate', reason: 'Samma som i aviseringen' } })).toEqual({
      title: 'Möjlig dubblett granskad',
      isKnown: true,
      detail: 'Samma betalning: Samma som i aviseringen',
    });
    expect(describeAuditEvent({ event: 'payment.held_resolved', payload: { decision: 'book', reason: 'Två olika' } }).detail).toBe(
      'Bokförd som ny betalning: Två olika',
    );
    expect(describeAuditEvent({ event: 'bank_statement.difference_resolved', payload: { kind: 'bank_fee', line: 3, reason: 'Bankens avgift' } })).toEqual({
      title: 'Avvikelse i bankutdrag löst',
      isKnown: true,
      detail: 'Rad 3: Bankens avgift',
    });
    expect(describeAuditEvent({ event: 'payment.bank_linked', payload: { file_name: 'bgmax.txt', line: 7, reason: 'Registrerad för hand' } }).detail).toBe(
      'bgmax.txt · rad 7 · Registrerad för hand',
    );
  });

  it('names entities in Swedish, unknown ones raw', () => {
    expect(entityLabel('user_org_roles')).toBe('Medlemskap');
    expect(entityLabel('kfm_cases')).toBe('kfm_cases');
    expect(entityLabel(null)).toBeNull();
  });
});
