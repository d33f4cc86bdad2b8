import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DomainError } from '../errors';
import { parseBankFile, streamCamt053, type BankPaymentRecord, type Camt053FileSummary, type ParsedBankFile } from '.';

type Version = '02' | '08';

// The two versions differ in three places (reference §2.2): entry status, transaction amount, debtor.
const status = (v: Version, code: string) => (v === '02' ? `<Sts>${code}</Sts>` : `<Sts><Cd>${code}</Cd></Sts>`);
const txAmount = (v: Version, amount: string, direction: string) =>
  v === '02' ? `<AmtDtls><TxAmt><Amt Ccy="SEK">${amount}</Amt></TxAmt></AmtDtls>` : `<Amt Ccy="SEK">${amount}</Amt><CdtDbtInd>${direction}</CdtDbtInd>`;
const debtor = (v: Version, inner: string) => (v === '02' ? `<Dbtr>${inner}</Dbtr>` : `<Dbtr><Pty>${inner}</Pty></Dbtr>`);
const scor = (ref: string) => `<Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry></Tp><Ref>${ref}</Ref></CdtrRefInf></Strd>`;
const balance = (code: string, amount: string, direction: string, date: string) => `
      <Bal>
        <Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp>
        <Amt Ccy="SEK">${amount}</Amt>
        <CdtDbtInd>${direction}</CdtDbtInd>
        <Dt><Dt>${date}</Dt></Dt>
      </Bal>`;

interface DocumentOptions {
  opening?: [string, string];
  closing?: [string, string];
  account?: string;
  extraEntries?: string;
}

/**
 * A statement for 2024-05-25: a batch entry of two transactions (an SCOR OCR and Ustrd text),
 * a single entry with an RF reference, a PDNG entry, a reversal of the OCR payment, a DBIT fee
 * and an INFO entry. OPBD 10 000.00 + 2 900.00 − 1 250.00 = CLBD 11 650.00.
 */
