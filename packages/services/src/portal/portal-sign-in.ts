import { DomainError, isPersonnummer } from '@fordran/core';
import {
  findBankidOrderByRef,
  findOrganisationRow,
  finishBankidOrder,
  insertBankidOrderRow,
  insertPortalSessionRow,
  listPartyIdsByNationalId,
  updateBankidOrderHint,
  uuidV7,
  type BankidOrderRow,
} from '@fordran/store';
import type { AppContext } from '../context';
import { instantAfter, nowMs } from '../clock';
import { bankIdInitLimits, reserveAttempt } from '../auth/rate-limit';
import { hashOpaqueToken, newOpaqueToken } from '../auth/tokens';
import {
  bankIdInitSchema,
  type BankIdInitInput,
  type BankIdInitResponse,
  type BankIdProviderResponse,
  type BankIdQrResponse,
  type BankIdStatusResponse,
} from '../schemas/portal';
import { BankIdError, type BankIdClient, type BankIdCollectResult } from './bankid/bankid-client';
import type { BankIdProvider } from './bankid/bankid-provider';
import { bankIdQrData } from './bankid/bankid-qr';

/*
 * The debtor portal's sign-in with BankID (issue 13). Init starts a BankID order for the
 * personnummer without looking at the organisation's parties, so its answer is the same whether
 * the person has cases or not; only when BankID has confirmed the person (collect: complete,
 * completionData.user.personalNumber equal to the one asked for) is the party looked up and a
 * portal session made — once per order, whichever request ends the order first.
 */

/** The hint of a completed order whose person has no cases in this organisation. */
const NO_PARTY_HINT = 'noParty';
/** BankID's answer named another person than the one the order was for (never trusted). */
const PERSON_MISMATCH_HINT = 'personMismatch';

function bankId(app: AppContext): BankIdProvider {
  const provider = app.providers?.bankid;
  if (!provider) throw new DomainError('BANKID_START_FAILED', 'BankID är inte konfigurerat');
  return provider;
}

/** Whether the simulator answers, and where its approve/cancel page is. */
export async function bankIdProviderInfo(app: AppContext): Promise<BankIdProviderResponse> {
  const provider = bankId(app);
  return { simulated: provider.simulated, simulator_url: await provider.simulatorUrl() };
}

async function portalOrganisation(app: AppContext, orgId: string | undefined): Promise<string> {
  const id = orgId ?? app.config.portal.defaultOrgId;
  if (!id) throw new DomainError('PORTAL_ORGANISATION_MISSING');
  if (!(await findOrganisationRow(app.database.db, id))) throw new DomainError('NOT_FOUND', 'Organisationen finns inte');
  return id;
}

/** POST /api/portal/bankid/init: a BankID order for the personnummer (rate-limited per personnummer and address). */
export async function startBankIdSignIn(app: AppContext, input: BankIdInitInput, clientIp: string | null): Promise<BankIdInitResponse> {
  const { national_id: nationalId, org_id } = bankIdInitSchema.parse(input);
  if (!isPersonnummer(nationalId, app.clock.today())) throw new DomainError('INVALID_PERSONNUMMER');
  const orgId = await portalOrganisation(app, org_id);
  // The personnummer is kept only as a hash among the attempts.
  const subject = hashOpaqueToken(nationalId);
  await app.database.transaction((tx) => reserveAttempt(tx, app, { kind: 'bankid', subject, ip: clientIp }, bankIdInitLimits(app, subject, clientIp)));
  const client = await bankId(app).client();
  let order;
  try {
    // app.request() in tests has no socket: BankID requires an address, the loopback stands in.
    order = await client.auth({ endUserIp: clientIp ?? '127.0.0.1', personalNumber: nationalId });
  } catch (error) {
    if (error instanceof BankIdError && error.errorCode === 'alreadyInProgress') throw new DomainError('BANKID_ALREADY_IN_PROGRESS');
    throw new DomainError('BANKID_START_FAILED', undefined, bankIdErrorDetails(error));
  }
  await app.database.transaction((tx) =>
    insertBankidOrderRow(tx, {
      id: uuidV7(),
      org_id: orgId,
      order_ref: order.orderRef,
      purpose: 'auth',
      national_id: nationalId,
      status: 'pending',
      hint_code: 'outstandingTransaction',
      qr_start_token: order.qrStartToken,
      qr_start_secret: order.qrStartSecret,
      created_at: app.clock.now(),
      updated_at: app.clock.now(),
    }),
  );
  return { order_ref: order.orderRef, auto_start_token: order.autoStartToken };
}

function bankIdErrorDetails(error: unknown): { bankid_error: string } | undefined {
  return error instanceof BankIdError ? { bankid_error: error.errorCode } : undefined;
}

async function pendingOrder(app: AppContext, orderRef: string): Promise<BankidOrderRow> {
  const order = await findBankidOrderByRef(app.database.db, orderRef);
  if (!order || order.purpose !== 'auth') throw new DomainError('NOT_FOUND', 'BankID-ordern finns inte');
  return order;
}

