import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFeeJournal, decimalToOre, decodeCp437, ore, oreToDecimal } from '@fordran/core';
import { insertLedgerJournal } from '@fordran/store';
import { caseDetailSchema, ledgerAccountListResponseSchema, ledgerJournalListResponseSchema, trialBalanceResponseSchema } from '@fordran/services';
import { createMember, createTestApi, createUser, expectBody, expectError, signIn, type TestApi, type TestUser } from './helpers';
import { insertCreditor, insertParty, insertSentDemand } from './fixtures';

/*
 * The general ledger over HTTP (issue 5): cases are created, given fees and interest through the
 * cases API (each books a balanced journal), then the ledger is read as journals, chart of
 * accounts, trial balance, CSV and SIE 4. Today is 2026-11-22 (Stockholm).
 */

let api: TestApi;
let admin: TestUser;
let finance: TestUser;
let handler: TestUser;
let creditorId: string;
let partyId: string;
const caseIds: string[] = [];
const references: string[] = [];

const base = () => `/api/orgs/${admin.org_id}`;
const get = (path: string, user: TestUser = admin) => api.request('GET', `${base()}${path}`, { token: user.token });
/** Each write a second after the previous one, so journals have an order in time. */
const post = (path: string, body: unknown = {}) => {
  api.clock.advanceSeconds(1);
  return api.request('POST', `${base()}${path}`, { token: admin.token, body });
};

async function openCaseWithMoney(reference: string, principal: string): Promise<string> {
  const created = await expectBody(
    await post('/cases', { creditor_id: creditorId, party_id: partyId, reference_no: reference, principal_amount: principal, due_date: '2026-06-30' }),
    201,
    caseDetailSchema,
  );
  await expectBody(await post(`/cases/${created.id}/status`, { status: 'active' }), 200, caseDetailSchema);
  await insertSentDemand(api, admin.org_id, created.id);
  expect((await post(`/cases/${created.id}/fees`, { code: 'COLLECTION_180' })).status).toBe(201);
  expect((await post(`/cases/${created.id}/interest`, { as_of: '2026-11-22' })).status).toBe(200);
  return created.id;
}

async function journalCount(): Promise<number> {
  return (await api.sql<{ n: number }>('SELECT count(*) AS n FROM gl_journals WHERE org_id = ?', admin.org_id))[0]!.n;
}

beforeAll(async () => {
  api = await createTestApi({}, { seedReferenceRates: true });
  admin = await createUser(api, { name: 'Karin Lindqvist' });
  finance = await createMember(api, admin, 'finance');
  handler = await createMember(api, admin, 'handler');
  creditorId = await insertCreditor(api, admin.org_id, 'Elbolaget Norr AB');
  partyId = await insertParty(api, admin.org_id, 'Anna Andersson');
  for (const [reference, principal] of [
    ['F-1001', '7950'],
    ['F-1002', '1234.56'],
  ] as const) {
    caseIds.push(await openCaseWithMoney(reference, principal));
    references.push(reference);
  }
});
afterAll(() => api.close());

