import { ERROR_MESSAGES, type DomainErrorCode } from '../errors';
import { MAX_ABS_ORE, ore, type Ore } from '../money';
import type { BankFileFinding, BankFileFindingSeverity } from './types';

/** At most this many findings are kept; a garbage file must not fill memory with them. */
export const BANK_FILE_MAX_FINDINGS = 1000;

/** Collects findings with a cap, and tolerated oddities (short lines, TABs…) as one finding per kind. */
export interface BankFindingCollector {
  add(severity: BankFileFindingSeverity, code: DomainErrorCode, message: string, line?: number): void;
  /** Counts a tolerated oddity; reported once at the end with its first line and count. */
  tally(key: string, severity: BankFileFindingSeverity, code: DomainErrorCode, message: string, line: number): void;
  hasErrors(): boolean;
  finish(): { errors: BankFileFinding[]; finding_counts: Record<BankFileFindingSeverity, number> };
}

export function createBankFindingCollector(limit: number = BANK_FILE_MAX_FINDINGS): BankFindingCollector {
  const kept: BankFileFinding[] = [];
  const counts: Record<BankFileFindingSeverity, number> = { error: 0, warning: 0, info: 0 };
  const tallies = new Map<string, { finding: BankFileFinding; count: number }>();
  let dropped = 0;
  const push = (finding: BankFileFinding): void => {
    counts[finding.severity] += 1;
    if (kept.length < limit) kept.push(finding);
    else dropped += 1;
  };
  return {
    add(severity, code, message, line) {
      push(line === undefined ? { severity, code, message } : { severity, code, message, line });
    },
    tally(key, severity, code, message, line) {
      const existing = tallies.get(key);
      if (existing) existing.count += 1;
      else tallies.set(key, { finding: { severity, code, message, line }, count: 1 });
    },
    hasErrors: () => counts.error > 0 || [...tallies.values()].some((t) => t.finding.severity === 'error'),
    finish() {
      for (const { finding, count } of tallies.values()) {
        push(count === 1 ? finding : { ...finding, message: `${finding.message} (${count} rader, första rad ${finding.line})` });
      }
      tallies.clear();
      if (dropped > 0) {
        kept.push({
          severity: 'info',
          code: 'VALIDATION_FAILED',
          message: `${dropped} ytterligare anmärkningar visas inte`,
        });
        dropped = 0;
      }
      return { errors: kept, finding_counts: { ...counts } };
    },
  };
}

/** The catalogue message of a code, for findings that need no extra words. */
export function bankFindingMessage(code: DomainErrorCode, detail?: string): string {
  return detail ? `${ERROR_MESSAGES[code]}: ${detail}` : ERROR_MESSAGES[code];
}

/**
 * Keeps transaction ids unique inside one file: a repeat gets `#2`, `#3`… and an info finding, so
 * an idempotent import never drops a second, genuinely separate payment with the same key.
 */
export interface BankTransactionIdRegistry {
  claim(id: string, line: number): string;
}

export function createBankTransactionIdRegistry(findings: BankFindingCollector): BankTransactionIdRegistry {
  const seen = new Map<string, number>();
  return {
    claim(id, line) {
      const count = (seen.get(id) ?? 0) + 1;
      seen.set(id, count);
      if (count === 1) return id;
      findings.add('warning', 'BANK_FILE_DUPLICATE_TRANSACTION', bankFindingMessage('BANK_FILE_DUPLICATE_TRANSACTION', id), line);
      return `${id}#${count}`;
    },
  };
}

/** Exact running sum of öre amounts (BigInt), so a hostile file cannot overflow or lose precision. */
export interface BankOreSum {
  add(amountOre: Ore): void;
  value(): bigint;
}

export function createBankOreSum(): BankOreSum {
  let total = 0n;
  return { add: (amountOre) => void (total += BigInt(amountOre)), value: () => total };
}

/** A BigInt total as `Ore`, or 0 with an error finding when it is beyond the accepted range. */
export function bankSumToOre(total: bigint, findings: BankFindingCollector, line?: number): Ore {
  if (total > BigInt(MAX_ABS_ORE) || total < -BigInt(MAX_ABS_ORE)) {
    findings.add('error', 'AMOUNT_OUT_OF_RANGE', bankFindingMessage('AMOUNT_OUT_OF_RANGE', 'summan är för stor'), line);
    return ore(0);
  }
  return ore(Number(total));
}