/** Ends the order as failed (unless another request ended it first). */
async function fail(app: AppContext, order: BankidOrderRow, hintCode: string): Promise<BankIdStatusResponse> {
  await app.database.transaction((tx) => finishBankidOrder(tx, order.id, { status: 'failed', hint_code: hintCode, updated_at: app.clock.now() }));
  return { status: 'failed', hint_code: hintCode };
}

async function complete(app: AppContext, order: BankidOrderRow, result: Extract<BankIdCollectResult, { status: 'complete' }>): Promise<BankIdStatusResponse> {
  const { personalNumber, raw } = result.completion;
  if (personalNumber !== order.national_id) return fail(app, order, PERSON_MISMATCH_HINT);
  const [party] = await listPartyIdsByNationalId(app.database.db, order.org_id, personalNumber);
  if (!party) {
    await app.database.transaction((tx) =>
      finishBankidOrder(tx, order.id, { status: 'failed', hint_code: NO_PARTY_HINT, completion_json: raw, updated_at: app.clock.now() }),
    );
    return { status: 'failed', hint_code: NO_PARTY_HINT };
  }
  // Spec part 2 §4: a person registered as several parties gets no choice screen; the oldest is used.
  const token = newOpaqueToken();
  const sessionId = uuidV7();
  const won = await app.database
    .transaction(async (tx) => {
      const now = app.clock.now();
      await insertPortalSessionRow(tx, {
        id: sessionId,
        org_id: order.org_id,
        party_id: party.id,
        national_id: personalNumber,
        token_hash: hashOpaqueToken(token),
        expires_at: instantAfter(app.clock, app.config.portal.sessionTtlSeconds),
        created_at: now,
      });
      const ended = await finishBankidOrder(tx, order.id, {
        status: 'complete',
        hint_code: null,
        completion_json: raw,
        portal_session_id: sessionId,
        updated_at: now,
      });
      // Another request completed the order first: this session must not exist.
      if (!ended) throw new OrderAlreadyEnded();
      return ended;
    })
    .catch((error: unknown) => {
      if (error instanceof OrderAlreadyEnded) return false;
      throw error;
    });
  if (!won) return { status: 'complete' };
  return { status: 'complete', session_id: token, party_id: party.id };
}

class OrderAlreadyEnded extends Error {}

async function collect(client: BankIdClient, orderRef: string): Promise<BankIdCollectResult | null> {
  try {
    return await client.collect(orderRef);
  } catch (error) {
    // BankID forgot the order (cancelled elsewhere, or too old).
    if (error instanceof BankIdError && error.errorCode === 'invalidParameters') return null;
    throw new DomainError('BANKID_STATUS_FAILED', undefined, bankIdErrorDetails(error));
  }
}

/**
 * POST /api/portal/bankid/status: collects the order once (the portal polls every 2 s). The
 * session token is in the answer of the request that completed the order, and only there.
 */
export async function bankIdSignInStatus(app: AppContext, orderRef: string): Promise<BankIdStatusResponse> {
  const order = await pendingOrder(app, orderRef);
  if (order.status !== 'pending') return { status: order.status, ...(order.hint_code ? { hint_code: order.hint_code } : {}) };
  const result = await collect(await bankId(app).client(), orderRef);
  if (!result) return fail(app, order, 'cancelled');
  if (result.status === 'failed') return fail(app, order, result.hintCode);
  if (result.status === 'complete') return complete(app, order, result);
  if (result.hintCode !== order.hint_code) await app.database.transaction((tx) => updateBankidOrderHint(tx, order.id, result.hintCode, app.clock.now()));
  return { status: 'pending', hint_code: result.hintCode };
}

/** POST /api/portal/bankid/cancel: the user pressed Avbryt; BankID forgets the order too. */
export async function cancelBankIdSignIn(app: AppContext, orderRef: string): Promise<BankIdStatusResponse> {
  const order = await pendingOrder(app, orderRef);
  if (order.status !== 'pending') return { status: order.status, ...(order.hint_code ? { hint_code: order.hint_code } : {}) };
  try {
    await (await bankId(app).client()).cancel(orderRef);
  } catch (error) {
    // Already gone at BankID is what cancel wants; anything else is worth retrying.
    if (!(error instanceof BankIdError && error.errorCode === 'invalidParameters'))
      throw new DomainError('BANKID_STATUS_FAILED', undefined, bankIdErrorDetails(error));
  }
  return fail(app, order, 'cancelled');
}

/** GET /api/portal/bankid/qr/:orderRef: the animated QR code's content for this second. */
export async function bankIdQrCode(app: AppContext, orderRef: string): Promise<BankIdQrResponse> {
  const order = await pendingOrder(app, orderRef);
  if (order.status !== 'pending' || !order.qr_start_token || !order.qr_start_secret) throw new DomainError('NOT_FOUND', 'BankID-ordern är avslutad');
  const seconds = (nowMs(app.clock) - Date.parse(order.created_at)) / 1000;
  return { qr_data: bankIdQrData(order.qr_start_token, order.qr_start_secret, seconds) };
}
