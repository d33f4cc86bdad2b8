import { DomainError } from '../errors';

/**
 * An amount of Swedish money in öre (1 kr = 100 öre). Integer, always. The brand keeps a plain
 * number (which may be a float from somewhere) from passing as money without a check.
 */
export type Ore = number & { readonly __brand: 'Ore' };

/** Largest magnitude we accept: 10 000 000 000 000 kr, far inside Number.MAX_SAFE_INTEGER. */
export const MAX_ABS_ORE = 1_000_000_000_000_000;

/**
 * Checks that `value` is a whole number of öre within bounds and returns it as `Ore`.
 * @example ore(795000) // 7 950,00 kr
 */
export function ore(value: number): Ore {
  if (!Number.isSafeInteger(value)) {
    throw new DomainError('INVALID_AMOUNT', 'Belopp måste vara ett heltal öre', { value });
  }
  if (Math.abs(value) > MAX_ABS_ORE) throw new DomainError('AMOUNT_OUT_OF_RANGE', undefined, { value });
  return value as Ore;
}

export const ZERO_ORE = 0 as Ore;

export function isOre(value: unknown): value is Ore {
  return typeof value === 'number' && Number.isSafeInteger(value) && Math.abs(value) <= MAX_ABS_ORE;
}

export function addOre(a: Ore, b: Ore): Ore {
  return ore(a + b);
}

export function subOre(a: Ore, b: Ore): Ore {
  return ore(a - b);
}

export function sumOre(values: Iterable<Ore>): Ore {
  let total = 0;
  for (const value of values) total += value;
  return ore(total);
}

export function negOre(a: Ore): Ore {
  return ore(-a);
}

export function minOre(a: Ore, b: Ore): Ore {
  return a <= b ? a : b;
}

export function maxOre(a: Ore, b: Ore): Ore {
  return a >= b ? a : b;
}

/** Whole kronor to öre, e.g. fee amounts written in law as "180 kr". */
export function kronor(value: number): Ore {
  if (!Number.isSafeInteger(value)) throw new DomainError('INVALID_AMOUNT', undefined, { value });
  return ore(value * 100);
}
