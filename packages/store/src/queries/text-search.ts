import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/*
 * The "contains" search of the lists (creditors, parties, cases, payments): case-insensitive on
 * both engines, identifiers also by their digits alone.
 */

/** `%`, `_` and `\` taken literally in a LIKE pattern (used with ESCAPE '\'). */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** lower() on both sides: PostgreSQL's LIKE is case-sensitive, SQLite's ignores ASCII case only. */
function contains(column: SQLWrapper | SQL, text: string): SQL {
  return sql`lower(${column}) LIKE lower(${`%${escapeLike(text)}%`}) ESCAPE '\\'`;
}

/**
 * SQLite's lower() folds ASCII only, so 'åke' would miss 'Åke' there. The query is also tried
 * lower-cased, upper-cased and with a capital first letter — enough for names as people type them.
 * (PostgreSQL's lower() folds them all alike.)
 */
export function searchCaseVariants(query: string): string[] {
  const lower = query.toLocaleLowerCase('sv-SE');
  const capitalised = lower.charAt(0).toLocaleUpperCase('sv-SE') + lower.slice(1);
  return [...new Set([query, lower, query.toLocaleUpperCase('sv-SE'), capitalised])];
}

/**
 * A case-insensitive "contains" over text columns, plus — when the query is a number with
 * spaces or hyphens — a digits-only match of identifier columns (stored `NNNNNN-NNNN` or 12
 * digits), so '5560360793', '556036-0793' and '811218-9876' all find their row.
 */
export function textSearchCondition(query: string, textColumns: SQLWrapper[], identifierColumns: SQLWrapper[]): SQL {
  const parts: SQL[] = [];
  for (const variant of searchCaseVariants(query)) for (const column of textColumns) parts.push(contains(column, variant));
  const digits = query.replace(/[\s-]/g, '');
  if (/^\d+$/.test(digits)) {
    for (const column of identifierColumns) parts.push(contains(sql`replace(${column}, '-', '')`, digits));
  }
  return sql`(${sql.join(parts, sql` OR `)})`;
}
