import { DomainError } from '../errors';
import { formatOre, kronor, type Ore } from '../money';
import type { LawsuitTrack } from '../cases/lawsuit-status';

/**
 * Prisbasbelopp per year in kronor (socialförsäkringsbalken 2 kap. 7 §, fixed by the government
 * each year; SCB publishes them). The domain reference gives none, so these are the published
 * values; an organisation may add or override years (settings `lawsuits.prisbasbelopp`).
 */
export const PRISBASBELOPP_KR: Readonly<Record<number, number>> = {
  2019: 46_500,
  2020: 47_300,
  2021: 47_600,
  2022: 48_300,
  2023: 52_500,
  2024: 57_300,
  2025: 58_800,
  2026: 59_200,
};

/** Ansökningsavgift at the tingsrätt per track in öre (förordningen (1987:452) 3 §): 900 kr FT, 2 800 kr ORD. */
export const DEFAULT_COURT_FEES: Readonly<Record<LawsuitTrack, Ore>> = { FT: kronor(900), ORD: kronor(2_800) };

export interface TrackSuggestion {
  track: LawsuitTrack;
  /** The year whose prisbasbelopp was used (the latest known year not after the filing year). */
  year: number;
  prisbasbeloppOre: Ore;
  /** Half a prisbasbelopp: the highest value of a förenklat tvistemål. */
  limitOre: Ore;
  /** Why, in Swedish, for the create form. */
  reason: string;
}

/**
 * The prisbasbelopp for `year`: the table's value for that year, else the latest earlier year
 * (next year's amount is often not yet decided when a case is filed in early January).
 * @example prisbasbeloppFor(PRISBASBELOPP_KR, 2026) // { year: 2026, amountOre: 5920000 }
 */
export function prisbasbeloppFor(table: Readonly<Record<number, number>>, year: number): { year: number; amountOre: Ore } {
  const known = Object.keys(table)
    .map(Number)
    .filter((candidate) => Number.isInteger(candidate) && candidate <= year)
    .sort((a, b) => b - a);
  const found = known[0];
  if (found === undefined) throw new DomainError('VALIDATION_FAILED', `Prisbasbelopp saknas för ${year}`, { year });
  return { year: found, amountOre: kronor(table[found]!) };
}

/**
 * FT (förenklat tvistemål, rättegångsbalken 1 kap. 3 d §) when the value of the claim is at most
 * half a prisbasbelopp of the year, else ORD. The value is the capital claimed: interest and
 * costs do not count towards it.
 * @example suggestLawsuitTrack(kronor(12_000), 2026).track // 'FT' (limit 29 600 kr)
 */
export function suggestLawsuitTrack(valueOre: Ore, year: number, table: Readonly<Record<number, number>> = PRISBASBELOPP_KR): TrackSuggestion {
  const base = prisbasbeloppFor(table, year);
  // Half of a whole-kronor amount: an exact number of öre.
  const limitOre = (base.amountOre / 2) as Ore;
  const track: LawsuitTrack = valueOre <= limitOre ? 'FT' : 'ORD';
  const comparison = track === 'FT' ? 'är högst' : 'överstiger';
  const name = track === 'FT' ? 'förenklat tvistemål (FT)' : 'ordinärt mål (ORD)';
  return {
    track,
    year: base.year,
    prisbasbeloppOre: base.amountOre,
    limitOre,
    reason: `Fordrans värde ${formatOre(valueOre)} ${comparison} ett halvt prisbasbelopp för ${base.year} (${formatOre(limitOre)}): ${name}`,
  };
}

/**
 * The court fee of a track: the organisation's own amount when it has one, else the default.
 * @example courtFeeFor('ORD') // 280000
 */
export function courtFeeFor(track: LawsuitTrack, overrides: Partial<Record<LawsuitTrack, Ore>> = {}): Ore {
  return overrides[track] ?? DEFAULT_COURT_FEES[track];
}
