// The floor on PostgreSQL: node-postgres (`pg`, the app's driver) with named prepared statements
// (parsed and planned once per connection) on the app's own pool.
import type { PostgresDatabase } from '@fordran/store';
import { numberPlaceholders } from '@fordran/store/testing';
import type { BenchFloor, WritePlan } from './bench-floor';

export function postgresFloor({ pool }: PostgresDatabase): BenchFloor {
  return {
    driver: 'pg',
    caseById() {
      const select = { name: 'bench_case_by_id', text: 'SELECT * FROM cases WHERE id = $1' };
      return async (id) => (await pool.query({ ...select, values: [id] })).rows[0];
    },
    async write(plan: WritePlan) {
      const statements = plan.statements.map((text, index) => ({ name: `bench_write_${index}`, text: numberPlaceholders(text) }));
      const client = await pool.connect();
      try {
        // READ COMMITTED, the server's default: the app's transactions are SERIALIZABLE, which is part of what it costs.
        for (const writes of plan.transactions) {
          await client.query('BEGIN');
          for (const [statement, values] of writes) await client.query({ ...statements[statement]!, values });
          await client.query('COMMIT');
        }
      } finally {
        // Destroyed, not returned to the pool: its prepared statements go with it.
        client.release(true);
      }
    },
  };
}
