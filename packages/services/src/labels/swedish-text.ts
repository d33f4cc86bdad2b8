import { decimalToOre, formatOre } from '@fordran/core';

/*
 * Reading open JSON payloads (case events, audit rows) into Swedish text: every field is checked
 * for its type and left out when it is missing or malformed, so an odd payload shortens a line
 * instead of breaking it.
 */

export type Payload = Record<string, unknown>;

export function text(payload: Payload, key: string): string | null {
  const value = payload[key];
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

export function count(payload: Payload, key: string): number | null {
  const value = payload[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/**
 * A payload's decimal as text: a string as written, a number (older writers) as its own digits, never
 * rounded through a float (text with more decimals than allowed is refused by the caller's pattern).
 */
function decimalText(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' ? value.trim() : null;
}

/** "7 950,00 kr" from a decimal string ("7950.00") or, from older writers, a number of kronor. */
export function amount(payload: Payload, key: string): string | null {
  const decimal = decimalText(payload[key]);
  if (decimal === null || !/^-?\d+(\.\d{1,2})?$/.test(decimal)) return null;
  return formatOre(decimalToOre(decimal));
}

/** A yearly rate in percent ("10.00" or 8) as "10,00 %". */
export function rate(payload: Payload, key: string): string | null {
  const decimal = decimalText(payload[key]);
  if (decimal === null || !/^\d+(\.\d+)?$/.test(decimal)) return null;
  const [whole, fraction = ''] = decimal.split('.');
  return `${whole},${fraction.padEnd(2, '0')}\u00a0%`;
}

/** "1 dag", "45 dagar", "1 200 dagar". */
export function days(value: number): string {
  return value === 1 ? '1 dag' : `${String(value).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')} dagar`;
}

/** The label of `value` in `labels`, or null when it is not one of them (never the raw value). */
export function labelOf<T extends Readonly<Record<string, string>>>(labels: T, value: string | null): string | null {
  return value !== null && Object.hasOwn(labels, value) ? labels[value as keyof T]! : null;
}

/** The parts that are there, joined with " · "; null when none is. */
export function joined(parts: readonly (string | null)[]): string | null {
  const present = parts.filter((part): part is string => Boolean(part));
  return present.length > 0 ? present.join(' · ') : null;
}

/** Names that keep their capital inside a sentence ('via Swish', 'via SMS'). */
const PROPER_NAMES = new Set(['Swish', 'Kivra', 'SMS']);

/** A label as it reads inside a sentence: 'Brev' → 'brev', but 'Swish' stays. */
export function midSentence(label: string): string {
  return PROPER_NAMES.has(label) ? label : label.charAt(0).toLowerCase() + label.slice(1);
}
