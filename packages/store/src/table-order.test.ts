import { getTableName } from 'drizzle-orm';
import { getTableConfig, sqliteTable, text, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import { ALL_TABLES } from './tables';
import { orderParentsFirst } from './table-order';

describe('orderParentsFirst', () => {
  const ordered = orderParentsFirst(ALL_TABLES);

  it('lists every table once, each after the tables its foreign keys point at, unless that key is deferred', () => {
    expect(ordered.map(({ table }) => getTableName(table)).sort()).toEqual(ALL_TABLES.map(getTableName).sort());
    const position = new Map(ordered.map(({ table }, i) => [table, i]));
    for (const { table, deferred } of ordered) {
      for (const fk of getTableConfig(table).foreignKeys) {
        const { foreignTable, columns } = fk.reference();
        if (columns.every((column) => deferred.includes(column))) continue;
        expect(position.get(foreignTable)!, `${getTableName(table)} → ${getTableName(foreignTable)}`).toBeLessThan(position.get(table)!);
      }
    }
  });

  it('defers only nullable references that point back: the organisation ↔ interest profile cycle and self-references', () => {
    const deferred = ordered.flatMap(({ table, deferred: columns }) => columns.map((column) => `${getTableName(table)}.${column.name}`));
    expect(deferred.sort()).toEqual([
      'gl_journals.reverses_journal_id',
      'organisations.default_interest_profile_id',
      'payments.duplicate_of_payment_id',
      'sessions.replaced_by',
    ]);
    for (const { deferred: columns } of ordered) for (const column of columns) expect(column.notNull).toBe(false);
  });

  it('refuses a cycle of NOT NULL references, which no order can fill', () => {
    const a = sqliteTable('a', {
      id: text('id').primaryKey(),
      b_id: text('b_id')
        .notNull()
        .references((): AnySQLiteColumn => b.id),
    });
    const b = sqliteTable('b', {
      id: text('id').primaryKey(),
      a_id: text('a_id')
        .notNull()
        .references((): AnySQLiteColumn => a.id),
    });
    expect(() => orderParentsFirst([a, b])).toThrow(/cycle/);
  });
});
