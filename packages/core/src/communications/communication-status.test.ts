import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { stateMachineReachableStates, stateMachineTerminalStates } from '../cases';
import {
  assertCommunicationTransition,
  canCancelCommunication,
  canCommunicationTransition,
  canResendCommunication,
  cancelCommunication,
  changeCommunicationChannel,
  COMM_CHANNEL_ALTERNATIVES,
  COMM_CHANNELS,
  communicationActions,
  communicationRecipient,
  communicationStatusLabel,
  COMMUNICATION_STATUS_MACHINE,
  COMMUNICATION_STATUSES,
  resendCommunication,
  type CommContact,
} from '.';

const statusArb = fc.constantFrom(...COMMUNICATION_STATUSES);

function codeOf(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  return 'NO_ERROR';
}

describe('communication status', () => {
  it.each([
    ['pending', 'Köad'],
    ['queued', 'Köad'],
    ['sent', 'Levererad'],
    ['delivered', 'Levererad'],
    ['opened', 'Öppnad'],
    ['failed', 'Misslyckad'],
    ['bounced', 'Misslyckad'],
    ['throttled', 'Begränsad'],
    ['cancelled', 'Avbruten'],
    ['unknown_status', 'unknown_status'],
  ])('shows %s as %s', (status, label) => {
    expect(communicationStatusLabel(status)).toBe(label);
  });

  it('starts pending; every status is reachable; opened and cancelled are final', () => {
    expect(COMMUNICATION_STATUS_MACHINE.initial).toBe('pending');
    expect(new Set(stateMachineReachableStates(COMMUNICATION_STATUS_MACHINE))).toEqual(new Set(COMMUNICATION_STATUSES));
    expect(stateMachineTerminalStates(COMMUNICATION_STATUS_MACHINE)).toEqual(['opened', 'cancelled']);
  });

  it.each([
    ['pending', 'queued', true],
    ['queued', 'sent', true],
    ['sent', 'delivered', true],
    ['delivered', 'opened', true],
    ['failed', 'pending', true],
    ['opened', 'pending', false],
    ['delivered', 'cancelled', false],
    ['throttled', 'cancelled', true],
    ['sent', 'cancelled', false],
    ['cancelled', 'pending', false],
  ] as const)('%s → %s allowed: %s', (from, to, allowed) => {
    expect(canCommunicationTransition(from, to)).toBe(allowed);
    expect(codeOf(() => assertCommunicationTransition(from, to))).toBe(allowed ? 'NO_ERROR' : 'INVALID_COMMUNICATION_TRANSITION');
  });

  it('cancelling sets the communication and its delivery to cancelled', () => {
    expect(cancelCommunication('pending')).toEqual({ status: 'cancelled', delivery_status: 'cancelled' });
    expect(codeOf(() => cancelCommunication('sent'))).toBe('INVALID_COMMUNICATION_TRANSITION');
  });

  it('cancel is allowed exactly from pending, queued and throttled (waiting in our queue)', () => {
    fc.assert(
      fc.property(statusArb, (status) => {
        const allowed = status === 'pending' || status === 'queued' || status === 'throttled';
        return (
          canCancelCommunication(status) === allowed &&
          canCommunicationTransition(status, 'cancelled') === allowed &&
          (codeOf(() => cancelCommunication(status)) === 'NO_ERROR') === allowed
        );
      }),
    );
  });

  it('resend and change of channel are offered exactly for failed and bounced', () => {
    fc.assert(
      fc.property(statusArb, (status) => {
        const allowed = status === 'failed' || status === 'bounced';
        const actions = communicationActions(status);
        return (
          canResendCommunication(status) === allowed &&
          actions.can_resend === allowed &&
          actions.can_change_channel === allowed &&
          (codeOf(() => resendCommunication(status)) === 'NO_ERROR') === allowed &&
          (!allowed || canCommunicationTransition(status, 'pending'))
        );
      }),
    );
  });
});

describe('channels and contacts', () => {
  const contact: CommContact = {
    email: 'sven@example.se',
    phone: '070-123 45 67',
    address: { street: 'Lillgatan 2 B', zip: '123 45', city: 'Farsta' },
    national_id: '19811218-9876',
  };

  it.each([
    ['email', 'sven@example.se'],
    ['sms', '070-123 45 67'],
    ['letter', 'Lillgatan 2 B, 123 45 Farsta'],
    ['kivra', '19811218-9876'],
  ] as const)('sends %s to %s', (channel, recipient) => {
    expect(communicationRecipient(channel, contact)).toBe(recipient);
  });

  it.each([
    ['email', { phone: '070' }, 'Ingen e-postadress/telefonnummer finns för gäldenären'],
    ['sms', { email: 'a@b.se', phone: '  ' }, 'Ingen e-postadress/telefonnummer finns för gäldenären'],
    ['letter', { address: { street: 'Gatan 1', zip: null, city: 'Ort' } }, 'Ingen postadress finns för gäldenären'],
    ['kivra', {}, 'Inget personnummer eller organisationsnummer finns för gäldenären'],
  ] as const)('refuses %s without the matching contact', (channel, partial, message) => {
    expect(() => communicationRecipient(channel, partial)).toThrow(expect.objectContaining({ code: 'NO_CONTACT_FOR_CHANNEL', message }));
  });

  it('Byt kanal turns kivra into letter', () => {
    expect(changeCommunicationChannel({ status: 'failed', channel: 'kivra', contact })).toEqual({
      channel: 'letter',
      recipient: 'Lillgatan 2 B, 123 45 Farsta',
      status: 'pending',
      delivery_status: 'pending',
    });
  });

  it.each([
    ['e-mail to sms by default', { status: 'bounced', channel: 'email', contact }, 'sms'],
    ['sms to e-mail by default', { status: 'failed', channel: 'sms', contact }, 'email'],
    ['e-mail to letter on request', { status: 'failed', channel: 'email', to: 'letter', contact }, 'letter'],
  ] as const)('Byt kanal moves %s', (_label, input, expected) => {
    expect(changeCommunicationChannel(input).channel).toBe(expected);
  });

  it.each([
    ['a message that did not fail', { status: 'sent', channel: 'kivra', contact }, 'INVALID_COMMUNICATION_TRANSITION'],
    ['to Kivra', { status: 'failed', channel: 'letter', to: 'kivra', contact }, 'VALIDATION_FAILED'],
    ['to the same channel', { status: 'failed', channel: 'sms', to: 'sms', contact }, 'VALIDATION_FAILED'],
    ['a letter with no channel named', { status: 'failed', channel: 'letter', contact }, 'VALIDATION_FAILED'],
    ['to sms without a phone', { status: 'failed', channel: 'email', contact: { email: 'a@b.se' } }, 'NO_CONTACT_FOR_CHANNEL'],
  ] as const)('Byt kanal refuses %s', (_label, input, code) => {
    expect(codeOf(() => changeCommunicationChannel(input))).toBe(code);
  });

  it('a changed channel is always a listed alternative with a recipient', () => {
    fc.assert(
      fc.property(fc.constantFrom(...COMM_CHANNELS), fc.constantFrom(...COMM_CHANNELS), (channel, to) => {
        const allowed = COMM_CHANNEL_ALTERNATIVES[channel].includes(to);
        const code = codeOf(() => changeCommunicationChannel({ status: 'failed', channel, to, contact }));
        return allowed ? code === 'NO_ERROR' : code === 'VALIDATION_FAILED';
      }),
    );
  });
});