describe('GET /ledger/journals', () => {
  it('lists the latest journals newest first, each with its entries (account code and name, case reference, creditor) and totals', async () => {
    const { journals } = await expectBody(await get('/ledger/journals'), 200, ledgerJournalListResponseSchema);
    expect(journals).toHaveLength(await journalCount());
    const instants = journals.map((journal) => journal.booked_at);
    expect([...instants].sort().reverse()).toEqual(instants);
    for (const journal of journals) {
      expect(journal.total_debit).toBe(journal.total_credit);
      expect(journal.entries.length).toBeGreaterThanOrEqual(2);
    }
    const fee = journals.find((journal) => journal.source === 'fee' && journal.case_id === caseIds[0])!;
    expect(fee).toMatchObject({ case_reference: 'F-1001', total_debit: '180.00', total_credit: '180.00', status: 'posted' });
    expect(fee.entries).toEqual([
      expect.objectContaining({
        account_code: '1512',
        account_name: 'Kundfordringar – avgifter',
        debit: '180.00',
        credit: '0.00',
        case_reference: 'F-1001',
        creditor_name: 'Elbolaget Norr AB',
      }),
      expect.objectContaining({ account_code: '3010', account_name: 'Inkassoarvoden och avgiftsintäkter', debit: '0.00', credit: '180.00' }),
    ]);
    const claim = journals.find((journal) => journal.source === 'claim' && journal.case_id === caseIds[1])!;
    expect(claim.entries.map((entry) => [entry.account_code, entry.debit, entry.credit])).toEqual([
      ['1510', '1234.56', '0.00'],
      ['2890', '0.00', '1234.56'],
    ]);
  });

  it('filters by source and by case', async () => {
    const fees = await expectBody(await get('/ledger/journals?source=fee'), 200, ledgerJournalListResponseSchema);
    expect(fees.journals.map((journal) => journal.source)).toEqual(['fee', 'fee']);
    const ofCase = await expectBody(await get(`/ledger/journals?case_id=${caseIds[1]}`), 200, ledgerJournalListResponseSchema);
    expect(ofCase.journals.map((journal) => journal.source).sort()).toEqual(['claim', 'fee', 'interest']);
    expect(ofCase.journals.every((journal) => journal.case_reference === 'F-1002')).toBe(true);
  });

  it('returns at most 50 journals by default (spec part 2 §9) and refuses a limit above 200', async () => {
    await api.ctx.database.transaction(async (tx) => {
      for (let i = 0; i < 55; i += 1) {
        await insertLedgerJournal(
          tx,
          buildFeeJournal({
            amountOre: ore(100 + i),
            fee_code: 'REMINDER_60',
            source_ref: `bulk-${i}`,
            case_id: caseIds[0]!,
            creditor_id: creditorId,
            booked_at: '2026-11-22',
          }),
          {
            orgId: admin.org_id,
            at: api.clock.now(),
          },
        );
      }
    });
    const { journals } = await expectBody(await get('/ledger/journals'), 200, ledgerJournalListResponseSchema);
    expect(journals).toHaveLength(50);
    expect((await expectBody(await get('/ledger/journals?limit=3'), 200, ledgerJournalListResponseSchema)).journals).toHaveLength(3);
    await expectError(await get('/ledger/journals?limit=500'), 400, 'VALIDATION_FAILED');
  });
});

describe('GET /ledger/accounts', () => {
  it('lists the active accounts by code with their balances (Kontoplan)', async () => {
    await api.sql("UPDATE gl_accounts SET is_active = ? WHERE org_id = ? AND code = '1930'", false, admin.org_id);
    const { accounts } = await expectBody(await get('/ledger/accounts'), 200, ledgerAccountListResponseSchema);
    await api.sql("UPDATE gl_accounts SET is_active = ? WHERE org_id = ? AND code = '1930'", true, admin.org_id);
    expect(accounts.map((account) => account.code)).toEqual([
      '1510',
      '1511',
      '1512',
      '1900',
      '2091',
      '2099',
      '2890',
      '2990',
      '3010',
      '3740',
      '6570',
      '8310',
      '8999',
    ]);
    const principal = accounts.find((account) => account.code === '1510')!;
    expect(principal).toMatchObject({ name: 'Kundfordringar – kapital', type: 'asset', debit: '9184.56', balance: '9184.56', normal_balance: '9184.56' });
    const liability = accounts.find((account) => account.code === '2890')!;
    expect(liability).toMatchObject({ type: 'liability', credit: '9184.56', balance: '-9184.56', normal_balance: '9184.56' });
  });
});

