import type { IsoDate } from '../dates';
import type { Ore } from '../money';
import type { KfmApplicationType } from './kfm-constants';
import { assertValidKfmSnapshot, type KfmSnapshot } from './kfm-snapshot';

/**
 * A snapshot as the kfm_cases columns hold it (spec part 1 §3). The spec has no columns for the
 * applicant, agent, choices and compensation for work, so they travel in claim_snapshot_json
 * under `applicant`, `agent`, `choices`, `work_compensation_claimed`, `work_compensationOre`.
 * application_fee_sek holds öre despite its name, like every money column.
 */
export interface KfmSnapshotColumns {
  debtor_snapshot_json: Record<string, unknown>;
  claim_snapshot_json: Record<string, unknown>;
  interest_snapshot_json: Record<string, unknown> | null;
  fees_snapshot_json: unknown[];
  application_fee_sek: Ore;
  application_type: KfmApplicationType;
  as_of_date: IsoDate;
  reference: string | null;
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/**
 * The kfm_cases column values of a snapshot (plain JSON, no shared references).
 * @example kfmSnapshotToColumns(snapshot).application_fee_sek // 30000
 */
export function kfmSnapshotToColumns(snapshot: KfmSnapshot): KfmSnapshotColumns {
  const copy = JSON.parse(JSON.stringify(snapshot)) as KfmSnapshot;
  return {
    debtor_snapshot_json: { ...copy.debtor },
    claim_snapshot_json: {
      ...copy.claim,
      applicant: copy.applicant,
      agent: copy.agent,
      choices: copy.choices,
      work_compensation_claimed: copy.work_compensation_claimed,
      work_compensationOre: copy.work_compensationOre,
    },
    interest_snapshot_json: copy.interest === null ? null : { ...copy.interest },
    fees_snapshot_json: copy.fees,
    application_fee_sek: copy.application_feeOre,
    application_type: copy.application_type,
    as_of_date: copy.as_of_date,
    reference: copy.reference,
  };
}

/**
 * The snapshot stored in a kfm_cases row (a null reference falls back to the claim's reference_no), validated again (a row edited by hand or written by an
 * older version is refused with KFM_INVALID_SNAPSHOT and its findings, never turned into a file).
 * @example kfmSnapshotFromColumns(kfmSnapshotToColumns(snapshot)) // equals snapshot
 */
export function kfmSnapshotFromColumns(columns: KfmSnapshotColumns): KfmSnapshot {
  const { applicant, agent, choices, work_compensation_claimed, work_compensationOre, ...claim } = record(columns.claim_snapshot_json);
  const snapshot = {
    application_type: columns.application_type,
    as_of_date: columns.as_of_date,
    reference: columns.reference ?? claim['reference_no'],
    applicant,
    agent: agent ?? null,
    debtor: record(columns.debtor_snapshot_json),
    claim,
    interest: columns.interest_snapshot_json,
    fees: columns.fees_snapshot_json,
    application_feeOre: columns.application_fee_sek,
    work_compensation_claimed,
    work_compensationOre,
    choices,
  } as unknown as KfmSnapshot;
  assertValidKfmSnapshot(snapshot);
  return snapshot;
}
