import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { detectBankFileFormat, parseBankFile, type BankFileFinding, type Camt054FileSummary, type ParsedBankFile } from '.';

// Hand-written camt.054 credit notifications (reference §2.5), independent of Fordran's own writer.

const ns = (v: string) => `urn:iso:std:iso:20022:tech:xsd:camt.054.${v}`;
const status = (v: string, code: string) => (v === '001.02' ? `<Sts>${code}</Sts>` : `<Sts><Cd>${code}</Cd></Sts>`);
const debtor = (v: string, name: string) => (v === '001.02' ? `<Dbtr><Nm>${name}</Nm></Dbtr>` : `<Dbtr><Pty><Nm>${name}</Nm></Pty></Dbtr>`);
const txAmount = (v: string, amount: string, ccy = 'SEK') =>
  v === '001.02' ? `<AmtDtls><TxAmt><Amt Ccy="${ccy}">${amount}</Amt></TxAmt></AmtDtls>` : `<Amt Ccy="${ccy}">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd>`;
const scor = (ref: string) => `<Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry></Tp><Ref>${ref}</Ref></CdtrRefInf></Strd>`;

function notification(account: string, entries: string, id = 'NTF-1'): string {
  return `
    <Ntfctn>
      <Id>${id}</Id>
      <CreDtTm>2026-11-24T10:15:00</CreDtTm>
      <Acct>${account}<Ccy>SEK</Ccy></Acct>
      ${entries}
    </Ntfctn>`;
}

function document(v: string, notifications: string, msgId = '<MsgId>CN-20261124-0001</MsgId>'): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="${ns(v)}">
  <BkToCstmrDbtCdtNtfctn>
    <GrpHdr>${msgId}<CreDtTm>2026-11-24T10:15:00</CreDtTm></GrpHdr>${notifications}
  </BkToCstmrDbtCdtNtfctn>
