import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { kronor, ore, type Ore } from '../money';
import { assertStateMachineTransition, canStateMachineTransition, stateMachineReachableStates } from '../cases/state-machine';
import { LAWSUIT_OPEN_STATUSES, LAWSUIT_STATUS_LABELS, LAWSUIT_STATUS_MACHINE, LAWSUIT_STATUSES, type LawsuitStatus } from '../cases/lawsuit-status';
import { PRISBASBELOPP_KR, suggestLawsuitTrack } from './lawsuit-track';

const statusArb = fc.constantFrom(...LAWSUIT_STATUSES);

/** Applies each requested move through the machine's guard, as the service does; refused moves leave the status. */
function walk(requests: readonly LawsuitStatus[]): { path: LawsuitStatus[]; refusals: { from: LawsuitStatus; to: LawsuitStatus; message: string }[] } {
  const path: LawsuitStatus[] = [LAWSUIT_STATUS_MACHINE.initial];
  const refusals: { from: LawsuitStatus; to: LawsuitStatus; message: string }[] = [];
  for (const to of requests) {
    const from = path[path.length - 1]!;
    try {
      assertStateMachineTransition(LAWSUIT_STATUS_MACHINE, from, to);
      path.push(to);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      refusals.push({ from, to, message: error.message });
    }
  }
  return { path, refusals };
}

describe('lawsuit status machine (properties)', () => {
  it('any sequence of requested moves only ever takes an edge of the table; a refusal names both states in Swedish', () => {
    fc.assert(
      fc.property(fc.array(statusArb, { maxLength: 40 }), (requests) => {
        const { path, refusals } = walk(requests);
        for (let index = 1; index < path.length; index += 1) {
          expect(LAWSUIT_STATUS_MACHINE.transitions[path[index - 1]!]).toContain(path[index]);
        }
        for (const refusal of refusals) {
          expect(LAWSUIT_STATUS_MACHINE.transitions[refusal.from]).not.toContain(refusal.to);
          expect(refusal.message).toBe(
            `Övergången är inte tillåten: Tvistemålets status kan inte ändras från ${LAWSUIT_STATUS_LABELS[refusal.from]} till ${LAWSUIT_STATUS_LABELS[refusal.to]}`,
          );
        }
      }),
    );
  });

  it('closed is terminal: once reached, every further move is refused', () => {
    fc.assert(
      fc.property(fc.array(statusArb, { maxLength: 40 }), (requests) => {
        const { path } = walk(requests);
        const closedAt = path.indexOf('closed');
        if (closedAt >= 0) expect(path.length).toBe(closedAt + 1);
      }),
    );
    for (const to of LAWSUIT_STATUSES) expect(canStateMachineTransition(LAWSUIT_STATUS_MACHINE, 'closed', to)).toBe(false);
  });

  it('failed is reachable from every open state and from no outcome; every state can still reach closed', () => {
    for (const from of LAWSUIT_STATUSES) {
      const open = (LAWSUIT_OPEN_STATUSES as readonly LawsuitStatus[]).includes(from);
      expect(canStateMachineTransition(LAWSUIT_STATUS_MACHINE, from, 'failed')).toBe(open);
      expect(stateMachineReachableStates(LAWSUIT_STATUS_MACHINE, from)).toContain('closed');
    }
  });

  it('the main road of the brief is allowed step by step', () => {
    const { path, refusals } = walk(['filed', 'served', 'prep_written', 'prep_oral', 'main_hearing', 'judgment', 'closed']);
    expect(refusals).toEqual([]);
    expect(path).toHaveLength(8);
  });
});

describe('track suggestion (properties)', () => {
  const years = Object.keys(PRISBASBELOPP_KR).map(Number);

  it('FT exactly when the value is at most half the year’s prisbasbelopp, for any value and year', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.constantFrom(...years), (value, year) => {
        const suggestion = suggestLawsuitTrack(ore(value), year);
        const base = kronor(PRISBASBELOPP_KR[year]!);
        expect(suggestion.track).toBe(2 * value <= base ? 'FT' : 'ORD');
        expect(suggestion.limitOre * 2).toBe(base);
      }),
    );
  });

  it('the boundary: half a prisbasbelopp is FT, one öre more is ORD', () => {
    fc.assert(
      fc.property(fc.constantFrom(...years), (year) => {
        const limit = (kronor(PRISBASBELOPP_KR[year]!) / 2) as Ore;
        expect(suggestLawsuitTrack(limit, year).track).toBe('FT');
        expect(suggestLawsuitTrack(ore(limit + 1), year).track).toBe('ORD');
      }),
    );
  });

  it('an organisation’s own table wins, and a year after the table uses the latest known year', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1_000, max: 200_000 }), fc.integer({ min: 2027, max: 2100 }), (amount, year) => {
        const suggestion = suggestLawsuitTrack(ore(amount * 50), year, { 2027: amount });
        expect(suggestion.year).toBe(2027);
        expect(suggestion.track).toBe('FT');
      }),
    );
  });
});
