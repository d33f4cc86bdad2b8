// The values a form sends, from the text as typed: trimmed, empty optional fields as null, and
// only what changed on an edit.

/** The text trimmed, or null when nothing is left (a cleared optional field). */
export function trimmedOrNull(text: string): string | null {
  return text.trim() || null;
}

/** The parts of a JSON field (a contact, an address) that hold text, trimmed. */
export function trimmedParts<K extends string>(parts: Record<K, string>): Partial<Record<K, string>> {
  const kept: Partial<Record<K, string>> = {};
  for (const [key, text] of Object.entries(parts) as [K, string][]) {
    if (text.trim()) kept[key] = text.trim();
  }
  return kept;
}

/**
 * Whether any of the text fields named changed from the saved values (`before`): typed
 * spaces around a value do not count.
 * @example changedText({ name: 'A' }, { name: ' A ' })('name') // false
 */
export function changedText<V extends object>(before: V, after: V): (...fields: { [K in keyof V]: V[K] extends string ? K : never }[keyof V][]) => boolean {
  return (...fields) => fields.some((field) => (after[field] as string).trim() !== before[field]);
}