function camtDocument(v: Version, options: DocumentOptions = {}): string {
  const [openingAmount, openingDirection] = options.opening ?? ['10000.00', 'CRDT'];
  const [closingAmount, closingDirection] = options.closing ?? ['11650.00', 'CRDT'];
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.${v}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <BkToCstmrStmt>
    <GrpHdr>
      <MsgId>MSG-20240525-0001</MsgId>
      <CreDtTm>2024-05-25T18:00:00</CreDtTm>
    </GrpHdr>
    <Stmt>
      <Id>STMT-20240525</Id>
      <CreDtTm>2024-05-25T18:00:00</CreDtTm>
      <FrToDt><FrDtTm>2024-05-25T00:00:00</FrDtTm><ToDtTm>2024-05-25T23:59:59</ToDtTm></FrToDt>
      <Acct>${options.account ?? '<Id><IBAN>SE4550000000058398257466</IBAN></Id>'}<Ccy>SEK</Ccy></Acct>
      ${balance('OPBD', openingAmount, openingDirection, '2024-05-24')}
      ${balance('CLBD', closingAmount, closingDirection, '2024-05-25')}
      <Ntry>
        <Amt Ccy="SEK">2400.00</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        ${status(v, 'BOOK')}
        <BookgDt><Dt>2024-05-25</Dt></BookgDt>
        <ValDt><Dt>2024-05-25</Dt></ValDt>
        <AcctSvcrRef>BG-20240525-0001</AcctSvcrRef>
        <NtryDtls>
          <Btch><NbOfTxs>2</NbOfTxs></Btch>
          <TxDtls>
            <Refs><EndToEndId>NOTPROVIDED</EndToEndId></Refs>
            ${txAmount(v, '1000.00', 'CRDT')}
            <RltdPties>
              ${debtor(v, '<Nm>Anna Andersson</Nm><PstlAdr><StrtNm>Storgatan</StrtNm><BldgNb>1</BldgNb><PstCd>123 45</PstCd><TwnNm>Örebro</TwnNm><Ctry>SE</Ctry></PstlAdr><Id><OrgId><Othr><Id>5560360793</Id></Othr></OrgId></Id>')}
              <DbtrAcct><Id><IBAN>SE3550000000054910000003</IBAN></Id></DbtrAcct>
            </RltdPties>
            <RmtInf>${scor('655969')}</RmtInf>
          </TxDtls>
          <TxDtls>
            <Refs><EndToEndId>E2E-2</EndToEndId></Refs>
            ${txAmount(v, '1400.00', 'CRDT')}
            <RltdPties>${debtor(v, '<Nm>Bo Ek &amp; Söner AB</Nm>')}</RltdPties>
            <RmtInf><Ustrd>Faktura 12345</Ustrd><Ustrd>Tack för lånet!</Ustrd></RmtInf>
          </TxDtls>
        </NtryDtls>
      </Ntry>
      <Ntry>
        <Amt Ccy="SEK">500.00</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        ${status(v, 'BOOK')}
        <BookgDt><Dt>2024-05-25</Dt></BookgDt>
        <NtryDtls><TxDtls><Refs><EndToEndId>E2E-500</EndToEndId></Refs><RmtInf>${scor('RF18539007547034')}</RmtInf></TxDtls></NtryDtls>
      </Ntry>
      <Ntry>
        <Amt Ccy="SEK">300.00</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        ${status(v, 'PDNG')}
        <ValDt><Dt>2024-05-26</Dt></ValDt>
        <AcctSvcrRef>PDNG-0001</AcctSvcrRef>
      </Ntry>
      <Ntry>
        <Amt Ccy="SEK">1000.00</Amt>
        <CdtDbtInd>DBIT</CdtDbtInd>
        <RvslInd>true</RvslInd>
        ${status(v, 'BOOK')}
        <BookgDt><Dt>2024-05-25</Dt></BookgDt>
        <AcctSvcrRef>REV-0001</AcctSvcrRef>
        <NtryDtls><TxDtls>${txAmount(v, '1000.00', 'DBIT')}<RmtInf>${scor('655969')}</RmtInf></TxDtls></NtryDtls>
      </Ntry>
      <Ntry>
        <Amt Ccy="SEK">250.00</Amt>
        <CdtDbtInd>DBIT</CdtDbtInd>
        ${status(v, 'BOOK')}
        <BookgDt><Dt>2024-05-25</Dt></BookgDt>
        <AcctSvcrRef>FEE-0001</AcctSvcrRef>
        <AddtlNtryInf>Avgift</AddtlNtryInf>
      </Ntry>
      <Ntry>
        <Amt Ccy="SEK">50.00</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        ${status(v, 'INFO')}
        <BookgDt><Dt>2024-05-25</Dt></BookgDt>
      </Ntry>${options.extraEntries ?? ''}
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;
}

/** 1-based line of the n-th (0-based) occurrence of `needle`. */
function lineOf(text: string, needle: string, nth = 0): number {
  let at = -1;
  for (let i = 0; i <= nth; i += 1) at = text.indexOf(needle, at + 1);
  return text.slice(0, at).split('\n').length;
}

async function parse(input: string | Uint8Array | Iterable<string | Uint8Array>): Promise<ParsedBankFile<Camt053FileSummary>> {
  return (await parseBankFile(input, 'camt053')) as ParsedBankFile<Camt053FileSummary>;
}

/** The fields that do not depend on the account or the file layout. */
const portable = ({ transaction_id: _id, line: _line, recipient_account: _a, recipient_bankgiro: _b, ...rest }: BankPaymentRecord) => rest;

