import type { Ore } from './ore';

const NBSP = '\u00a0';
/** sv-SE writes negative numbers with a real minus sign (U+2212), as Intl does. */
const MINUS = '\u2212';

function splitOre(amountOre: Ore): { negative: boolean; whole: string; fraction: string } {
  const abs = Math.abs(amountOre);
  return {
    negative: amountOre < 0,
    whole: String(Math.floor(abs / 100)),
    fraction: String(abs % 100).padStart(2, '0'),
  };
}

/**
 * The JSON form of an amount: a decimal string with two decimals and a dot.
 * @example oreToDecimal(795000) // "7950.00"
 */
export function oreToDecimal(amountOre: Ore): string {
  const { negative, whole, fraction } = splitOre(amountOre);
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/**
 * Swedish display form, the app's one money formatter: thousands grouped with a no-break space,
 * decimal comma, a real minus sign, " kr". `readAmount` reads every such text back to the same öre.
 * @example formatOre(795000) // "7 950,00 kr" (with U+00A0 between 7 and 950)
 */
export function formatOre(amountOre: Ore, options: { currency?: 'kr' | 'SEK' | false } = {}): string {
  const { negative, whole, fraction } = splitOre(amountOre);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
  const currency = options.currency === undefined ? 'kr' : options.currency;
  return `${negative ? MINUS : ''}${grouped},${fraction}${currency ? `${NBSP}${currency}` : ''}`;
}
