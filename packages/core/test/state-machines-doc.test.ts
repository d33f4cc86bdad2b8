import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { STATE_MACHINES } from '../src/cases';

// docs/state-machines.md is the readable form of the tables in src/cases; this keeps them equal.
const page = readFileSync(new URL('../../../docs/state-machines.md', import.meta.url), 'utf8');

/** The `From | Allowed to` table after the `<!-- machine: key -->` marker, as state → targets. */
function documentedTable(key: string): Map<string, { label: string; targets: string[] }> {
  const start = page.indexOf(`<!-- machine: ${key} -->`);
  if (start < 0) throw new Error(`no table for ${key}`);
  const lines = page.slice(start).split('\n').slice(3);
  const end = lines.findIndex((line) => !line.startsWith('|'));
  const rows = end < 0 ? lines : lines.slice(0, end);
  const table = new Map<string, { label: string; targets: string[] }>();
  for (const row of rows) {
    const [from = '', to = ''] = row
      .split('|')
      .slice(1, 3)
      .map((cell) => cell.trim());
    const state = /^`([^`]+)` (.+)$/.exec(from);
    if (!state) throw new Error(`bad row ${row}`);
    const targets = to === '—' ? [] : [...to.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
    table.set(state[1]!, { label: state[2]!, targets });
  }
  return table;
}

describe('docs/state-machines.md', () => {
  it.each(STATE_MACHINES.map((machine) => [machine.key, machine] as const))('documents the %s table exactly', (key, machine) => {
    const table = documentedTable(key);
    expect([...table.keys()]).toEqual([...machine.states]);
    for (const state of machine.states) {
      expect(table.get(state)?.label).toBe(machine.labels[state]);
      expect(table.get(state)?.targets).toEqual([...machine.transitions[state]]);
    }
  });
});
