import { DomainError } from '../errors';

/**
 * A state machine as data: the states, their Swedish labels, the state a new row starts in and
 * the table `from → allowed to[]`. Every status of Fordran is one of these, so the rules the
 * services enforce, the buttons the UI offers and docs/state-machines.md all read one table.
 * A transition from a state to itself is allowed only when the table lists it.
 */
export interface StateMachine<S extends string> {
  /** Stable key, also the anchor of the machine's table in docs/state-machines.md. */
  key: string;
  /** Swedish subject for messages, e.g. "Ärendets status". */
  subject: string;
  states: readonly S[];
  initial: S;
  labels: Readonly<Record<S, string>>;
  transitions: Readonly<Record<S, readonly S[]>>;
}

/**
 * Builds a machine and checks the table is closed over `states` (a typo in a table is a
 * programming error, so it throws a plain Error at module load, not a DomainError).
 * @example defineStateMachine({ key: 'x', subject: 'Status', states: ['a', 'b'], initial: 'a', labels: { a: 'A', b: 'B' }, transitions: { a: ['b'], b: [] } })
 */
export function defineStateMachine<S extends string>(machine: StateMachine<S>): StateMachine<S> {
  const known = new Set<string>(machine.states);
  if (!known.has(machine.initial)) throw new Error(`${machine.key}: unknown initial state ${machine.initial}`);
  for (const from of machine.states) {
    const targets = machine.transitions[from];
    if (!targets) throw new Error(`${machine.key}: no row for ${from}`);
    if (new Set(targets).size !== targets.length) throw new Error(`${machine.key}: duplicate target in ${from}`);
    for (const to of targets) {
      if (!known.has(to)) throw new Error(`${machine.key}: unknown target ${to} in ${from}`);
    }
  }
  return machine;
}

/**
 * Whether `value` is one of the machine's states (for strings read from storage or input).
 * @example isStateMachineState(CASE_STATUS_MACHINE, 'draft') // true
 */
export function isStateMachineState<S extends string>(machine: StateMachine<S>, value: unknown): value is S {
  return typeof value === 'string' && (machine.states as readonly string[]).includes(value);
}

/**
 * The Swedish label of a state; an unknown value is shown raw (spec part 2 §4, portal stages).
 * @example stateMachineLabel(CASE_STATUS_MACHINE, 'on_hold') // "Pausad"
 */
export function stateMachineLabel<S extends string>(machine: StateMachine<S>, value: string): string {
  return isStateMachineState(machine, value) ? machine.labels[value] : value;
}

/**
 * Whether the table allows `from → to`. Unknown states are never allowed.
 * @example canStateMachineTransition(CASE_STATUS_MACHINE, 'draft', 'active') // true
 */
export function canStateMachineTransition<S extends string>(machine: StateMachine<S>, from: S, to: S): boolean {
  if (!isStateMachineState(machine, from) || !isStateMachineState(machine, to)) return false;
  return machine.transitions[from].includes(to);
}

/**
 * The states reachable in one step from `from`, in table order (what the UI offers as buttons).
 * @example allowedStateMachineTransitions(CASE_STATUS_MACHINE, 'closed') // ['active']
 */
export function allowedStateMachineTransitions<S extends string>(machine: StateMachine<S>, from: S): readonly S[] {
  return isStateMachineState(machine, from) ? machine.transitions[from] : [];
}

/**
 * Throws INVALID_TRANSITION with a Swedish message naming both states' labels unless the
 * table allows `from → to`.
 * @example assertStateMachineTransition(CASE_STATUS_MACHINE, 'closed', 'on_hold') // throws "… från Stängd till Pausad"
 */
export function assertStateMachineTransition<S extends string>(machine: StateMachine<S>, from: S, to: S): void {
  if (canStateMachineTransition(machine, from, to)) return;
  const fromLabel = stateMachineLabel(machine, from);
  const toLabel = stateMachineLabel(machine, to);
  throw new DomainError('INVALID_TRANSITION', `Övergången är inte tillåten: ${machine.subject} kan inte ändras från ${fromLabel} till ${toLabel}`, {
    machine: machine.key,
    from,
    to,
    allowed: allowedStateMachineTransitions(machine, from),
  });
}

/**
 * Every state reachable from `from` (including `from`) by following the table, breadth first.
 * @example stateMachineReachableStates(CASE_STATUS_MACHINE, 'draft') // ['draft', 'active', 'closed', 'on_hold']
 */
export function stateMachineReachableStates<S extends string>(machine: StateMachine<S>, from: S = machine.initial): S[] {
  const seen: S[] = [from];
  for (let index = 0; index < seen.length; index += 1) {
    for (const to of machine.transitions[seen[index]!]) {
      if (!seen.includes(to)) seen.push(to);
    }
  }
  return seen;
}

/**
 * States with no way out: the end of the road for a row (a new row starts the next round).
 * @example stateMachineTerminalStates(KFM_CASE_STATUS_MACHINE) // ['closed']
 */
export function stateMachineTerminalStates<S extends string>(machine: StateMachine<S>): S[] {
  return machine.states.filter((state) => machine.transitions[state].length === 0);
}
