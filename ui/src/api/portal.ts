// The debtor portal's BankID sign-in and session (issue 13, API contract). The portal has its own
// session (x-portal-session), never the staff session: every call here is sent without it.
import type { BankIdInitResponse, BankIdProviderResponse, BankIdQrResponse, BankIdStatusResponse } from '@fordran/services';
import useSWR from 'swr';
import { api } from '../lib/api-client';

export type { BankIdInitResponse, BankIdProviderResponse, BankIdStatusResponse };

const noStaff = { auth: false } as const;

export function startBankId(nationalId: string, orgId: string | null): Promise<BankIdInitResponse> {
  return api.post<BankIdInitResponse>('/portal/bankid/init', { national_id: nationalId, ...(orgId ? { org_id: orgId } : {}) }, noStaff);
}

export function bankIdStatus(orderRef: string): Promise<BankIdStatusResponse> {
  return api.post<BankIdStatusResponse>('/portal/bankid/status', { order_ref: orderRef }, noStaff);
}

export function cancelBankId(orderRef: string): Promise<BankIdStatusResponse> {
  return api.post<BankIdStatusResponse>('/portal/bankid/cancel', { order_ref: orderRef }, noStaff);
}

export async function bankIdQrData(orderRef: string): Promise<string> {
  return (await api.get<BankIdQrResponse>(`/portal/bankid/qr/${encodeURIComponent(orderRef)}`, noStaff)).qr_data;
}

export function bankIdProvider(): Promise<BankIdProviderResponse> {
  return api.get<BankIdProviderResponse>('/portal/bankid/provider', noStaff);
}

/** The portal session in this browser (spec part 2 §4: session id and party id in local storage). */
export interface PortalSession {
  session_id: string;
  party_id: string;
}

const STORAGE_KEY = 'fordran.portal';

export function readPortalSession(): PortalSession | null {
  try {
    const parsed = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<PortalSession> | null;
    return typeof parsed?.session_id === 'string' && typeof parsed.party_id === 'string' ? { session_id: parsed.session_id, party_id: parsed.party_id } : null;
  } catch {
    return null;
  }
}

export function storePortalSession(session: PortalSession | null): void {
  if (session) window.localStorage.setItem(STORAGE_KEY, JSON.stringify(session));
  else window.localStorage.removeItem(STORAGE_KEY);
}

/** Ends the session on the server (when it still lives) and in this browser. */
export async function signOutPortal(): Promise<void> {
  const session = readPortalSession();
  storePortalSession(null);
  if (session) await api.post('/portal/signout', undefined, { ...noStaff, headers: { 'x-portal-session': session.session_id } }).catch(() => undefined);
}

/** Whether the BankID simulator answers ('Simulering') and where its page is. */
export function useBankIdProvider() {
  return useSWR<BankIdProviderResponse>('/portal/bankid/provider', bankIdProvider, { revalidateOnFocus: false });
}
