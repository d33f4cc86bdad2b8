import type { CommChannel } from '@fordran/core';
import type { FileStorage } from '@fordran/store';
import type { ChannelClient, OutgoingMessage, SendOutcome } from '../channel';

/*
 * What the local stand-ins took in, per organisation and channel, so staff (and tests) see what
 * would have gone out: one JSON summary per message in FileStorage, keyed by the communication's
 * id (a retry after a crash writes the same file again, never a second entry), with the key of the
 * full message (.eml, letter PDF) where there is one.
 */

export interface SimulatedMessage {
  /** communications.id */
  id: string;
  channel: CommChannel;
  provider: string;
  to: string;
  from: string | null;
  subject: string | null;
  body: string;
  provider_message_id: string | null;
  /** FileStorage key of the whole message (outbox .eml, letter PDF), if stored. */
  file_key: string | null;
  recorded_at: string;
}

const folderOf = (orgId: string, channel: CommChannel) => `orgs/${orgId}/simulated/${channel}`;

async function recordSimulatedMessage(files: FileStorage, orgId: string, message: SimulatedMessage): Promise<void> {
  await files.put(`${folderOf(orgId, message.channel)}/${message.id}.json`, new TextEncoder().encode(JSON.stringify(message)), 'application/json');
}

/** The latest `limit` simulated messages of a channel, newest first (ids are UUIDv7: time order). */
export async function listSimulatedMessages(files: FileStorage, orgId: string, channel: CommChannel, limit: number): Promise<SimulatedMessage[]> {
  const listed = await files.list(folderOf(orgId, channel));
  const latest = listed
    .filter((file) => file.key.endsWith('.json'))
    .sort((a, b) => (a.key < b.key ? 1 : a.key > b.key ? -1 : 0))
    .slice(0, limit);
  const read = await Promise.all(latest.map((file) => files.get(file.key)));
  return read.flatMap((file) => (file ? [JSON.parse(new TextDecoder().decode(file.bytes)) as SimulatedMessage] : []));
}

/** The simulated message with this id (any channel), if recorded. */
export async function findSimulatedMessage(files: FileStorage, orgId: string, channel: CommChannel, id: string): Promise<SimulatedMessage | null> {
  const file = await files.get(`${folderOf(orgId, channel)}/${id}.json`);
  return file ? (JSON.parse(new TextDecoder().decode(file.bytes)) as SimulatedMessage) : null;
}

export interface RecordingOptions {
  files: FileStorage;
  now: () => string;
  from: string | null;
  /** The stored whole message, when the client keeps one. */
  fileKey?: (message: OutgoingMessage, outcome: Extract<SendOutcome, { kind: 'accepted' }>) => string | null;
}

/**
 * A stand-in client that records each message it accepted (simulated: true). The client itself is
 * the real provider client pointed at the local simulator, or a local store (outbox, letters).
 */
export function recordingClient(client: ChannelClient, options: RecordingOptions): ChannelClient {
  return {
    channel: client.channel,
    provider: client.provider,
    simulated: true,
    async send(message, signal) {
      const outcome = await client.send(message, signal);
      if (outcome.kind === 'accepted') {
        await recordSimulatedMessage(options.files, message.org_id, {
          id: message.id,
          channel: message.channel,
          provider: client.provider,
          to: message.recipient,
          from: options.from,
          subject: message.subject,
          body: message.body,
          provider_message_id: outcome.provider_message_id,
          file_key: outcome.rendered_pdf_key ?? options.fileKey?.(message, outcome) ?? null,
          recorded_at: options.now(),
        });
      }
      return outcome;
    },
  };
}
