// The floor on SQLite: better-sqlite3's prepared statements on the app's own connection.
import type { SqliteDatabase } from '@fordran/store';
import type { BenchFloor, WritePlan } from './bench-floor';

export function sqliteFloor({ sqlite }: SqliteDatabase): BenchFloor {
  return {
    driver: 'better-sqlite3',
    caseById() {
      const select = sqlite.prepare<[string]>('SELECT * FROM cases WHERE id = ?');
      return (id) => Promise.resolve(select.get(id));
    },
    async write(plan: WritePlan) {
      const statements = plan.statements.map((text) => sqlite.prepare(text));
      const transaction = sqlite.transaction((writes: WritePlan['transactions'][number]) => {
        for (const [statement, values] of writes) statements[statement]!.run(...values);
      });
      for (const writes of plan.transactions) transaction(writes);
    },
  };
}
