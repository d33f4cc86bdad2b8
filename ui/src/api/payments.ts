// Incoming payments (Inbetalningar) of the current organisation: the HTTP contract of issue 5
// (packages/services/src/schemas/payments.ts). Amounts are decimal strings ("2000.00").
import useSWR from 'swr';
import type {
  HeldPaymentResolveInput,
  HeldPaymentReview,
  ImportJobResponse,
  ImportSummary,
  PaymentAllocateInput,
  PaymentAllocateResponse,
  PaymentCandidatesResponse,
  PaymentCreateInput,
  PaymentDetailResponse,
  PaymentListQuery,
  PaymentResponse,
} from '@fordran/services';
import { api, fetchJson, type ApiError } from '../lib/api-client';
import { useCurrentOrgId } from '../lib/auth';
import { useOrgWrites, type OrgWrites } from './org-writes';
import { bankStatementsKey } from './bank';
import { isKeyUnder, listPath, type ListPage } from './list';

export type { HeldPaymentResolveInput, HeldPaymentReview, ImportSummary };

export {
  BANK_IMPORT_FORMATS,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  STORED_PAYMENT_METHODS,
  type PaymentMatchReason,
  type PaymentMethod,
  type PaymentStatus,
  type StoredPaymentMethod,
} from '@fordran/core/labels';

export type BankImportFormat = ImportSummary['format'];
export type Payment = PaymentResponse;
export type PaymentAllocation = Payment['allocations'][number];
export type PaymentSort = NonNullable<PaymentListQuery['sort']>;
export type PaymentListParams = PaymentListQuery & { limit: number; offset: number };
export type PaymentDetail = PaymentDetailResponse;
/** A case a payment was allocated to, as the payment's detail view shows it. */
export type PaymentCase = PaymentDetail['cases'][number];
export type PaymentCandidate = PaymentCandidatesResponse['candidates'][number];
export type PaymentAllocateResult = PaymentAllocateResponse;
/** The case after an allocation. */
export type AllocatedCase = PaymentAllocateResult['case'];
export type { PaymentAllocateInput, PaymentCreateInput };

/**
 * A finding of an import by line. BANK_FILE_CURRENCY carries the amount in its own `currency`
 * (never kronor unless SEK); BANK_FILE_REVERSAL the booked payment it takes back, when found.
 */
export type ImportFinding = ImportSummary['errors'][number];

/**
 * The summary at once (`job_id` null or left out), or for a large file the job that produces it.
 */
export type ImportResponse = (ImportSummary & { job_id?: null }) | ImportJobResponse;

/** True when the import answered with a job to follow rather than the summary. */
export function isImportJob(response: ImportResponse): response is ImportJobResponse {
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
  return useSWR<PaymentCandidatesResponse, ApiError>(orgId && paymentId ? paymentCandidatesKey(orgId, paymentId) : null, (path: string) =>
    fetchJson<PaymentCandidatesResponse>(path),
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
function paymentWrites({ orgId, mutate }: OrgWrites) {
  const revalidatePayments = (id: string) => mutate(isKeyUnder(paymentsKey(id)));
  const revalidateBookings = (id: string) => Promise.all([revalidatePayments(id), mutate(isKeyUnder(casesBase(id))), mutate(isKeyUnder(ledgerBase(id)))]);
  // An import records a bank statement and a decision reconciles one again.
  const revalidateBookingsAndStatements = (id: string) => Promise.all([revalidateBookings(id), mutate(isKeyUnder(bankStatementsKey(id)))]);
  return {
    async createPayment(input: PaymentCreateInput): Promise<Payment> {
      const id = orgId();
      const payment = await api.post<Payment>(paymentsKey(id), input);
      await revalidatePayments(id);
      return payment;
    },
    async allocatePayment(paymentId: string, input: PaymentAllocateInput): Promise<PaymentAllocateResult> {
      const id = orgId();
      const result = await api.post<PaymentAllocateResult>(`${paymentKey(id, paymentId)}/allocate`, input);
      await revalidateBookings(id);
      return result;
    },
    async importPayments(input: ImportInput): Promise<ImportResponse> {
      const id = orgId();
      const response = await api.post<ImportResponse>(`${paymentsKey(id)}/import`, importFormData(input));
      if (!isImportJob(response)) await revalidateBookingsAndStatements(id);
      return response;
    },
    /** 'Granska': the same transaction as the payment it may repeat (nothing booked), or another one (booked). */
    async resolveHeldPayment(paymentId: string, input: HeldPaymentResolveInput): Promise<Payment> {
      const id = orgId();
      const payment = await api.post<Payment>(`${paymentKey(id, paymentId)}/resolve-held`, input);
      await revalidateBookingsAndStatements(id);
      return payment;
    },
    /** 'Återför inbetalningen': the bank took the money back; journals reversed, its cases owe again. */
    async reversePayment(paymentId: string, reason: string): Promise<Payment> {
      const id = orgId();
      const payment = await api.post<Payment>(`${paymentKey(id, paymentId)}/reverse`, { reason });
      await revalidateBookingsAndStatements(id);
      return payment;
    },
    /** After an import job finished: its bookings are in. */
    revalidateAfterImport(): Promise<unknown> {
      return revalidateBookingsAndStatements(orgId());
    },
  };
}

export function usePaymentMutations() {
  return useOrgWrites(paymentWrites);
}
