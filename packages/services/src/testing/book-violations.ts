import type { RawSql } from '@fordran/store/testing';

/*
 * The money invariants of docs/architecture.md ("Invariants") read off an organisation's books
 * behind the use cases: journals balance, case totals agree with their allocations and with the
 * ledger, payments with theirs. The property tests check them after every step; the tests of
 * several instances after concurrent work through both.
 */

/** The organisation whose books are checked, and raw SQL on its database. */
export interface Books {
  sql: RawSql;
  orgId: string;
}

interface CaseFigures {
  id: string;
  reference_no: string;
  total_principal: number;
  total_interest: number;
  total_fees: number;
  amount_paid_total: number;
  total_outstanding: number;
  claim_principal: number;
  allocated: number;
  paid_principal: number;
  paid_interest: number;
  paid_fees: number;
}

interface PaymentFigures {
  id: string;
  status: string;
  amount: number;
  unallocated_amount: number;
  allocations: number;
  allocated: number;
  journals: number;
}

function caseFigures(books: Books): Promise<CaseFigures[]> {
  return books.sql<CaseFigures>(
    `SELECT c.id, cl.reference_no, c.total_principal, c.total_interest, c.total_fees, c.amount_paid_total, c.total_outstanding,
            cl.principal_amount AS claim_principal,
            COALESCE(SUM(a.amount), 0) AS allocated, COALESCE(SUM(a.principal_amount), 0) AS paid_principal,
            COALESCE(SUM(a.interest_amount), 0) AS paid_interest, COALESCE(SUM(a.fees_amount), 0) AS paid_fees
       FROM cases c JOIN claims cl ON cl.id = c.claim_id LEFT JOIN payment_allocations a ON a.case_id = c.id
      WHERE c.org_id = ? GROUP BY c.id, cl.id ORDER BY cl.reference_no`,
    books.orgId,
  );
}

function paymentFigures(books: Books): Promise<PaymentFigures[]> {
  return books.sql<PaymentFigures>(
    `SELECT p.id, p.status, p.amount, p.unallocated_amount,
            (SELECT COUNT(*) FROM payment_allocations a WHERE a.payment_id = p.id) AS allocations,
            (SELECT COALESCE(SUM(a.amount), 0) FROM payment_allocations a WHERE a.payment_id = p.id) AS allocated,
            (SELECT COUNT(*) FROM gl_journals j WHERE j.org_id = p.org_id AND j.source_ref = p.id) AS journals
       FROM payments p WHERE p.org_id = ?`,
    books.orgId,
  );
}

/** Balance (debit − credit) per account code, and per case and account code (`<case id>:<code>`). */
export async function ledgerBalances(books: Books): Promise<{ byAccount: Map<string, number>; byCase: Map<string, number> }> {
  const rows = await books.sql<{ case_id: string | null; code: string; balance: number }>(
    `SELECT e.case_id, a.code, SUM(e.debit) - SUM(e.credit) AS balance
       FROM gl_entries e JOIN gl_accounts a ON a.id = e.account_id
      WHERE e.org_id = ? GROUP BY e.case_id, a.code`,
    books.orgId,
  );
  const byAccount = new Map<string, number>();
  const byCase = new Map<string, number>();
  for (const row of rows) {
    byAccount.set(row.code, (byAccount.get(row.code) ?? 0) + row.balance);
    if (row.case_id) byCase.set(`${row.case_id}:${row.code}`, row.balance);
  }
  return { byAccount, byCase };
}

/** What a payment's status must be, from its allocations and whether a journal books it. */
function expectedPaymentStatus(p: PaymentFigures): string {
  // A reversed payment keeps its status: its journals are reversed and it has no allocations left.
  if (p.status === 'reversed') return p.allocations === 0 ? 'reversed' : 'reversed without its allocations';
  if (p.allocations === 0) return p.journals === 0 ? 'received' : 'unmatched';
  return p.unallocated_amount === 0 ? 'allocated' : 'partially_allocated';
}

async function journalViolations(books: Books, fail: (text: string) => void): Promise<Map<string, number>> {
  const journals = await books.sql<{ id: string; source: string; debit: number; credit: number; lines: number }>(
    `SELECT j.id, j.source, COALESCE(SUM(e.debit), 0) AS debit, COALESCE(SUM(e.credit), 0) AS credit, COUNT(e.id) AS lines
       FROM gl_journals j LEFT JOIN gl_entries e ON e.journal_id = j.id WHERE j.org_id = ? GROUP BY j.id`,
    books.orgId,
  );
  for (const j of journals) {
    if (j.debit !== j.credit) fail(`journal ${j.source} ${j.id}: Σ debit ${j.debit} ≠ Σ credit ${j.credit}`);
    if (j.lines < 2) fail(`journal ${j.source} ${j.id} has ${j.lines} lines`);
  }
  const lopsided = await books.sql<{ id: string; debit: number; credit: number }>(
    'SELECT id, debit, credit FROM gl_entries WHERE org_id = ? AND (debit < 0 OR credit < 0 OR (debit > 0) = (credit > 0))',
    books.orgId,
  );
  for (const e of lopsided) fail(`entry ${e.id}: debit ${e.debit}, credit ${e.credit} (one side, not negative)`);
  const { byAccount } = await ledgerBalances(books);
  const orgTotal = [...byAccount.values()].reduce((sum, balance) => sum + balance, 0);
  if (orgTotal !== 0) fail(`Σ debit − Σ credit over the organisation is ${orgTotal}`);
  return byAccount;
}