</Document>
`;
}

const BANKGIRO_ACCOUNT = '<Id><Othr><Id>50501055</Id><SchmeNm><Prtry>BGNR</Prtry></SchmeNm></Othr></Id>';
const IBAN_ACCOUNT = '<Id><IBAN>SE4550000000058398257466</IBAN></Id>';

/** A bankgiro batch of two OCR payments, one Ustrd-only payment without any bank reference, a debit. */
function creditNotification(v: string): string {
  return document(
    v,
    notification(
      BANKGIRO_ACCOUNT,
      `
      <Ntry>
        <Amt Ccy="SEK">3450.00</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        ${status(v, 'BOOK')}
        <BookgDt><Dt>2026-11-24</Dt></BookgDt>
        <ValDt><Dt>2026-11-24</Dt></ValDt>
        <AcctSvcrRef>BGC-7001</AcctSvcrRef>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>DMCT</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls>
          <TxDtls>
            <Refs><AcctSvcrRef>BGC-7001-1</AcctSvcrRef><EndToEndId>NOTPROVIDED</EndToEndId></Refs>
            ${txAmount(v, '2000.00')}
            <RltdPties>${debtor(v, 'Anna Andersson')}</RltdPties>
            <RmtInf>${scor('655969')}</RmtInf>
          </TxDtls>
          <TxDtls>
            <Refs><AcctSvcrRef>BGC-7001-2</AcctSvcrRef></Refs>
            ${txAmount(v, '1450.00')}
            <RltdPties>${debtor(v, 'Bo Ek')}</RltdPties>
            <RmtInf>${scor('4564')}</RmtInf>
          </TxDtls>
        </NtryDtls>
      </Ntry>
      <Ntry>
        <Amt Ccy="SEK">500.00</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        ${status(v, 'BOOK')}
        <BookgDt><Dt>2026-11-24</Dt></BookgDt>
        <NtryDtls><TxDtls><RmtInf><Ustrd>Ärende F-1042</Ustrd></RmtInf></TxDtls></NtryDtls>
      </Ntry>
      <Ntry>
        <Amt Ccy="SEK">99.00</Amt>
        <CdtDbtInd>DBIT</CdtDbtInd>
        ${status(v, 'BOOK')}
        <BookgDt><Dt>2026-11-24</Dt></BookgDt>
        <AcctSvcrRef>FEE-1</AcctSvcrRef>
      </Ntry>`,
    ),
  );
}

async function parse(xml: string): Promise<ParsedBankFile<Camt054FileSummary>> {
  return (await parseBankFile(xml)) as ParsedBankFile<Camt054FileSummary>;
}

const codes = (errors: BankFileFinding[]) => errors.map((finding) => finding.code);

describe.each(['001.02', '001.08'])('camt.054.%s credit notification', (v) => {
  const xml = creditNotification(v);

  it('is detected by its namespace', () => {
    expect(detectBankFileFormat(xml)).toBe('camt054');
  });

  it('books each transaction of a batch, the OCR from SCOR, and an Ustrd-only payment; never the debit', async () => {
    const { payments, summary } = await parse(xml);
    expect(payments.map((p) => [p.format, p.amountOre, p.ocr, p.reference, p.payer_name, p.paid_at])).toEqual([
      ['camt054', 200000, '655969', '655969', 'Anna Andersson', '2026-11-24'],
      ['camt054', 145000, '4564', '4564', 'Bo Ek', '2026-11-24'],
      ['camt054', 50000, null, 'Ärende F-1042', null, '2026-11-24'],
    ]);
    expect(summary).toMatchObject({
      format: 'camt054',
      version: v,
      message_id: 'CN-20261124-0001',
      file_identity: 'camt054:CN-20261124-0001',
      payments: 3,
      foreign: 0,
      total_amountOre: 395000,
      total_creditsOre: 395000,
      total_debitsOre: 9900,
    });
    expect(summary.notifications).toHaveLength(1);
    expect(summary.notifications[0]).toMatchObject({ id: 'NTF-1', account_other_id: '50501055', account_scheme: 'BGNR', payments: 3 });
  });

  it('names transactions by the bank reference, else by content, with how sure that is', async () => {
    const { payments, summary } = await parse(xml);
    expect(payments.map((p) => [p.transaction_id, p.identity, p.bank_reference])).toEqual([
      ['camt:50501055:BGC-7001-1', 'bank_reference', 'BGC-7001-1'],
      ['camt:50501055:BGC-7001-2', 'bank_reference', 'BGC-7001-2'],
      [expect.stringMatching(/^camt:50501055:sha256-[0-9a-f]{32}$/), 'content', null],
    ]);
    expect(payments[0]!.recipient_bankgiro).toBe('50501055');
    // The content id is uncertain, and the import is told so.
    expect(summary.errors).toContainEqual(expect.objectContaining({ code: 'BANK_FILE_INVALID_FIELD', line: payments[2]!.line }));
  });
});

describe('camt.054 edge cases', () => {
  it('reads several notifications in one file, each with its own account', async () => {
    const entry = (ref: string, amount: string) => `
      <Ntry><Amt Ccy="SEK">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-11-24</Dt></BookgDt>
        <AcctSvcrRef>${ref}</AcctSvcrRef></Ntry>`;
    const xml = document('001.02', notification(BANKGIRO_ACCOUNT, entry('A-1', '100.00'), 'N-1') + notification(IBAN_ACCOUNT, entry('B-1', '250.50'), 'N-2'));
    const { payments, summary } = await parse(xml);
    expect(payments.map((p) => [p.transaction_id, p.amountOre, p.recipient_account])).toEqual([
      ['camt:50501055:A-1', 10000, '50501055'],
      ['camt:SE4550000000058398257466:B-1', 25050, 'SE4550000000058398257466'],
    ]);
    expect(summary.notifications.map((n) => [n.id, n.total_creditsOre])).toEqual([
      ['N-1', 10000],
      ['N-2', 25050],
    ]);
  });

  it('reports an amount in euro as foreign, in no total, and never as a payment', async () => {
    const xml = document(
      '001.08',
      notification(
        IBAN_ACCOUNT,
        `
      <Ntry><Amt Ccy="EUR">8.85</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2026-11-24</Dt></BookgDt>
        <AcctSvcrRef>EUR-1</AcctSvcrRef>
        <NtryDtls><TxDtls><Amt Ccy="EUR">8.85</Amt><CdtDbtInd>CRDT</CdtDbtInd><RmtInf>${scor('655969')}</RmtInf></TxDtls></NtryDtls></Ntry>
      <Ntry><Amt Ccy="SEK">100.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2026-11-24</Dt></BookgDt>
        <AcctSvcrRef>SEK-1</AcctSvcrRef></Ntry>`,
      ),
    );
    const { payments, foreign, summary } = await parse(xml);
    expect(payments.map((p) => [p.amountOre, p.currency])).toEqual([[10000, 'SEK']]);
    expect(foreign.map((p) => [p.amountOre, p.currency, p.ocr])).toEqual([[885, 'EUR', '655969']]);
    expect(summary).toMatchObject({ payments: 1, foreign: 1, total_amountOre: 10000, total_creditsOre: 10000 });
    const warning = summary.errors.find((finding) => finding.code === 'BANK_FILE_CURRENCY');
    expect(warning).toMatchObject({ severity: 'warning', line: foreign[0]!.line });
    expect(warning!.message).toContain('8.85 EUR');
  });

  it('takes the SEK amount of a transaction that also states the instructed foreign amount', async () => {
    const xml = document(
      '001.08',
      notification(
        IBAN_ACCOUNT,
        `
      <Ntry><Amt Ccy="SEK">98.40</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2026-11-24</Dt></BookgDt>
        <NtryDtls><TxDtls><Refs><AcctSvcrRef>FX-1</AcctSvcrRef></Refs><Amt Ccy="EUR">8.85</Amt><CdtDbtInd>CRDT</CdtDbtInd>
          <AmtDtls><TxAmt><Amt Ccy="SEK">98.40</Amt></TxAmt></AmtDtls></TxDtls></NtryDtls></Ntry>`,
      ),
    );
    const { payments, foreign } = await parse(xml);
    expect(payments.map((p) => [p.amountOre, p.currency])).toEqual([[9840, 'SEK']]);
    expect(foreign).toEqual([]);
  });

  it('reports reversals and returned payments, and books neither', async () => {
    const xml = document(
      '001.02',
      notification(
        IBAN_ACCOUNT,
        `
      <Ntry><Amt Ccy="SEK">2000.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><RvslInd>true</RvslInd><Sts>BOOK</Sts><BookgDt><Dt>2026-11-25</Dt></BookgDt>
        <AcctSvcrRef>REV-1</AcctSvcrRef><NtryDtls><TxDtls><RmtInf>${scor('655969')}</RmtInf></TxDtls></NtryDtls></Ntry>
      <Ntry><Amt Ccy="SEK">300.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-11-25</Dt></BookgDt>
        <AcctSvcrRef>RET-1</AcctSvcrRef><BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>ICDT</Cd><SubFmlyCd>RRTN</SubFmlyCd></Fmly></Domn></BkTxCd></Ntry>
      <Ntry><Amt Ccy="SEK">400.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-11-25</Dt></BookgDt>
        <NtryDtls><TxDtls><Refs><AcctSvcrRef>RET-2</AcctSvcrRef></Refs><RtrInf><Rsn><Cd>AC04</Cd></Rsn></RtrInf></TxDtls></NtryDtls></Ntry>`,
      ),
    );
    const { payments, reversals, returned, summary } = await parse(xml);
    expect(payments).toEqual([]);
    expect(reversals.map((r) => [r.amountOre, r.ocr, r.is_reversal])).toEqual([[-200000, '655969', true]]);
    expect(returned.map((r) => [r.amountOre, r.transaction_id])).toEqual([
      [30000, 'camt:SE4550000000058398257466:RET-1'],
      [40000, 'camt:SE4550000000058398257466:RET-2'],
    ]);
    expect(summary.total_amountOre).toBe(0);
    expect(codes(summary.errors)).toEqual(expect.arrayContaining(['BANK_FILE_REVERSAL', 'BANK_FILE_RETURNED']));
  });

  it('reads a version it was not written for with an info line', async () => {
    const { payments, summary } = await parse(creditNotification('001.04').replace(ns('001.04'), ns('001.04')));
    expect(payments).toHaveLength(3);
    expect(summary.errors).toContainEqual(expect.objectContaining({ severity: 'info', code: 'BANK_FILE_UNKNOWN_FORMAT' }));
  });

  it('says when a file forced as camt.053 is a notification, and the reverse', async () => {
    await expect(parseBankFile(creditNotification('001.02'), 'camt053')).rejects.toMatchObject({
      code: 'BANK_FILE_UNKNOWN_FORMAT',
      message: 'Filen är camt.054, inte ett kontoutdrag i camt.053',
    });
    const statement = creditNotification('001.02').replaceAll('camt.054', 'camt.053').replaceAll('BkToCstmrDbtCdtNtfctn', 'BkToCstmrStmt');
    await expect(parseBankFile(statement, 'camt054')).rejects.toMatchObject({ message: 'Filen är camt.053, inte en avisering i camt.054' });
  });

  it('refuses a notification without Ntfctn as an error finding, and camt.052 as an unknown format', async () => {
    const { summary } = await parse(document('001.02', ''));
    expect(summary.errors).toContainEqual(expect.objectContaining({ severity: 'error', code: 'BANK_FILE_STRUCTURE' }));
    expect(() => detectBankFileFormat(creditNotification('001.02').replaceAll('camt.054', 'camt.052'))).toThrow(DomainError);
  });
});