describe.each(['02', '08'] as const)('camt.053.001.%s', (v) => {
  const doc = camtDocument(v);

  it('returns each transaction of a booked batch entry as a payment, with the TxDtls line', async () => {
    const { payments } = await parse(doc);
    expect(payments.map((p) => [p.line, p.amountOre, p.paid_at])).toEqual([
      [lineOf(doc, '<TxDtls>', 0), 100000, '2024-05-25'],
      [lineOf(doc, '<TxDtls>', 1), 140000, '2024-05-25'],
      [lineOf(doc, '<TxDtls>', 2), 50000, '2024-05-25'],
    ]);
  });

  it('reads the SCOR OCR, the payer and the debtor account', async () => {
    const { payments } = await parse(doc);
    expect(payments[0]).toMatchObject({
      format: 'camt053',
      reference: '655969',
      reference_code: 'ocr',
      ocr: '655969',
      message: null,
      payer_name: 'Anna Andersson',
      payer_address: 'Storgatan 1, 123 45 Örebro, SE',
      payer_org_no: '5560360793',
      payer_account: 'SE3550000000054910000003',
      currency: 'SEK',
      is_reversal: false,
      bank_reference: 'BG-20240525-0001',
    });
  });

  it('joins Ustrd lines into the message and keeps non-numeric SCOR as text', async () => {
    const { payments } = await parse(doc);
    expect(payments[1]).toMatchObject({
      message: 'Faktura 12345\nTack för lånet!',
      reference: 'Faktura 12345 Tack för lånet!',
      reference_code: 'free_text',
      ocr: null,
      payer_name: 'Bo Ek & Söner AB',
    });
    expect(payments[2]).toMatchObject({ reference: 'RF18539007547034', reference_code: 'free_text', ocr: null });
  });

  it('identifies transactions by AcctSvcrRef + TxDtls index, else EndToEndId with date, amount and reference', async () => {
    const { payments } = await parse(doc);
    expect(payments.map((p) => [p.transaction_id, p.identity])).toEqual([
      ['camt:SE4550000000058398257466:BG-20240525-0001:1', 'bank_reference'],
      ['camt:SE4550000000058398257466:BG-20240525-0001:2', 'bank_reference'],
      ['camt:SE4550000000058398257466:e2e:E2E-500:2024-05-25:50000:RF18539007547034', 'end_to_end'],
    ]);
  });

  it('scopes transaction ids by the account key it is given', async () => {
    const { payments } = await parseBankFile(doc, 'camt053', { camt: { accountKey: (account) => (account.iban ? 'KLIENTMEDEL' : null) } });
    expect(payments[0]!.transaction_id).toBe('camt:KLIENTMEDEL:BG-20240525-0001:1');
  });

  it('reports the reversal as a reversal, signed by its direction', async () => {
    const { reversals } = await parse(doc);
    expect(reversals).toHaveLength(1);
    expect(reversals[0]).toMatchObject({ amountOre: -100000, is_reversal: true, ocr: '655969', line: lineOf(doc, '<TxDtls>', 3) });
  });

  it('summarises the statement: balances, counts, booked credits and debits, reconciled', async () => {
    const { summary } = await parse(doc);
    expect(summary).toMatchObject({
      format: 'camt053',
      version: `001.${v}`,
      message_id: 'MSG-20240525-0001',
      file_identity: 'camt053:MSG-20240525-0001',
      payments: 3,
      reversals: 1,
      total_amountOre: 290000,
      total_creditsOre: 290000,
      total_debitsOre: 125000,
    });
    expect(summary.statements).toHaveLength(1);
    expect(summary.statements[0]).toMatchObject({
      line: lineOf(doc, '<Stmt>'),
      id: 'STMT-20240525',
      account_iban: 'SE4550000000058398257466',
      currency: 'SEK',
      opening_balanceOre: 1000000,
      closing_balanceOre: 1165000,
      statement_date: '2024-05-25',
      entries: { total: 6, booked: 4, pending: 1, info: 1, other_status: 0, reversals: 1, booked_credits: 2, booked_debits: 2 },
      payments: 3,
      reconciliation_status: 'reconciled',
    });
  });

  it('reports PDNG, INFO and the reversal as info findings only', async () => {
    const { summary } = await parse(doc);
    expect(summary.errors.map((f) => [f.severity, f.code, f.line])).toEqual([
      ['info', 'BANK_FILE_RECORD_IGNORED', lineOf(doc, '<Ntry>', 2)],
      ['info', 'BANK_FILE_REVERSAL', lineOf(doc, '<TxDtls>', 3)],
      ['info', 'BANK_FILE_RECORD_IGNORED', lineOf(doc, '<Ntry>', 5)],
    ]);
  });

  it('reports a statement whose OPBD + credits − debits ≠ CLBD', async () => {
    const { summary } = await parse(camtDocument(v, { closing: ['11000.00', 'CRDT'] }));
    expect(summary.statements[0]!.reconciliation_status).toBe('mismatch');
    expect(summary.errors).toContainEqual(
      expect.objectContaining({ severity: 'warning', code: 'BANK_STATEMENT_BALANCE_MISMATCH', line: lineOf(doc, '<Stmt>') }),
    );
  });

  it('signs a DBIT opening balance negative in the reconciliation', async () => {
    const { summary } = await parse(camtDocument(v, { opening: ['100.00', 'DBIT'], closing: ['1550.00', 'CRDT'] }));
    expect(summary.statements[0]).toMatchObject({ opening_balanceOre: -10000, closing_balanceOre: 155000, reconciliation_status: 'reconciled' });
  });
});

