// Money between the API's decimal strings ("2000.50"), the text of a money field ("2 000,50") and
// öre, by core's one parser and formatter (@fordran/core/money): the browser reads what a person
// types exactly as the server does, and never through a float.
import { formatOre, oreToDecimal, readAmount, type Ore } from '@fordran/core/money';

/** Öre of an amount the API sent ("2000.50", "-12.50"); null for text that is not one. */
export function oreOfDecimal(decimal: string): Ore | null {
  const reading = readAmount(decimal, { allowNegative: true });
  return reading.ok ? reading.ore : null;
}

export type MoneyFieldReading = { ok: true; ore: Ore; decimal: string } | { ok: false; message: string };

/**
 * What the text of a money field is worth. Every amount a person enters in the app is above zero,
 * so 0 is refused ('Belopp måste vara större än 0') as are empty text and anything ambiguous.
 * @example readMoneyField('2 000,5') // { ok: true, ore: 200050, decimal: '2000.50' }
 */
export function readMoneyField(text: string): MoneyFieldReading {
  const reading = readAmount(text, { positive: true });
  return reading.ok ? { ok: true, ore: reading.ore, decimal: oreToDecimal(reading.ore) } : { ok: false, message: reading.message };
}

/**
 * The text a money field shows for an amount: sv-SE without the currency, which the label names.
 * @example moneyFieldText(200050) // '2 000,50' (U+00A0 between the thousands)
 */
export function moneyFieldText(amountOre: Ore): string {
  return formatOre(amountOre, { currency: false });
}
