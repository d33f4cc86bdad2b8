import {
  getTableColumns,
  type $Type,
  type Column,
  type ColumnBaseConfig,
  type ColumnDataType,
  type HasDefault,
  type HasRuntimeDefault,
  type IsPrimaryKey,
  type NotNull,
  type SQL,
} from 'drizzle-orm';
import {
  index as sqliteIndex,
  sqliteTable,
  uniqueIndex as sqliteUniqueIndex,
  type AnySQLiteColumn,
  type SQLiteColumn,
  type SQLiteColumnBuilderBase,
  type SQLiteTable,
  type SQLiteTableWithColumns,
  type UpdateDeleteAction,
} from 'drizzle-orm/sqlite-core';
import {
  index as pgIndex,
  pgTable,
  uniqueIndex as pgUniqueIndex,
  type ExtraConfigColumn,
  type PgColumn,
  type PgColumnBuilderBase,
  type PgTable,
  type PgTableWithColumns,
} from 'drizzle-orm/pg-core';

/*
 * One table definition, two engines. A schema file calls `table(name, columns, indexes)` once; it
 * returns the SQLite table (typed exactly as `sqliteTable` would type it, so every consumer keeps
 * its row types) and builds the PostgreSQL twin beside it, with the same table, column, index and
 * constraint names. A column is a ColumnKind: a pair of builders (SQLite, PostgreSQL) made by the
 * kinds in ./columns and changed together by the usual drizzle modifiers. Foreign keys are written
 * against the SQLite tables and point the twin at the twin of their target. Indexes are written
 * with this module's `index`/`uniqueIndex`, which the table turns into each dialect's own.
 *
 * The twin's TypeScript type is derived from the SQLite table (`PgTwin`): its columns carry the
 * same data type, nullability and defaults, because both engines must read back identical values.
 * ./pg.ts lists the twins by name for drizzle-kit and for openPgStore.
 */

/** What ColumnKind calls on both builders (drizzle's builders change themselves and return `this`). */
interface Modifiable {
  notNull(): unknown;
  default(value: unknown): unknown;
  $defaultFn(fn: () => unknown): unknown;
  $onUpdateFn(fn: () => unknown): unknown;
  primaryKey(): unknown;
  unique(name: string): unknown;
  references(ref: () => Column, actions?: { onDelete?: UpdateDeleteAction }): unknown;
}

type DataOf<TBuilder extends SQLiteColumnBuilderBase> = TBuilder['_'] extends { $type: infer U } ? U : TBuilder['_']['data'];

/**
 * A column of both engines: `sqlite` is the exact drizzle builder (its type is what the SQLite
 * table's row types come from), `pg` its PostgreSQL twin. Made by the kinds in ./columns.
 */
export class ColumnKind<TSqlite extends SQLiteColumnBuilderBase> {
  constructor(
    readonly sqlite: TSqlite,
    readonly pg: PgColumnBuilderBase,
  ) {}

  /** Changes both builders alike; only the type changes here. */
  private both(change: (builder: Modifiable) => void): this {
    change(this.sqlite as unknown as Modifiable);
    change(this.pg as unknown as Modifiable);
    return this;
  }

  /** The same object under its new type (the builders inside already changed). */
  private retyped<TKind extends ColumnKind<SQLiteColumnBuilderBase>>(): TKind {
    return this as unknown as TKind;
  }

  notNull(): ColumnKind<NotNull<TSqlite>> {
    this.both((b) => b.notNull());
    return this.retyped<ColumnKind<NotNull<TSqlite>>>();
  }

  default(value: DataOf<TSqlite> | SQL): ColumnKind<HasDefault<TSqlite>> {
    this.both((b) => b.default(value));
    return this.retyped<ColumnKind<HasDefault<TSqlite>>>();
  }

  $defaultFn(fn: () => DataOf<TSqlite> | SQL): ColumnKind<HasRuntimeDefault<HasDefault<TSqlite>>> {
    this.both((b) => b.$defaultFn(fn));
    return this.retyped<ColumnKind<HasRuntimeDefault<HasDefault<TSqlite>>>>();
  }

  $onUpdateFn(fn: () => DataOf<TSqlite> | SQL): ColumnKind<HasDefault<TSqlite>> {
    this.both((b) => b.$onUpdateFn(fn));
    return this.retyped<ColumnKind<HasDefault<TSqlite>>>();
  }

  $type<TType>(): ColumnKind<$Type<TSqlite, TType>> {
    return this.retyped<ColumnKind<$Type<TSqlite, TType>>>();
  }

  primaryKey(): ColumnKind<IsPrimaryKey<NotNull<TSqlite>>> {
    this.both((b) => b.primaryKey());
    return this.retyped<ColumnKind<IsPrimaryKey<NotNull<TSqlite>>>>();
  }

