// Interest margins are basis points on the API (800 = 8 procentenheter); people type percentage
// points. Converted by string arithmetic, so a float never holds a rate.

const PERCENT_POINTS = /^([-\u2212])?(\d{1,3})(?:[.,](\d{1,2}))?$/;

/** "8" → 800, "7,5" → 750, "-1" → -100; null for anything else (more than two decimals, text). */
export function percentPointsToBasisPoints(text: string): number | null {
  const match = PERCENT_POINTS.exec(text.trim());
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  const magnitude = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return sign && magnitude !== 0 ? -magnitude : magnitude;
}

/** 800 → "8", 750 → "7,5", 825 → "8,25", -100 → "-1": the form's text for a stored margin. */
export function basisPointsToPercentPoints(basisPoints: number): string {
  const magnitude = Math.abs(basisPoints);
  const fraction = String(magnitude % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${basisPoints < 0 ? '-' : ''}${Math.floor(magnitude / 100)}${fraction ? `,${fraction}` : ''}`;
}