describe('camt.053 versions and accounts', () => {
  it('001.02 and 001.08 give the same payments', async () => {
    const [v02, v08] = await Promise.all([parse(camtDocument('02')), parse(camtDocument('08'))]);
    expect(v08.payments.map(portable)).toEqual(v02.payments.map(portable));
    expect(v08.reversals.map(portable)).toEqual(v02.reversals.map(portable));
  });

  it('reads a bankgiro account (Othr with scheme BGNR) as the recipient bankgiro', async () => {
    const account = '<Id><Othr><Id>99123467</Id><SchmeNm><Prtry>BGNR</Prtry></SchmeNm></Othr></Id>';
    const { payments, summary } = await parse(camtDocument('08', { account }));
    expect(payments[0]).toMatchObject({ recipient_bankgiro: '99123467', recipient_account: '99123467' });
    expect(summary.statements[0]).toMatchObject({ account_iban: null, account_other_id: '99123467', account_scheme: 'BGNR' });
  });

  it('accepts a prefixed namespace', async () => {
    const prefixed = camtDocument('02')
      .replace('<Document xmlns=', '<c:Document xmlns:c=')
      .replace('</Document>', '</c:Document>')
      .replace(/<(\/?)(?!c:|\?)([A-Za-z])/g, '<$1c:$2');
    const { payments } = await parse(prefixed);
    expect(payments).toHaveLength(3);
  });
});

describe('camt.053 findings', () => {
  const entry = (inner: string) => `
      <Ntry>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <BookgDt><Dt>2024-05-25</Dt></BookgDt>
        ${inner}
      </Ntry>`;

  it.each([
    [
      'a batch whose transactions do not add up to the entry',
      entry(
        `<Amt Ccy="SEK">10.00</Amt><Sts>BOOK</Sts><AcctSvcrRef>X-1</AcctSvcrRef><NtryDtls><TxDtls><AmtDtls><TxAmt><Amt Ccy="SEK">4.00</Amt></TxAmt></AmtDtls></TxDtls><TxDtls><AmtDtls><TxAmt><Amt Ccy="SEK">5.00</Amt></TxAmt></AmtDtls></TxDtls></NtryDtls>`,
      ),
      'warning:BANK_FILE_TOTALS_MISMATCH',
    ],
    ['an entry without status (read as BOOK)', entry('<Amt Ccy="SEK">10.00</Amt><AcctSvcrRef>X-2</AcctSvcrRef>'), 'warning:BANK_FILE_INVALID_FIELD'],
    ['an amount with three decimals', entry('<Amt Ccy="SEK">10.005</Amt><Sts>BOOK</Sts><AcctSvcrRef>X-3</AcctSvcrRef>'), 'warning:TOO_MANY_DECIMALS'],
    ['an unreadable amount', entry('<Amt Ccy="SEK">10,00</Amt><Sts>BOOK</Sts><AcctSvcrRef>X-4</AcctSvcrRef>'), 'error:INVALID_AMOUNT'],
    ['an entry without any bank reference', entry('<Amt Ccy="SEK">10.00</Amt><Sts>BOOK</Sts>'), 'warning:BANK_FILE_INVALID_FIELD'],
  ])('%s', async (_name, extraEntries, expected) => {
    const doc = camtDocument('02', { extraEntries });
    const { summary } = await parse(doc);
    const line = lineOf(doc, '<Ntry>', 6);
    expect(summary.errors.map((f) => `${f.severity}:${f.code}`)).toContain(expected);
    expect(summary.errors.find((f) => `${f.severity}:${f.code}` === expected)?.line).toBeGreaterThanOrEqual(line);
  });

  it('gives a repeated bank reference a distinct transaction id', async () => {
    const extra = entry('<Amt Ccy="SEK">10.00</Amt><Sts>BOOK</Sts><AcctSvcrRef>DUP</AcctSvcrRef>');
    const doc = camtDocument('02', { extraEntries: extra + extra });
    const { payments, summary } = await parse(doc);
    expect(payments.slice(-2).map((p) => p.transaction_id)).toEqual(['camt:SE4550000000058398257466:DUP', 'camt:SE4550000000058398257466:DUP#2']);
    expect(summary.errors).toContainEqual(
      expect.objectContaining({ severity: 'warning', code: 'BANK_FILE_DUPLICATE_TRANSACTION', line: lineOf(doc, '<Ntry>', 7) }),
    );
  });

  it('falls back to the statement date when an entry has no booking or value date', async () => {
    const extra = '<Ntry><Amt Ccy="SEK">10.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><AcctSvcrRef>ND</AcctSvcrRef></Ntry>';
    const { payments, summary } = await parse(camtDocument('02', { extraEntries: extra }));
    expect(payments.at(-1)!.paid_at).toBe('2024-05-25');
    expect(summary.errors).toContainEqual(expect.objectContaining({ severity: 'warning', code: 'INVALID_DATE' }));
  });
});

