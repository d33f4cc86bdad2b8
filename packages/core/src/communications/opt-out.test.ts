import { describe, expect, it } from 'vitest';
import { COMM_CHANNELS, COMM_TEMPLATE_CATEGORIES } from './comm-constants';
import { appendUnsubscribeLink, optOutApplies, removeUnsubscribeLink } from './opt-out';

describe('opt-out', () => {
  it('stops every message on the channel except a letter of a legal step', () => {
    const exempt = COMM_CHANNELS.flatMap((channel) =>
      COMM_TEMPLATE_CATEGORIES.filter((category) => !optOutApplies(channel, category)).map((c) => `${channel}:${c}`),
    );
    expect(exempt).toEqual(['letter:demand', 'letter:kfm', 'letter:lawsuit']);
  });

  it('appends the link to e-mail and SMS only', () => {
    const url = 'https://fordran.example/avregistrera/abc';
    expect(appendUnsubscribeLink('sms', 'Hej!\n', url)).toBe(`Hej!\n\nAvregistrera: ${url}`);
    expect(appendUnsubscribeLink('email', 'Hej!', url)).toBe(`Hej!\n\nVill du inte längre få meddelanden via e-post? Avregistrera dig här: ${url}`);
    expect(appendUnsubscribeLink('letter', 'Hej!', url)).toBe('Hej!');
    expect(appendUnsubscribeLink('kivra', 'Hej!', url)).toBe('Hej!');
  });

  it('removes exactly the line it appended', () => {
    const url = 'https://fordran.example/avregistrera/abc';
    for (const channel of COMM_CHANNELS) {
      expect(removeUnsubscribeLink(channel, appendUnsubscribeLink(channel, 'Hej!\nBetala.', url), url)).toBe('Hej!\nBetala.');
    }
    expect(removeUnsubscribeLink('email', appendUnsubscribeLink('sms', 'Hej!', url), url)).toBe(`Hej!\n\nAvregistrera: ${url}`);
  });
});
