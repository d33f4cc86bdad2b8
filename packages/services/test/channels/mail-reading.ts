/*
 * Reads a raw e-mail as a person's mail program would: unfolded headers with RFC 2047 encoded
 * words decoded, and a quoted-printable or base64 text body decoded as UTF-8. Enough for the one
 * single-part text/plain shape Fordran sends.
 */

export interface ReadMail {
  header(name: string): string | undefined;
  body: string;
}

function decodeQuotedPrintable(text: string, underscoreIsSpace: boolean): Buffer {
  const softBreaksGone = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < softBreaksGone.length; i += 1) {
    const character = softBreaksGone[i]!;
    if (character === '=' && /^[0-9A-F]{2}$/i.test(softBreaksGone.slice(i + 1, i + 3))) {
      bytes.push(parseInt(softBreaksGone.slice(i + 1, i + 3), 16));
      i += 2;
    } else if (underscoreIsSpace && character === '_') bytes.push(0x20);
    else bytes.push(...Buffer.from(character, 'utf8'));
  }
  return Buffer.from(bytes);
}

function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_match, _charset: string, encoding: string, text: string) =>
      (encoding.toUpperCase() === 'B' ? Buffer.from(text, 'base64') : decodeQuotedPrintable(text, true)).toString('utf8'),
    );
}

export function readMail(raw: string): ReadMail {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const rawBody = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const transfer = headers.get('content-transfer-encoding')?.toLowerCase();
  const body =
    transfer === 'quoted-printable'
      ? decodeQuotedPrintable(rawBody, false).toString('utf8')
      : transfer === 'base64'
        ? Buffer.from(rawBody.replace(/\s+/g, ''), 'base64').toString('utf8')
        : rawBody;
  return {
    header: (name) => {
      const value = headers.get(name.toLowerCase());
      return value === undefined ? undefined : decodeEncodedWords(value);
    },
    body: body.replace(/\r\n/g, '\n'),
  };
}
