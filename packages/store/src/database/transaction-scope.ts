import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from './database';

/*
 * What the running transaction knows about itself, carried through its awaits: the handle (so a
 * use case called inside another's transaction joins it), how deep savepoints go, and the work to
 * do once it has committed.
 */

export interface TransactionScope {
  /** The engine's database this transaction belongs to (a scope never crosses databases). */
  readonly owner: object;
  readonly tx: Db;
  /** Runs one SQL statement on the transaction's connection (for savepoints). */
  readonly exec: (sql: string) => Promise<void>;
  /** Savepoints opened so far, for unique names. */
  savepoints: number;
  /** Run in order after the outermost commit; dropped on rollback. */
  readonly afterCommit: (() => void)[];
}

const scopes = new AsyncLocalStorage<TransactionScope>();

/** The transaction of `owner` this code runs in, if any. */
export function currentScope(owner: object): TransactionScope | undefined {
  const scope = scopes.getStore();
  return scope?.owner === owner ? scope : undefined;
}

export function runInScope<T>(scope: TransactionScope, fn: () => Promise<T>): Promise<T> {
  return scopes.run(scope, fn);
}

/**
 * Defers `effect` (publishing a live notification, waking a worker) until the transaction this
 * code runs in has committed, and drops it if that transaction rolls back; outside a transaction
 * it runs at once. An effect that throws is reported, not rethrown: the data is committed.
 */
export function afterCommit(effect: () => void): void {
  const scope = scopes.getStore();
  if (scope) scope.afterCommit.push(effect);
  else runEffect(effect);
}

export function runAfterCommit(scope: TransactionScope): void {
  for (const effect of scope.afterCommit.splice(0)) runEffect(effect);
}

function runEffect(effect: () => void): void {
  try {
    effect();
  } catch (error) {
    console.error('An after-commit effect failed (the transaction is committed):', error);
  }
}

/** Runs `fn` inside the open transaction as a savepoint: rolled back alone when it rejects. */
export async function withSavepoint<T>(scope: TransactionScope, fn: (tx: Db) => Promise<T>): Promise<T> {
  const exec = scope.exec;
  scope.savepoints += 1;
  const name = `fordran_sp_${scope.savepoints}`;
  const effectsBefore = scope.afterCommit.length;
  await exec(`SAVEPOINT ${name}`);
  try {
    const result = await fn(scope.tx);
    await exec(`RELEASE SAVEPOINT ${name}`);
    return result;
  } catch (error) {
    await exec(`ROLLBACK TO SAVEPOINT ${name}`);
    await exec(`RELEASE SAVEPOINT ${name}`);
    scope.afterCommit.splice(effectsBefore);
    throw error;
  }
}
