// Incoming payments (Inbetalningar) of the current organisation: the HTTP contract of issue 5
// (packages/services/src/schemas/payments.ts). Amounts are decimal strings ("2000.00").
import { useMemo } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { HeldPaymentResolveInput, HeldPaymentReview, ImportSummary } from '@fordran/services';
import { api, fetchJson, type ApiError } from '../lib/api-client';
import { useCurrentOrgId } from '../lib/auth';
import type { AuditEntry } from './audit-log';
import { bankStatementsKey, type ReconciliationStatus } from './bank';
import type { CaseStage, CaseStatus } from './case-types';
import type { LedgerJournal } from './ledger';
import { isKeyUnder, listPath, type ListPage, type SortOrder } from './list';

export type { HeldPaymentResolveInput, HeldPaymentReview, ImportSummary };

/** Staff payment methods (spec part 2 §9): what a person registers. */
export const PAYMENT_METHODS = ['manual', 'bankgiro', 'swish', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Stored methods: imports also book bank_transfer (camt.053 and camt.054 lines). */
export const STORED_PAYMENT_METHODS = [...PAYMENT_METHODS, 'bank_transfer'] as const;
export type StoredPaymentMethod = (typeof STORED_PAYMENT_METHODS)[number];

/**
 * received → allocated | partially_allocated (a remainder kept) | unmatched (spec part 2 §4);
 * an imported possible repeat is held until a person calls it a duplicate or books it; reversed:
 * the bank took the money back (docs/state-machines.md).
 */
export const PAYMENT_STATUSES = [
  'received',
  'allocated',
  'partially_allocated',
  'unmatched',
  'held',
  'duplicate',
  'reversed',
] as const satisfies readonly HeldPaymentReview['payment']['status'][];
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const BANK_IMPORT_FORMATS = ['bgmax', 'camt053', 'camt054', 'csv'] as const satisfies readonly ImportSummary['format'][];
export type BankImportFormat = (typeof BANK_IMPORT_FORMATS)[number];

/** Why a case is a candidate, strongest first. */
export type PaymentMatchReason = 'case_id' | 'ocr' | 'message_reference' | 'claim_reference' | 'amount';

export interface PaymentAllocation {
  id: string;
  case_id: string;
  /** The claim reference of the case. */
  reference_no: string;
  sequence_no: number;
  amount: string;
  principal: string;
  interest: string;
  fees: string;
  created_at: string;
}

export interface Payment {
  id: string;
  method: StoredPaymentMethod;
  amount: string;
  /** What is not yet allocated to a case. */
  unallocated_amount: string;
  ocr: string | null;
  reference: string | null;
  message: string | null;
  payer_name: string | null;
  /** YYYY-MM-DD. */
  paid_at: string;
  status: PaymentStatus;
  bank_statement_id: string | null;
  transaction_id: string | null;
  /** held or duplicate: the payment already booked that this one may be (or is) the same transaction as. */
  duplicate_of_payment_id: string | null;
  created_at: string;
  allocations: PaymentAllocation[];
}

/** The payment list sorts by payment date or amount. */
export type PaymentSort = 'paid_at' | 'amount';

export interface PaymentListParams {
  status?: PaymentStatus;
  method?: StoredPaymentMethod;
  /** OCR, reference, message or payer name. */
  query?: string;
  /** Paid from and to these days (YYYY-MM-DD). */
  from?: string;
  to?: string;
  sort?: PaymentSort;
  order?: SortOrder;
  limit: number;
  offset: number;
}

/** A case a payment was allocated to, as the payment's detail view shows it. */
export interface PaymentCase {
  id: string;
  reference_no: string;
  status: CaseStatus;
  stage: CaseStage;
  party_name: string;
  creditor_name: string;
  total_outstanding: string;
}

/**
 * /payments/:id: the payment, its cases, the journals that booked it and the bank file line it came
 * from (both null for a role without the ledger), and its audit trail, oldest first.
 */
export interface PaymentDetail {
  payment: Payment;
  cases: PaymentCase[];
  journals: LedgerJournal[] | null;
  bank_statement: {
    id: string;
    file_name: string;
    file_format: BankImportFormat;
    statement_date: string;
    account_name: string | null;
    reconciliation_status: ReconciliationStatus;
    /** The payment's transaction read back from the stored file; null when it cannot be. */
    line: { line: number; amount: string; paid_at: string; payer_name: string | null; reference: string | null } | null;
  } | null;
  audit: AuditEntry[];
}

export interface PaymentCreateInput {
  method: PaymentMethod;
  /** Kronor with at most two decimals, e.g. "2000.00". */
  amount: string;
  ocr?: string;
  reference?: string;
  message?: string;
  payer_name?: string;
  /** YYYY-MM-DD; the server's today when left out. */
  paid_at?: string;
  /** A client-generated id: a repeated submit returns the payment already registered. */
  idempotency_key?: string;
}

export interface PaymentCandidate {
  case_id: string;
  reference_no: string;
  creditor_name: string;
  party_name: string;
  status: string;
  total_outstanding: string;
  reasons: string[];
  score: number;
}

export interface PaymentAllocateInput {
  case_id: string;
  /** Default: what is unallocated of the payment. */
  amount?: string;
}

/** The case after an allocation. */
export interface AllocatedCase {
  id: string;
  status: string;
  amount_paid_total: string;
  total_outstanding: string;
  /** True when this payment settled the case and closed it. */
  closed: boolean;
  follow_ups: string[];
}

export interface PaymentAllocateResult {
  payment: Payment;
  allocation: PaymentAllocation;
  case: AllocatedCase;
}

/**
 * A finding of an import by line. BANK_FILE_CURRENCY carries the amount in its own `currency`
 * (never kronor unless SEK); BANK_FILE_REVERSAL the booked payment it takes back, when found.
 */
export type ImportFinding = ImportSummary['errors'][number];

/**
 * The summary at once (`job_id` null or left out), or for a large file the job that produces it.
 */
export type ImportResponse = (ImportSummary & { job_id?: null }) | { job_id: string; status: 'pending' };

/** True when the import answered with a job to follow rather than the summary. */
export function isImportJob(response: ImportResponse): response is { job_id: string; status: 'pending' } {
  return typeof response.job_id === 'string';
}

export interface ImportInput {
  file: File;
  /** Detected from the content when left out. */
  format?: BankImportFormat;
  dry_run?: boolean;
}

export function paymentsKey(orgId: string): string {
  return `/orgs/${orgId}/payments`;
}

export function paymentListKey(orgId: string, params: PaymentListParams): string {
  return listPath(paymentsKey(orgId), { ...params });
}

export function paymentKey(orgId: string, paymentId: string): string {
  return `${paymentsKey(orgId)}/${encodeURIComponent(paymentId)}`;
}

export function paymentCandidatesKey(orgId: string, paymentId: string): string {
  return `${paymentKey(orgId, paymentId)}/candidates`;
}

export function heldPaymentReviewKey(orgId: string, paymentId: string): string {
  return `${paymentKey(orgId, paymentId)}/held-review`;
}

/**
 * One page of payments (paid_at newest first unless sorted otherwise); the previous page stays on
 * screen while the next loads. Null params load nothing (filters that cannot be asked for).
 */
export function usePayments(params: PaymentListParams | null) {
  const orgId = useCurrentOrgId();
  return useSWR<ListPage<Payment>, ApiError>(orgId && params ? paymentListKey(orgId, params) : null, (path: string) => fetchJson<ListPage<Payment>>(path), {
    keepPreviousData: true,
  });
}

/** One payment with its cases, journals, bank file line and audit trail. */
export function usePaymentDetail(paymentId: string) {
  const orgId = useCurrentOrgId();
  return useSWR<PaymentDetail, ApiError>(orgId ? `${paymentKey(orgId, paymentId)}/details` : null, (path: string) => fetchJson<PaymentDetail>(path));
}

/** At most 10 cases the payment may belong to, best first; null loads nothing. */
export function usePaymentCandidates(paymentId: string | null) {
  const orgId = useCurrentOrgId();
  return useSWR<{ candidates: PaymentCandidate[] }, ApiError>(orgId && paymentId ? paymentCandidatesKey(orgId, paymentId) : null, (path: string) =>
    fetchJson<{ candidates: PaymentCandidate[] }>(path),
  );
}

/** One payment with its allocations; null loads nothing. */
export function usePayment(paymentId: string | null) {
  const orgId = useCurrentOrgId();
  return useSWR<Payment, ApiError>(orgId && paymentId ? paymentKey(orgId, paymentId) : null, (path: string) => fetchJson<Payment>(path));
}

/** A held payment beside the payment it may repeat, each with its bank file; null loads nothing. */
export function useHeldPaymentReview(paymentId: string | null) {
  const orgId = useCurrentOrgId();
  return useSWR<HeldPaymentReview, ApiError>(orgId && paymentId ? heldPaymentReviewKey(orgId, paymentId) : null, (path: string) =>
    fetchJson<HeldPaymentReview>(path),
  );
}

function importFormData(input: ImportInput): FormData {
  const form = new FormData();
  form.set('file', input.file, input.file.name);
  if (input.format) form.set('format', input.format);
  if (input.dry_run) form.set('dry_run', 'true');
  return form;
}

/** The case UI (ui/src/api/cases.ts) keys its lists and cases under this path. */
function casesBase(orgId: string): string {
  return `/orgs/${orgId}/cases`;
}

/** Journals and balances move with every booking (the ledger page). */
function ledgerBase(orgId: string): string {
  return `/orgs/${orgId}/ledger`;
}

/**
 * Registering, allocating, importing and deciding held payments. Each revalidates every loaded
 * payment list (and payment, and its candidates); allocation, import and a decision also every
 * loaded case and the ledger, whose balances they change; import and a decision also the bank
 * statements.
 */
export function usePaymentMutations() {
  const orgId = useCurrentOrgId();
  const { mutate } = useSWRConfig();
  return useMemo(() => {
    const requireOrg = (): string => {
      if (!orgId) throw new Error('Ingen organisation vald');
      return orgId;
    };
    const revalidatePayments = (id: string) => mutate(isKeyUnder(paymentsKey(id)));
    const revalidateBookings = (id: string) => Promise.all([revalidatePayments(id), mutate(isKeyUnder(casesBase(id))), mutate(isKeyUnder(ledgerBase(id)))]);
    // An import records a bank statement and a decision reconciles one again.
    const revalidateBookingsAndStatements = (id: string) => Promise.all([revalidateBookings(id), mutate(isKeyUnder(bankStatementsKey(id)))]);
    return {
      async createPayment(input: PaymentCreateInput): Promise<Payment> {
        const id = requireOrg();
        const payment = await api.post<Payment>(paymentsKey(id), input);
        await revalidatePayments(id);
        return payment;
      },
      async allocatePayment(paymentId: string, input: PaymentAllocateInput): Promise<PaymentAllocateResult> {
        const id = requireOrg();
        const result = await api.post<PaymentAllocateResult>(`${paymentKey(id, paymentId)}/allocate`, input);
        await revalidateBookings(id);
        return result;
      },
      async importPayments(input: ImportInput): Promise<ImportResponse> {
        const id = requireOrg();
        const response = await api.post<ImportResponse>(`${paymentsKey(id)}/import`, importFormData(input));
        if (!isImportJob(response)) await revalidateBookingsAndStatements(id);
        return response;
      },
      /** 'Granska': the same transaction as the payment it may repeat (nothing booked), or another one (booked). */
      async resolveHeldPayment(paymentId: string, input: HeldPaymentResolveInput): Promise<Payment> {
        const id = requireOrg();
        const payment = await api.post<Payment>(`${paymentKey(id, paymentId)}/resolve-held`, input);
        await revalidateBookingsAndStatements(id);
        return payment;
      },
      /** 'Återför inbetalningen': the bank took the money back; journals reversed, its cases owe again. */
      async reversePayment(paymentId: string, reason: string): Promise<Payment> {
        const id = requireOrg();
        const payment = await api.post<Payment>(`${paymentKey(id, paymentId)}/reverse`, { reason });
        await revalidateBookingsAndStatements(id);
        return payment;
      },
      /** After an import job finished: its bookings are in. */
      revalidateAfterImport(): Promise<unknown> {
        return revalidateBookingsAndStatements(requireOrg());
      },
    };
  }, [orgId, mutate]);
}
