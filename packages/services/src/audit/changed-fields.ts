/**
 * The part of `changes` that differs from `before`: what an update really writes and what its
 * audit row names. Values are compared as JSON, so equal objects (an address, a rule's condition)
 * are unchanged, and a missing or undefined column counts as null.
 * @example changedFields({ name: 'A', phone: null }, { name: 'A', phone: '070' }) // { phone: '070' }
 */
export function changedFields<Row extends object>(before: Row, changes: Partial<Row>): Partial<Row> {
  const same = (key: string, value: unknown) => JSON.stringify(before[key as keyof Row] ?? null) === JSON.stringify(value ?? null);
  return Object.fromEntries(Object.entries(changes).filter(([key, value]) => !same(key, value))) as Partial<Row>;
}
