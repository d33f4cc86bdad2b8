/*
 * SMS length (3GPP TS 23.038 / 23.040). A message in the GSM 7-bit default alphabet carries
 * 160 septets in one SMS, or 153 per part once split (the rest is the concatenation header);
 * characters of the extension table cost two septets (escape + char) and are never split across
 * parts. Any other character forces UCS-2: 70 UTF-16 units in one SMS, 67 per part, a surrogate
 * pair (emoji) never split.
 */

const GSM7_BASIC = '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENSION = '\f^{}\\[~]|€';

const GSM7_BASIC_SET = new Set(Array.from(GSM7_BASIC));
const GSM7_EXTENSION_SET = new Set(Array.from(GSM7_EXTENSION));

/** Limits per encoding: characters in a single SMS and per part of a split one. */
export const SMS_LIMITS = {
  gsm7: { single: 160, part: 153 },
  ucs2: { single: 70, part: 67 },
} as const;

export type SmsEncoding = keyof typeof SMS_LIMITS;

/**
 * Whether every character is in the GSM 7-bit alphabet (basic or extension table): å, ä, ö,
 * é and € are; ç (lower case), emoji and most other letters are not.
 * @example isGsm7Text('Hej Åsa, 100 € kvar') // true
 */
export function isGsm7Text(text: string): boolean {
  return Array.from(text).every((character) => GSM7_BASIC_SET.has(character) || GSM7_EXTENSION_SET.has(character));
}

/**
 * The encoding an SMS with this text goes out in.
 * @example smsEncoding('Hej 😀') // "ucs2"
 */
export function smsEncoding(text: string): SmsEncoding {
  return isGsm7Text(text) ? 'gsm7' : 'ucs2';
}

/** Cost of each character in the encoding's units (septets or UTF-16 code units). */
function characterCosts(text: string, encoding: SmsEncoding): number[] {
  return Array.from(text).map((character) => (encoding === 'gsm7' ? (GSM7_EXTENSION_SET.has(character) ? 2 : 1) : character.length));
}

/**
 * How many SMS a text is sent as: GSM 7-bit 160 in one, 153 per part (extension characters
 * count double); otherwise UCS-2 70 in one, 67 per part. An empty text is 0 SMS.
 * @example smsSegmentCount('a'.repeat(161)) // 2
 */
export function smsSegmentCount(text: string): number {
  if (text === '') return 0;
  const encoding = smsEncoding(text);
  const costs = characterCosts(text, encoding);
  const total = costs.reduce((sum, cost) => sum + cost, 0);
  const limits = SMS_LIMITS[encoding];
  if (total <= limits.single) return 1;
  // Fill parts greedily without splitting a two-unit character between parts.
  let parts = 1;
  let used = 0;
  for (const cost of costs) {
    if (used + cost > limits.part) {
      parts += 1;
      used = 0;
    }
    used += cost;
  }
  return parts;
}