describe('GET /ledger/trial-balance', () => {
  it('sums every account to zero: Σ debit = Σ credit, Σ balance = 0, after claims, fees and interest', async () => {
    const balance = await expectBody(await get('/ledger/trial-balance'), 200, trialBalanceResponseSchema);
    expect(balance.is_balanced).toBe(true);
    expect(balance.total_debit).toBe(balance.total_credit);
    expect(balance.total_balance).toBe('0.00');
    expect(balance.rows.reduce((sum, row) => sum + decimalToOre(row.balance), 0)).toBe(0);
    expect(balance.rows.map((row) => row.account_code)).toEqual([
      '1510',
      '1511',
      '1512',
      '1900',
      '1930',
      '2091',
      '2099',
      '2890',
      '2990',
      '3010',
      '3740',
      '6570',
      '8310',
      '8999',
    ]);
    for (const row of balance.rows) expect(decimalToOre(row.balance)).toBe(decimalToOre(row.debit) - decimalToOre(row.credit));
  });

  it('stays at zero after any further sequence of postings', async () => {
    for (let i = 0; i < 6; i += 1) {
      const caseId = await openCaseWithMoney(`F-2${i}`, `${(i + 1) * 1111}.${i}${i}`);
      // A refused fee (the law, the rules) books nothing; an accepted one books a balanced journal.
      if (i % 2 === 0) expect([201, 422]).toContain((await post(`/cases/${caseId}/fees`, { code: 'REMINDER_60' })).status);
      const balance = await expectBody(await get('/ledger/trial-balance'), 200, trialBalanceResponseSchema);
      expect(balance.total_balance).toBe('0.00');
      expect(balance.is_balanced).toBe(true);
    }
  });

  it('counts journals up to and including the Swedish calendar day `to` (00:30 in Stockholm is the next day)', async () => {
    const before = await expectBody(await get('/ledger/trial-balance'), 200, trialBalanceResponseSchema);
    // 23:30 UTC on the 22nd is 00:30 on the 23rd in Stockholm: a journal of the 23rd.
    await api.ctx.database.transaction((tx) =>
      insertLedgerJournal(
        tx,
        buildFeeJournal({ amountOre: ore(5000), fee_code: 'REMINDER_60', source_ref: 'next-day', case_id: caseIds[0]!, booked_at: '2026-11-23' }),
        {
          orgId: admin.org_id,
          at: '2026-11-22T23:30:00.000Z',
        },
      ),
    );
    const upToToday = await expectBody(await get('/ledger/trial-balance?to=2026-11-22'), 200, trialBalanceResponseSchema);
    expect(upToToday).toMatchObject({ to: '2026-11-22', total_debit: before.total_debit, total_balance: '0.00' });
    const all = await expectBody(await get('/ledger/trial-balance?to=2026-11-23'), 200, trialBalanceResponseSchema);
    expect(decimalToOre(all.total_debit) - decimalToOre(before.total_debit)).toBe(5000);
    expect(all.total_balance).toBe('0.00');
    const empty = await expectBody(await get('/ledger/trial-balance?to=2025-12-31'), 200, trialBalanceResponseSchema);
    expect(empty).toMatchObject({ total_debit: '0.00', total_credit: '0.00', total_balance: '0.00' });
  });

  it('refuses a date that is not YYYY-MM-DD or not a calendar day', async () => {
    expect((await expectError(await get('/ledger/trial-balance?to=22/11/2026'), 400, 'VALIDATION_FAILED')).message).toBe('Ange datum som ÅÅÅÅ-MM-DD');
    await expectError(await get('/ledger/trial-balance?to=2026-02-30'), 400, 'INVALID_DATE');
  });
});

describe('GET /ledger/trial-balance.csv', () => {
  it('downloads the trial balance for a Swedish spreadsheet: semicolons, decimal comma, BOM, totals row at zero', async () => {
    const response = await get('/ledger/trial-balance.csv?to=2026-11-22');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="rabalans-2026-11-22.csv"');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).split('\r\n');
    expect(lines[0]).toBe('Konto;Kontonamn;Kontotyp;Debet;Kredit;Saldo');
    const json = await expectBody(await get('/ledger/trial-balance?to=2026-11-22'), 200, trialBalanceResponseSchema);
    const principal = json.rows.find((row) => row.account_code === '1510')!;
    expect(lines).toContain(
      `1510;Kundfordringar – kapital;Tillgång;${principal.debit.replace('.', ',')};${principal.credit.replace('.', ',')};${principal.balance.replace('.', ',')}`,
    );
    expect(lines.at(-2)).toBe(`Summa;;;${json.total_debit.replace('.', ',')};${json.total_credit.replace('.', ',')};0,00`);
    expect(lines.at(-1)).toBe('');
  });
});