/** Every invariant, as a list of violations: empty when the books are kept. */
export async function bookViolations(books: Books): Promise<string[]> {
  const violations: string[] = [];
  const fail = (text: string) => violations.push(text);
  const byAccount = await journalViolations(books, fail);
  const { byCase } = await ledgerBalances(books);

  const allocations = await books.sql<{ id: string; amount: number; p: number; i: number; f: number }>(
    'SELECT id, amount, principal_amount AS p, interest_amount AS i, fees_amount AS f FROM payment_allocations WHERE org_id = ?',
    books.orgId,
  );
  for (const a of allocations) {
    if (a.amount <= 0 || a.p < 0 || a.i < 0 || a.f < 0 || a.p + a.i + a.f !== a.amount)
      fail(`allocation ${a.id}: ${a.p} + ${a.i} + ${a.f} vs amount ${a.amount}`);
  }

  for (const c of await caseFigures(books)) {
    const name = `case ${c.reference_no}`;
    if (c.total_principal !== c.claim_principal) fail(`${name}: total_principal ${c.total_principal} ≠ the claim's ${c.claim_principal}`);
    if (c.total_outstanding !== c.total_principal + c.total_interest + c.total_fees - c.amount_paid_total) {
      fail(`${name}: total_outstanding ${c.total_outstanding} ≠ ${c.total_principal} + ${c.total_interest} + ${c.total_fees} − ${c.amount_paid_total}`);
    }
    if (c.amount_paid_total !== c.allocated) fail(`${name}: amount_paid_total ${c.amount_paid_total} ≠ Σ allocations ${c.allocated}`);
    // Still open of each part (charged − settled): what an allocation can still take of it. Interest
    // settled beyond what a later back-dated payment left charged paid capital (1511 → 1510).
    const interestBeyondCharged = Math.max(0, c.paid_interest - c.total_interest);
    const open = {
      principal: c.total_principal - c.paid_principal - interestBeyondCharged,
      interest: c.total_interest - c.paid_interest + interestBeyondCharged,
      fees: c.total_fees - c.paid_fees,
    };
    if (open.principal < 0) fail(`${name}: principal settled beyond what is charged (open ${open.principal})`);
    if (open.fees < 0) fail(`${name}: fees settled beyond what is charged (open ${open.fees})`);
    const openTotal = open.principal + open.interest + open.fees;
    if (c.total_outstanding >= 0 && openTotal !== c.total_outstanding) fail(`${name}: open parts ${openTotal} ≠ total_outstanding ${c.total_outstanding}`);
    const expected: [code: string, balance: number, meaning: string][] = [
      ['1510', open.principal, 'principal still open'],
      ['1511', open.interest, 'interest still open'],
      ['1512', open.fees, 'fees still open'],
      ['2890', -c.total_principal, 'capital owed to the creditor'],
      ['3010', -c.total_fees, 'fee income'],
      ['8310', -c.total_interest, 'interest income'],
    ];
    for (const [code, balance, meaning] of expected) {
      const booked = byCase.get(`${c.id}:${code}`) ?? 0;
      if (booked !== balance) fail(`${name}: ${code} balance ${booked} ≠ ${meaning} ${balance}`);
    }
  }

  let bookedOre = 0;
  let unallocatedOre = 0;
  for (const p of await paymentFigures(books)) {
    const name = `payment ${p.id} (${p.status}, ${p.amount})`;
    if (p.unallocated_amount !== p.amount - p.allocated) fail(`${name}: unallocated ${p.unallocated_amount} ≠ ${p.amount} − Σ allocations ${p.allocated}`);
    if (p.unallocated_amount < 0) fail(`${name}: unallocated ${p.unallocated_amount} < 0`);
    const status = expectedPaymentStatus(p);
    if (p.status !== status) fail(`${name}: ${p.allocations} allocations, unallocated ${p.unallocated_amount}, ${p.journals} journals → expected ${status}`);
    if (p.status !== 'received' && p.status !== 'reversed') {
      bookedOre += p.amount;
      unallocatedOre += p.unallocated_amount;
    }
  }
  const balanceOf = (code: string) => byAccount.get(code) ?? 0;
  if (balanceOf('1900') !== bookedOre) fail(`1900 balance ${balanceOf('1900')} ≠ Σ booked payments ${bookedOre}`);
  if (-balanceOf('2990') !== unallocatedOre) fail(`2990 credit balance ${-balanceOf('2990')} ≠ Σ unallocated of booked payments ${unallocatedOre}`);
  return violations;
}
