import type { CommChannel, CommTemplateCategory } from './comm-constants';

/*
 * Opt-out (spec part 2 §3, §7): a recipient who followed the unsubscribe link of an e-mail or
 * SMS gets no more messages on that channel. Letters that carry a legal step — the inkassokrav,
 * the notice before Kronofogden, a lawsuit — go out regardless: the law expects the debtor to
 * receive them, and an opt-out is a choice about channels, not about being told of a claim.
 */

/** Channels whose messages carry an unsubscribe link (a letter or Kivra message has none). */
export const UNSUBSCRIBE_LINK_CHANNELS: readonly CommChannel[] = ['email', 'sms'];

/** Categories of legal steps that a letter delivers even to a recipient who opted out. */
export const OPT_OUT_EXEMPT_LETTER_CATEGORIES: readonly CommTemplateCategory[] = ['demand', 'kfm', 'lawsuit'];

/** What the send dialog says about the exemption. */
export const OPT_OUT_LETTER_EXEMPTION_TEXT =
  'Inkassokrav, meddelanden inför Kronofogden och stämningar skickas alltid som brev, även till den som har avregistrerat sig.';

/**
 * Whether an opt-out from `channel` stops a message of `category` on it: always, except a letter
 * of a legal step.
 * @example optOutApplies('letter', 'demand') // false
 */
export function optOutApplies(channel: CommChannel, category: CommTemplateCategory): boolean {
  return !(channel === 'letter' && OPT_OUT_EXEMPT_LETTER_CATEGORIES.includes(category));
}

/**
 * The body as sent with its unsubscribe link: e-mail and SMS get the link on a line of its own
 * at the end (short on SMS, where every character counts); other channels are sent as written.
 * @example appendUnsubscribeLink('sms', 'Hej!', 'https://x.se/avregistrera/abc') // "Hej!\n\nAvregistrera: https://x.se/avregistrera/abc"
 */
export function appendUnsubscribeLink(channel: CommChannel, body: string, url: string): string {
  if (!UNSUBSCRIBE_LINK_CHANNELS.includes(channel)) return body;
  return `${body.trimEnd()}${unsubscribeSuffix(channel, url)}`;
}

function unsubscribeSuffix(channel: CommChannel, url: string): string {
  return channel === 'sms' ? `\n\nAvregistrera: ${url}` : `\n\nVill du inte längre få meddelanden via e-post? Avregistrera dig här: ${url}`;
}

/**
 * The body without the unsubscribe line `appendUnsubscribeLink` gave it (a message moved to
 * another channel gets that channel's line instead); a body without it is returned as it is.
 * @example removeUnsubscribeLink('sms', 'Hej!\n\nAvregistrera: https://x.se/avregistrera/abc', 'https://x.se/avregistrera/abc') // "Hej!"
 */
export function removeUnsubscribeLink(channel: CommChannel, body: string, url: string): string {
  const suffix = unsubscribeSuffix(channel, url);
  return UNSUBSCRIBE_LINK_CHANNELS.includes(channel) && body.endsWith(suffix) ? body.slice(0, -suffix.length) : body;
}
