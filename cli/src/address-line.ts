/** A postal address on one line ('Ringvägen 5, 702 10 Örebro'), or null when it has no parts. */
export function addressLine(address: { street?: string | null; zip?: string | null; city?: string | null } | null): string | null {
  const { street, zip, city } = address ?? {};
  return [street, [zip, city].filter(Boolean).join(' ')].filter(Boolean).join(', ') || null;
}
