import type { CommChannel } from '@fordran/core';
import type { ChannelClient, ChannelDirectory, OutgoingMessage, SendOutcome } from '../communications/channels/channel';

/** How the stand-in provider answers one call (default: accepted, sent). */
export type RecordingAnswer = (message: OutgoingMessage, call: number) => SendOutcome | Promise<SendOutcome>;

/** A channel directory for tests: every channel's client records what it is given and answers as told. */
export interface RecordingChannels {
  directory: ChannelDirectory;
  /** Every send call in order, retries with the same id included. */
  calls: OutgoingMessage[];
  /**
   * What reached the debtor, as a provider that honours the idempotency key keeps it: one message
   * per id, each accepted call counted once.
   */
  delivered(): OutgoingMessage[];
  /** Changes how later calls are answered. */
  answerWith(answer: RecordingAnswer): void;
}

const accepted: RecordingAnswer = (message) => ({ kind: 'accepted', provider: 'test', provider_message_id: `test-${message.id}`, status: 'sent' });

/** A recording ChannelDirectory (openTestApp / createTestApi `providers: { channels }`). */
export function createRecordingChannels(answer: RecordingAnswer = accepted): RecordingChannels {
  let current = answer;
  const calls: OutgoingMessage[] = [];
  const acceptedIds = new Map<string, OutgoingMessage>();
  const clientOf = (channel: CommChannel): ChannelClient => ({
    channel,
    provider: 'test',
    simulated: true,
    async send(message) {
      calls.push(message);
      const outcome = await current(message, calls.length);
      if (outcome.kind === 'accepted' && !acceptedIds.has(message.id)) acceptedIds.set(message.id, message);
      return outcome;
    },
  });
  return {
    directory: { clientFor: (_app, _orgId, channel) => Promise.resolve(clientOf(channel)) },
    calls,
    delivered: () => [...acceptedIds.values()],
    answerWith(next) {
      current = next;
    },
  };
}