describe('GET /ledger/sie', () => {
  it('exports the year as SIE 4 in CP437: identification, chart, balances and one balanced #VER per journal', async () => {
    await api.request('PATCH', base(), { token: admin.token, body: { org_no: '556036-0793' } });
    const response = await get('/ledger/sie?year=2026');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="fordran-2026.se"');
    const bytes = new Uint8Array(await response.arrayBuffer());
    // 'ä' of 'Ränteintäkter' is CP437 0x84, never UTF-8's 0xC3 0xA4.
    expect(bytes).toContain(0x84);
    expect(bytes).not.toContain(0xc3);
    const text = decodeCp437(bytes);
    const lines = text.split('\r\n');
    expect(lines.slice(0, 5)).toEqual(['#FLAGGA 0', '#PROGRAM "Fordran" "0.1.0"', '#FORMAT PC8', '#GEN 20261122', '#SIETYP 4']);
    expect(lines).toContain('#ORGNR 556036-0793');
    expect(lines).toContain('#RAR 0 20260101 20261231');
    expect(lines).toContain('#KONTO 8310 "Ränteintäkter"');
    expect(lines).toContain('#KTYP 2890 S');
    expect(lines).toContain('#IB 0 1510 0.00');

    const vouchers = lines.filter((line) => line.startsWith('#VER '));
    expect(vouchers).toHaveLength(await journalCount());
    expect(vouchers[0]).toMatch(/^#VER A 1 2026112\d "Fordran F-1001" 2026112\d$/);
    let sum = 0;
    let open = false;
    for (const line of lines) {
      if (line.startsWith('#VER ')) open = true;
      else if (line.trim().startsWith('#TRANS ')) sum += decimalToOre(line.trim().split(' ')[3]!);
      else if (line === '}' && open) {
        expect(sum).toBe(0);
        open = false;
      }
    }
    const trial = await expectBody(await get('/ledger/trial-balance'), 200, trialBalanceResponseSchema);
    const principal = trial.rows.find((row) => row.account_code === '1510')!;
    expect(lines).toContain(`#UB 0 1510 ${principal.balance}`);
    const fees = trial.rows.find((row) => row.account_code === '3010')!;
    expect(lines).toContain(`#RES 0 3010 ${fees.balance}`);
  });

  it('carries earlier years into the opening balances of the next year, the result on 2099 Årets resultat, so they sum to zero', async () => {
    const text = decodeCp437(new Uint8Array(await (await get('/ledger/sie?year=2027')).arrayBuffer()));
    const lines = text.split('\r\n');
    const trial = await expectBody(await get('/ledger/trial-balance'), 200, trialBalanceResponseSchema);
    const balanceOf = (code: string) => decimalToOre(trial.rows.find((row) => row.account_code === code)!.balance);
    const principal = trial.rows.find((row) => row.account_code === '1510')!;
    expect(text).toContain(`#IB 0 1510 ${principal.balance}\r\n#UB 0 1510 ${principal.balance}`);
    const opening = lines.filter((line) => line.startsWith('#IB '));
    expect(opening.reduce((sum, line) => sum + decimalToOre(line.split(' ')[3]!), 0)).toBe(0);
    // 2026's result (fee and interest income: debit − credit, a profit is negative) opens 2027 on 2099 and is carried on
    // to 2091 on the first day.
    const resultOre = balanceOf('3010') + balanceOf('8310');
    expect(lines).toContain(`#IB 0 2099 ${oreToDecimal(ore(resultOre))}`);
    expect(lines.filter((line) => line.startsWith('#VER '))).toEqual(['#VER B 1 20270101 "Föregående års resultat balanseras i ny räkning" 20270101']);
    expect(lines).toContain(`#UB 0 2091 ${oreToDecimal(ore(resultOre))}`);
  });

  it('closes an ended year: its result goes to 2099 on the last day, and its closing balances are the next year’s opening balances', async () => {
    api.clock.set('2027-01-05T09:00:00.000Z');
    try {
      const token = (await signIn(api, admin.email)).access_token;
      const get = (path: string) => api.request('GET', `${base()}${path}`, { token });
      const balances = (text: string, label: string) =>
        Object.fromEntries(
          text
            .split('\r\n')
            .filter((line) => line.startsWith(`${label} `))
            .map((line) => [line.split(' ')[2], line.split(' ')[3]]),
        );
      const year2026 = decodeCp437(new Uint8Array(await (await get('/ledger/sie?year=2026')).arrayBuffer()));
      const year2027 = decodeCp437(new Uint8Array(await (await get('/ledger/sie?year=2027')).arrayBuffer()));
      expect(year2026).toMatch(/#VER B 1 20261231 "Årets resultat" 20261231/);
      expect(balances(year2026, '#UB')).toEqual(balances(year2027, '#IB'));
      expect(Object.values(balances(year2026, '#RES')).reduce((sum, amount) => sum + decimalToOre(amount), 0)).toBe(0);
    } finally {
      api.clock.set('2026-11-22T09:00:00.000Z');
    }
  });

  it('refuses a missing or impossible year', async () => {
    await expectError(await get('/ledger/sie'), 400, 'VALIDATION_FAILED');
    expect((await expectError(await get('/ledger/sie?year=26'), 400, 'VALIDATION_FAILED')).message).toBe('Ange år som ÅÅÅÅ');
  });
});

describe('who may read the ledger (docs/roles.md: ledger.read = admin, finance)', () => {
  const routes = ['/ledger/journals', '/ledger/accounts', '/ledger/trial-balance', '/ledger/trial-balance.csv', '/ledger/sie?year=2026'];

  it.each(routes)('finance may GET %s', async (path) => {
    expect((await get(path, finance)).status).toBe(200);
  });

  it.each(routes)('a handler may not GET %s (403)', async (path) => {
    await expectError(await get(path, handler), 403, 'FORBIDDEN');
  });
});
