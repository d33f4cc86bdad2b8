import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ore, scaleOre } from '../src/money';

/*
 * The worked examples in docs/ and README.md are arithmetic a reader checks by hand: this test
 * recomputes every one, so a page never adds up wrong (issue 10: 9 437,84 for 9 436,84). It reads
 * the statements the pages make in Swedish amounts ("7 950,00", "10 000 kr"):
 * - sums and differences: `a + b − c = d`;
 * - simple interest: `10 000 kr at fixed 8 % for 365 days = 800,00 kr`;
 * - interest periods: `795 000 öre × rate × days / 365: 16 days at 12.00 % = 41,82 kr; …; together 566,84 kr`,
 *   each period rounded half up to whole öre as the interest module does.
 */

const root = new URL('../../../', import.meta.url);
const pages = [
  'README.md',
  ...readdirSync(new URL('docs/', root))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
const textOf = (page: string) => readFileSync(new URL(page, root), 'utf8');

const AMOUNT = String.raw`\d{1,3}(?:[ \u00a0]\d{3})*(?:,\d{2})?`;
const RATE = String.raw`\d+(?:[.,]\d+)?`;

/** "9 436,84" → 943684 öre; "10 000" → 1000000. */
function oreOf(amount: string): number {
  const [whole, fraction = '0'] = amount.replace(/[ \u00a0]/g, '').split(',');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

function interestOre(principalOre: number, ratePercent: string, days: number): number {
  return scaleOre(ore(principalOre), Number(ratePercent.replace(',', '.')) * 1e6 * days, 365 * 100 * 1e6);
}

interface Statement {
  page: string;
  text: string;
  stated: number;
  computed: number;
}

function sums(page: string, text: string): Statement[] {
  const sum = new RegExp(String.raw`(${AMOUNT}(?:\s*[+−-]\s*${AMOUNT})+)\s*=\s*(${AMOUNT})`, 'g');
  return [...text.matchAll(sum)].map((match) => {
    let computed = 0;
    for (const term of match[1]!.matchAll(new RegExp(String.raw`(^|[+−-])\s*(${AMOUNT})`, 'g'))) {
      computed += (term[1] === '−' || term[1] === '-' ? -1 : 1) * oreOf(term[2]!);
    }
    return { page, text: match[0], stated: oreOf(match[2]!), computed };
  });
}

function simpleInterest(page: string, text: string): Statement[] {
  const statement = new RegExp(String.raw`(${AMOUNT}) kr at fixed (${RATE}) % for (\d+) days = (${AMOUNT}) kr`, 'g');
  return [...text.matchAll(statement)].map((match) => ({
    page,
    text: match[0],
    stated: oreOf(match[4]!),
    computed: interestOre(oreOf(match[1]!), match[2]!, Number(match[3])),
  }));
}

function interestPeriods(page: string, text: string): Statement[] {
  const statements: Statement[] = [];
  const flat = text.replace(/\s+/g, ' ');
  const blocks = flat.split(new RegExp(String.raw`(${AMOUNT}) öre × rate × days / 365`));
  // split() with a group: [before, principal₁, block₁, principal₂, block₂, …]
  for (let index = 1; index < blocks.length; index += 2) {
    const principalOre = Number(blocks[index]!.replace(/[ \u00a0]/g, ''));
    const block = blocks[index + 1]!;
    let totalOre = 0;
    for (const match of block.matchAll(new RegExp(String.raw`(\d+) days at (${RATE}) % = (${AMOUNT}) kr`, 'g'))) {
      const computed = interestOre(principalOre, match[2]!, Number(match[1]));
      statements.push({ page, text: match[0], stated: oreOf(match[3]!), computed });
      totalOre += oreOf(match[3]!);
    }
    const together = new RegExp(String.raw`together (${AMOUNT}) kr`).exec(block);
    if (together) statements.push({ page, text: together[0], stated: oreOf(together[1]!), computed: totalOre });
  }
  return statements;
}

const statements = pages.flatMap((page) => {
  const text = textOf(page);
  return [...sums(page, text), ...simpleInterest(page, text), ...interestPeriods(page, text)];
});

describe('worked examples in docs/ and README.md', () => {
  it('finds the examples it checks (the KFM application, the interest examples)', () => {
    const found = (page: string) => statements.filter((statement) => statement.page === page).map((statement) => statement.text);
    expect(found('docs/kfm-application-format.md')).toContain('7 950,00 + 566,84 + 240,00 + 300,00 + 380,00 = 9 436,84');
    expect(found('docs/kfm-application-format.md')).toContain('16 days at 12.00 % = 41,82 kr');
    expect(found('docs/interest.md')).toContain('10 000 kr at fixed 8 % for 365 days = 800,00 kr');
    expect(found('docs/interest.md').length).toBeGreaterThanOrEqual(6);
  });

  it.each(statements.map((statement) => [statement.page, statement.text, statement] as const))('%s: %s', (_page, _text, statement) => {
    expect(statement.computed).toBe(statement.stated);
  });

  it('reads Swedish amounts and catches a wrong sum', () => {
    expect(oreOf('9 436,84')).toBe(943684);
    expect(oreOf('10 000')).toBe(1_000_000);
    const [wrong] = sums('example', 'Total 7 950,00 + 566,84 + 240,00 + 300,00 + 380,00 = 9 437,84 kr.');
    expect(wrong!.computed).not.toBe(wrong!.stated);
    const [difference] = sums('example', '2 000,00 − 350,00 = 1 650,00');
    expect(difference!.computed).toBe(difference!.stated);
  });
});