describe('camt.053 amounts in another currency', () => {
  const euro = `
      <Ntry>
        <Amt Ccy="EUR">8.85</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <Sts>BOOK</Sts>
        <BookgDt><Dt>2024-05-25</Dt></BookgDt>
        <AcctSvcrRef>EUR-0001</AcctSvcrRef>
        <NtryDtls><TxDtls><AmtDtls><TxAmt><Amt Ccy="EUR">8.85</Amt></TxAmt></AmtDtls><RmtInf>${scor('655969')}</RmtInf></TxDtls></NtryDtls>
      </Ntry>`;

  it('never books an entry of 8.85 EUR as 8,85 kr: it is reported with its line, amount and currency', async () => {
    const doc = camtDocument('02', { extraEntries: euro });
    const { payments, foreign, summary } = await parse(doc);
    expect(payments.map((p) => p.currency)).toEqual(['SEK', 'SEK', 'SEK']);
    expect(foreign).toEqual([expect.objectContaining({ amountOre: 885, currency: 'EUR', ocr: '655969', line: lineOf(doc, '<TxDtls>', 4) })]);
    expect(summary).toMatchObject({ payments: 3, foreign: 1, total_amountOre: 290000, total_creditsOre: 290000 });
    expect(summary.errors).toContainEqual({
      severity: 'warning',
      code: 'BANK_FILE_CURRENCY',
      line: lineOf(doc, '<TxDtls>', 4),
      message: 'Beloppet är i en annan valuta än kontots och bokförs inte: 8.85 EUR',
    });
    // The euro entry is not summed with kronor, so the SEK balances still reconcile.
    expect(summary.statements[0]!.reconciliation_status).toBe('reconciled');
  });

  it('reports a balance in another currency and checks only the SEK ones', async () => {
    const eurBalance = `<Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">10.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2024-05-25</Dt></Dt></Bal>`;
    const doc = camtDocument('02').replace('<Ntry>', `${eurBalance}\n      <Ntry>`);
    const { summary } = await parse(doc);
    const statement = summary.statements[0]!;
    expect(statement.balances.map((b) => [b.type, b.currency])).toEqual([
      ['OPBD', 'SEK'],
      ['CLBD', 'SEK'],
      ['CLBD', 'EUR'],
    ]);
    expect(statement).toMatchObject({ closing_balanceOre: 1165000, reconciliation_status: 'reconciled' });
    expect(summary.errors).toContainEqual(
      expect.objectContaining({ severity: 'warning', code: 'BANK_FILE_CURRENCY', message: expect.stringContaining('10.00 EUR') }),
    );
  });
});

