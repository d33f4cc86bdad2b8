// Core throughput: interest, matching, allocation + journal, BgMax write/parse. Figures only.
import {
  LEGAL_INTEREST_PROFILE,
  REFERENCE_RATES_SEED,
  addDays,
  allocatePayment,
  assertJournalBalanced,
  buildAllocationJournal,
  buildCaseMatchIndex,
  calculateInterest,
  generateOcrReference,
  matchPaymentCandidates,
  ore,
  parseBankFile,
  writeBgMax,
  type PaymentMatchCase,
} from '../src';
import { heapMiB, measure, printTable, type Measurement } from '../../../scripts/bench-util';

const N = 100_000;
const TODAY = '2026-11-22';

function caseId(i: number): string {
  const hex = i.toString(16).padStart(12, '0');
  return `00000000-0000-4000-8000-${hex}`;
}

export async function run(): Promise<void> {
  const rows: Measurement[] = [];
  const cases: PaymentMatchCase[] = Array.from({ length: N }, (_, i) => ({
    id: caseId(i),
    status: 'active',
    total_outstandingOre: ore(10_000 + (i % 5000) * 100),
    ocr_reference: generateOcrReference(String(1_000_000 + i)),
    reference_no: `F-${i}`,
  }));

  let interestTotal = 0;
  rows.push(
    await measure('interest (reference rate + 8 %, split per half-year)', N, () => {
      for (let i = 0; i < N; i++) {
        interestTotal += calculateInterest({
          principalOre: cases[i]!.total_outstandingOre,
          dueDate: addDays('2023-01-15', i % 900),
          asOf: TODAY,
          profile: LEGAL_INTEREST_PROFILE,
          referenceRates: REFERENCE_RATES_SEED,
        }).amountOre;
      }
    }),
  );

  let index = buildCaseMatchIndex([]);
  rows.push(await measure('build match index', N, () => (index = buildCaseMatchIndex(cases))));
  let matched = 0;
  rows.push(
    await measure('match payment by OCR', N, () => {
      for (let i = 0; i < N; i++) {
        const c = cases[i]!;
        if (matchPaymentCandidates(index, { amountOre: c.total_outstandingOre, ocr: c.ocr_reference ?? null })[0]?.case_id === c.id) matched++;
      }
    }),
  );

  rows.push(
    await measure('allocate + build balanced journal', N, () => {
      for (let i = 0; i < N; i++) {
        const split = allocatePayment(ore(5_000 + (i % 100) * 100), { principalOre: ore(500_000), interestOre: ore(4_000), feesOre: ore(18_000) });
        assertJournalBalanced(buildAllocationJournal(split, { payment_id: caseId(i), case_id: cases[i]!.id, booked_at: TODAY }));
      }
    }),
  );

  let text = '';
  rows.push(
    await measure('write BgMax file', N, () => {
      text = writeBgMax({
        timestamp: '20261122060000000000',
        is_test: true,
        sections: [
          {
            recipient_bankgiro: '9912346',
            account: '58410000010098',
            paid_at: TODAY,
            deposit_serial: 1,
            payments: cases.map((c, i) => ({ amountOre: c.total_outstandingOre, reference: c.ocr_reference ?? null, bgc_serial: String(i + 1) })),
          },
        ],
      });
    }),
  );
  let parsed = 0;
  rows.push(await measure('parse BgMax file', N, async () => (parsed = (await parseBankFile(text, 'bgmax')).payments.length)));

  printTable(rows, 'rows');
  console.log(
    `interest total ${interestTotal} öre; OCR matches ${matched}/${N}; parsed ${parsed} payments; BgMax ${Math.round(text.length / 1024 / 1024)} MiB; heap ${heapMiB()} MiB`,
  );
}
