import { DomainError, type CommChannel } from '@fordran/core';
import { requireScopePermission, type OrgScope } from '../../../access/operator';
import type { SimulatedMessagesResponse } from '../../../schemas/channels';
import { findSimulatedMessage, listSimulatedMessages } from '../simulator/simulated-messages';

/** How many of a channel's latest simulated messages the settings page lists. */
const SIMULATED_MESSAGES_SHOWN = 50;

/** What a channel's local stand-in took in lately (outbox e-mail, simulated SMS, Kivra, letters), newest first. */
export async function listSimulatedChannelMessages(ctx: OrgScope, channel: CommChannel): Promise<SimulatedMessagesResponse> {
  requireScopePermission(ctx, 'channels.settings');
  const messages = await listSimulatedMessages(ctx.app.files, ctx.membership.org_id, channel, SIMULATED_MESSAGES_SHOWN);
  return { items: messages.map(({ file_key, ...message }) => ({ ...message, has_file: file_key !== null })) };
}

/** The whole simulated message: the outbox's .eml or the letter's PDF. */
export async function readSimulatedMessageFile(
  ctx: OrgScope,
  channel: CommChannel,
  id: string,
): Promise<{ bytes: Uint8Array; contentType: string; filename: string }> {
  requireScopePermission(ctx, 'channels.settings');
  const orgId = ctx.membership.org_id;
  const message = await findSimulatedMessage(ctx.app.files, orgId, channel, id);
  // The key comes from the organisation's own record, and is checked to be the organisation's.
  const file = message?.file_key?.startsWith(`orgs/${orgId}/`) ? await ctx.app.files.get(message.file_key) : null;
  if (!file) throw new DomainError('NOT_FOUND', 'Meddelandet finns inte');
  const extension = file.contentType === 'application/pdf' ? 'pdf' : 'eml';
  return { bytes: file.bytes, contentType: file.contentType, filename: `${id}.${extension}` };
}
