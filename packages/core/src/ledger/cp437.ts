/**
 * Code page 437 ("PC8"), the character set SIE files are written in (`#FORMAT PC8`). Bytes
 * 0x00–0x7F are ASCII; 0x80–0xFF are the characters below, in byte order.
 */
const CP437_HIGH = 'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0';

const BYTE_OF = new Map<string, number>([...CP437_HIGH].map((char, index) => [char, 0x80 + index]));

// Typographic characters people paste into names have no place in CP437; their plain look-alikes
// keep the text readable (an en dash in 'Kundfordringar – kapital' must not become '?').
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2015': '-',
  '\u2212': '-',
  '\u2018': "'",
  '\u2019': "'",
  '\u201a': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u2026': '...',
  '\u202f': ' ',
  '\u2009': ' ',
};

/** The replacement for a character CP437 cannot hold. */
export const CP437_REPLACEMENT = '?';

/**
 * Encodes text as CP437 bytes. Åäö, é, ü and the other Western letters of the code page map
 * exactly; dashes and curly quotes become their ASCII look-alikes; anything else becomes '?'.
 * @example encodeCp437('Ränteintäkter') // Uint8Array [0x52, 0x84, 0x6e, …]
 */
export function encodeCp437(text: string): Uint8Array {
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    const byte = code < 0x80 ? code : BYTE_OF.get(char);
    if (byte !== undefined) bytes.push(byte);
    else for (const ascii of LOOK_ALIKES[char] ?? CP437_REPLACEMENT) bytes.push(ascii.charCodeAt(0));
  }
  return Uint8Array.from(bytes);
}

/**
 * Decodes CP437 bytes (tests, and reading SIE files back).
 * @example decodeCp437(encodeCp437('Åsa Öberg')) // 'Åsa Öberg'
 */
export function decodeCp437(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += byte < 0x80 ? String.fromCharCode(byte) : CP437_HIGH[byte - 0x80];
  return text;
}