  unique(name: string): this {
    return this.both((b) => b.unique(name));
  }

  /** A foreign key to a SQLite table's column; the twin references that table's twin. */
  references(ref: () => AnySQLiteColumn, actions?: { onDelete?: UpdateDeleteAction }): this {
    (this.sqlite as unknown as Modifiable).references(ref, actions);
    (this.pg as unknown as Modifiable).references(() => pgTwinColumn(ref()), actions);
    return this;
  }
}

/** An index written once; `table` builds it for each engine from that engine's columns. */
export class IndexSpec {
  private columns: Column[] = [];
  private condition: SQL | undefined;

  constructor(
    private readonly name: string,
    private readonly unique: boolean,
  ) {}

  on(...columns: [Column, ...Column[]]): this {
    this.columns = columns;
    return this;
  }

  /** A partial index. Written with `sql`, its columns are the engine's own (see `table`). */
  where(condition: SQL): this {
    this.condition = condition;
    return this;
  }

  toSqlite() {
    const built = (this.unique ? sqliteUniqueIndex : sqliteIndex)(this.name).on(...(this.columns as [SQLiteColumn, ...SQLiteColumn[]]));
    return this.condition ? built.where(this.condition) : built;
  }

  toPg() {
    const built = (this.unique ? pgUniqueIndex : pgIndex)(this.name).on(...(this.columns as [ExtraConfigColumn, ...ExtraConfigColumn[]]));
    return this.condition ? built.where(this.condition) : built;
  }
}

export function index(name: string): IndexSpec {
  return new IndexSpec(name, false);
}

export function uniqueIndex(name: string): IndexSpec {
  return new IndexSpec(name, true);
}

type ColumnKinds = Record<string, ColumnKind<SQLiteColumnBuilderBase>>;
/** The columns an index callback gets: the SQLite table's when building SQLite, the twin's for PostgreSQL. */
export type IndexColumns<TColumns extends ColumnKinds> = { [K in keyof TColumns]: Column };

const pgTwins = new WeakMap<SQLiteTable, PgTable>();

/**
 * Defines a table for both engines and returns the SQLite table; `pgTwin(table)` gives the
 * PostgreSQL one. `indexes` is called once per engine with that engine's columns.
 */
export function table<TName extends string, TColumns extends ColumnKinds>(
  name: TName,
  columns: TColumns,
  indexes: (t: IndexColumns<TColumns>) => IndexSpec[] = () => [],
) {
  const sqliteColumns = Object.fromEntries(Object.entries(columns).map(([key, kind]) => [key, kind.sqlite])) as {
    [K in keyof TColumns]: TColumns[K]['sqlite'];
  };
  const pgColumns = Object.fromEntries(Object.entries(columns).map(([key, kind]) => [key, kind.pg]));
  const sqlite = sqliteTable(name, sqliteColumns, (t) => indexes(t as IndexColumns<TColumns>).map((spec) => spec.toSqlite()));
  pgTwins.set(
    sqlite,
    pgTable(name, pgColumns, (t) => indexes(t as IndexColumns<TColumns>).map((spec) => spec.toPg())),
  );
  return sqlite;
}

type PgTwinColumn<TColumn> = TColumn extends Column<infer TConfig extends ColumnBaseConfig<ColumnDataType, string>> ? PgColumn<TConfig> : never;

/** The PostgreSQL twin's type: the SQLite table's columns, with the same data types, on PostgreSQL. */
export type PgTwin<TTable extends SQLiteTable> =
  TTable extends SQLiteTableWithColumns<infer TConfig>
    ? PgTableWithColumns<{
        name: TConfig['name'];
        schema: undefined;
        columns: { [K in keyof TConfig['columns']]: PgTwinColumn<TConfig['columns'][K]> };
        dialect: 'pg';
      }>
    : never;

/** The PostgreSQL twin of a table made by `table`. */
export function pgTwin<TTable extends SQLiteTable>(sqlite: TTable): PgTwin<TTable> {
  const twin = pgTwins.get(sqlite);
  if (!twin) throw new Error('not a table made by table(): it has no PostgreSQL twin');
  return twin as PgTwin<TTable>;
}

function pgTwinColumn(column: SQLiteColumn): PgColumn {
  const key = Object.entries(getTableColumns(column.table)).find(([, candidate]) => candidate === column)?.[0];
  const twinColumn = key === undefined ? undefined : getTableColumns(pgTwin(column.table))[key];
  if (!twinColumn) throw new Error(`no PostgreSQL twin for column ${column.name}`);
  return twinColumn;
}
