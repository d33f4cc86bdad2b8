import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { STATE_MACHINES } from './all-machines';
import {
  allowedStateMachineTransitions,
  assertStateMachineTransition,
  canStateMachineTransition,
  defineStateMachine,
  stateMachineLabel,
  stateMachineReachableStates,
  stateMachineTerminalStates,
  type StateMachine,
} from './state-machine';

function stateArb(machine: StateMachine<string>): fc.Arbitrary<string> {
  return fc.constantFrom(...machine.states);
}

function thrown(action: () => void): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe.each(STATE_MACHINES.map((machine) => [machine.key, machine] as const))('%s', (_key, machine) => {
  it('every state is reachable from the initial state', () => {
    expect(new Set(stateMachineReachableStates(machine))).toEqual(new Set(machine.states));
  });

  it('every state has a Swedish label', () => {
    for (const state of machine.states) expect(machine.labels[state]).toMatch(/\S/);
    expect(new Set(machine.states.map((state) => machine.labels[state])).size).toBe(machine.states.length);
  });

  it('assert throws iff can is false', () => {
    fc.assert(
      fc.property(stateArb(machine), stateArb(machine), (from, to) => {
        const error = thrown(() => assertStateMachineTransition(machine, from, to));
        expect(error === undefined).toBe(canStateMachineTransition(machine, from, to));
      }),
    );
  });

  it('a refused transition throws INVALID_TRANSITION naming both labels', () => {
    fc.assert(
      fc.property(stateArb(machine), stateArb(machine), (from, to) => {
        fc.pre(!canStateMachineTransition(machine, from, to));
        const error = thrown(() => assertStateMachineTransition(machine, from, to));
        expect(error).toBeInstanceOf(DomainError);
        expect((error as DomainError).code).toBe('INVALID_TRANSITION');
        expect((error as DomainError).message).toContain(`från ${machine.labels[from]} till ${machine.labels[to]}`);
      }),
    );
  });

  it('allowed transitions are exactly the table row, and can accepts exactly those', () => {
    for (const from of machine.states) {
      expect(allowedStateMachineTransitions(machine, from)).toEqual(machine.transitions[from]);
      for (const to of machine.states) {
        expect(canStateMachineTransition(machine, from, to)).toBe(machine.transitions[from].includes(to));
      }
    }
  });

  it('a walk that follows allowed transitions never throws and stays inside the states', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 40 }), (choices) => {
        let state = machine.initial;
        for (const choice of choices) {
          const next = allowedStateMachineTransitions(machine, state);
          if (next.length === 0) break;
          const to = next[choice % next.length]!;
          assertStateMachineTransition(machine, state, to);
          state = to;
        }
        expect(machine.states).toContain(state);
      }),
    );
  });

  it('terminal states have no way out and are not the initial state', () => {
    for (const state of stateMachineTerminalStates(machine)) {
      expect(allowedStateMachineTransitions(machine, state)).toEqual([]);
      expect(state).not.toBe(machine.initial);
    }
  });

  it('unknown states are never allowed and are labelled raw', () => {
    expect(canStateMachineTransition(machine, 'nonsense', machine.initial)).toBe(false);
    expect(canStateMachineTransition(machine, machine.initial, 'nonsense')).toBe(false);
    expect(allowedStateMachineTransitions(machine, 'nonsense')).toEqual([]);
    expect(stateMachineLabel(machine, 'nonsense')).toBe('nonsense');
  });
});

describe('all machines', () => {
  it('the only transition from a state to itself is a further partial allocation of a payment', () => {
    const selfLoops = STATE_MACHINES.flatMap((machine) =>
      machine.states.filter((state) => canStateMachineTransition(machine, state, state)).map((state) => `${machine.key}:${state}`),
    );
    expect(selfLoops).toEqual(['payment_status:partially_allocated']);
  });

  it('machine keys are unique', () => {
    const keys = STATE_MACHINES.map((machine) => machine.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('a table naming an unknown state is refused when defined', () => {
    expect(() =>
      defineStateMachine<'a' | 'b'>({
        key: 'broken',
        subject: 'Test',
        states: ['a', 'b'],
        initial: 'a',
        labels: { a: 'A', b: 'B' },
        transitions: { a: ['c' as 'b'], b: [] },
      }),
    ).toThrow(/unknown target/);
  });
});

describe('the list of machines', () => {
  it('holds every machine the module exports', async () => {
    const exported = Object.values((await import('./index')) as Record<string, unknown>).filter(
      (value): value is StateMachine<string> => typeof value === 'object' && value !== null && 'transitions' in value && 'initial' in value,
    );
    expect(new Set(exported)).toEqual(new Set(STATE_MACHINES));
  });
});