describe('camt.053 unreadable files', () => {
  it.each([
    ['camt.054', camtDocument('02').replace('camt.053.001.02', 'camt.054.001.02'), 'BANK_FILE_UNKNOWN_FORMAT'],
    ['camt.052', camtDocument('08').replace('camt.053.001.08', 'camt.052.001.08'), 'BANK_FILE_UNKNOWN_FORMAT'],
    [
      'another namespace',
      camtDocument('02').replace('urn:iso:std:iso:20022:tech:xsd:camt.053.001.02', 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.03'),
      'BANK_FILE_UNKNOWN_FORMAT',
    ],
    ['XML without a namespace', '<Document><BkToCstmrStmt/></Document>', 'BANK_FILE_UNKNOWN_FORMAT'],
    ['an empty file', '', 'BANK_FILE_UNREADABLE'],
    ['truncated XML', camtDocument('02').slice(0, 2000), 'BANK_FILE_UNREADABLE'],
    ['not XML', 'hello, world', 'BANK_FILE_UNREADABLE'],
    ['an undefined entity', camtDocument('02').replace('Anna', '&anna;'), 'BANK_FILE_UNREADABLE'],
  ])('%s throws %s', async (_name, text, code) => {
    await expect(parse(text)).rejects.toMatchObject({ name: 'DomainError', code });
  });

  it('names the line of an XML error', async () => {
    const broken = camtDocument('02').replace('<Sts>PDNG</Sts>', '<Sts>PDNG</Stx>');
    await expect(parse(broken)).rejects.toMatchObject({ code: 'BANK_FILE_UNREADABLE', details: { line: lineOf(broken, '</Stx>') } });
  });

  it('never throws anything but a DomainError for a mutated document', async () => {
    const doc = camtDocument('08');
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.nat({ max: doc.length - 1 }), fc.string({ maxLength: 4 }), fc.nat({ max: 8 })), { maxLength: 6 }),
        async (edits) => {
          let mutated = doc;
          for (const [at, insert, remove] of edits) mutated = mutated.slice(0, at) + insert + mutated.slice(at + remove);
          try {
            await parse(mutated);
          } catch (error) {
            expect(error).toBeInstanceOf(DomainError);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('camt.053 streaming', () => {
  it('any chunking of the UTF-8 bytes gives the same result as the whole document', async () => {
    const bytes = new TextEncoder().encode(camtDocument('08'));
    const whole = await parse(bytes);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 20 }), async (cuts) => {
        const points = [0, ...[...new Set(cuts)].sort((a, b) => a - b), bytes.length];
        const parsed = await parse(points.slice(1).map((end, i) => bytes.subarray(points[i]!, end)));
        expect(parsed.payments).toEqual(whole.payments);
        expect(parsed.summary).toEqual(whole.summary);
      }),
      { numRuns: 50 },
    );
  });

  it('yields the first payment long before a large statement is read to the end', async () => {
    const count = 5000;
    let pulled = 0;
    const head = camtDocument('02').split('<Ntry>')[0]!;
    async function* source() {
      yield head;
      for (let i = 0; i < count; i += 1) {
        pulled += 1;
        yield `<Ntry><Amt Ccy="SEK">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2024-05-25</Dt></BookgDt><AcctSvcrRef>R${i}</AcctSvcrRef></Ntry>\n`;
      }
      yield '</Stmt></BkToCstmrStmt></Document>';
    }
    let firstAt = -1;
    let payments = 0;
    for await (const event of streamCamt053(source())) {
      if (event.kind === 'payment' && firstAt < 0) firstAt = pulled;
      if (event.kind === 'payment') payments += 1;
      if (event.kind === 'end') expect(event.summary.statements[0]!.reconciliation_status).toBe('mismatch');
    }
    expect(payments).toBe(count);
    expect(firstAt).toBeLessThan(10);
  });
});
