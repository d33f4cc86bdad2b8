import { request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent, request as httpsRequest } from 'node:https';
import { z } from 'zod';

/*
 * A BankID Relying Party API v6.0 client: /auth, /sign, /collect and /cancel, HTTPS POST with
 * JSON, authenticated by mutual TLS with the RP's PKCS#12 certificate and trusting BankID's own
 * CA (shared/domain §6). Plain http:// is only for the local simulator. Of a completed order
 * only `completionData.user.personalNumber` identifies the person: the caller checks it against
 * the personnummer it asked for.
 */

export interface BankIdClientConfig {
  /** e.g. https://appapi2.test.bankid.com/rp/v6.0 (FORDRAN_BANKID_URL). */
  baseUrl: string;
  /** The RP certificate, PKCS#12 (FORDRAN_BANKID_PFX). */
  pfx?: Buffer;
  /** Its passphrase (FORDRAN_BANKID_PASSPHRASE). */
  passphrase?: string;
  /** BankID's CA certificate, PEM (FORDRAN_BANKID_CA). */
  ca?: Buffer;
  timeoutMs?: number;
}

export interface BankIdOrderRequest {
  /** The end user's address as the server saw it. */
  endUserIp: string;
  /** 12 digits: only this person may complete the order. */
  personalNumber?: string;
  /** Shown to the user (required for sign); sent UTF-8 then base64. */
  userVisibleData?: string;
}

export interface BankIdOrder {
  orderRef: string;
  autoStartToken: string;
  qrStartToken: string;
  qrStartSecret: string;
}

export interface BankIdCompletion {
  /** The only field trusted to identify the person. */
  personalNumber: string;
  name: string;
  /** The whole completionData, kept as BankID's evidence (signature, OCSP response). */
  raw: Record<string, unknown>;
}

export type BankIdCollectResult =
  { status: 'pending'; hintCode: string } | { status: 'failed'; hintCode: string } | { status: 'complete'; completion: BankIdCompletion };

export interface BankIdClient {
  auth(order: BankIdOrderRequest): Promise<BankIdOrder>;
  sign(order: BankIdOrderRequest & { userVisibleData: string }): Promise<BankIdOrder>;
  collect(orderRef: string): Promise<BankIdCollectResult>;
  cancel(orderRef: string): Promise<void>;
}

/** An error answer of the RP API (`{errorCode, details}`), or a transport failure (errorCode `transport`). */
export class BankIdError extends Error {
  constructor(
    readonly errorCode: string,
    readonly details: string,
    readonly httpStatus: number | null,
  ) {
    super(`BankID ${errorCode}: ${details}`);
    this.name = 'BankIdError';
  }
}

const orderSchema = z.object({
  orderRef: z.string().min(1),
  autoStartToken: z.string().min(1),
  qrStartToken: z.string().min(1),
  qrStartSecret: z.string().min(1),
});
const collectSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('pending'), hintCode: z.string().default('outstandingTransaction') }),
  z.object({ status: z.literal('failed'), hintCode: z.string().default('unknown') }),
  z.object({
    status: z.literal('complete'),
    completionData: z.looseObject({ user: z.looseObject({ personalNumber: z.string().regex(/^\d{12}$/), name: z.string().default('') }) }),
  }),
]);
const errorSchema = z.object({ errorCode: z.string(), details: z.string().default('') });

const DEFAULT_TIMEOUT_MS = 15_000;

function readAll(response: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    response.on('error', reject);
  });
}

export function createBankIdClient(config: BankIdClientConfig): BankIdClient {
  const base = config.baseUrl.replace(/\/+$/, '');
  const secure = base.startsWith('https://');
  // One keep-alive agent carries the client certificate on every call.
  const agent = secure
    ? new Agent({
        keepAlive: true,
        ...(config.pfx ? { pfx: config.pfx } : {}),
        ...(config.passphrase !== undefined ? { passphrase: config.passphrase } : {}),
        ...(config.ca ? { ca: config.ca } : {}),
      })
    : undefined;
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  function post(path: string, body: unknown): Promise<unknown> {
    const payload = JSON.stringify(body);
    const options = { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }, timeout: timeoutMs };
    return new Promise((resolve, reject) => {
      const fail = (error: Error) => reject(new BankIdError('transport', error.message, null));
      const onResponse = (response: IncomingMessage) => {
        readAll(response).then((text) => {
          const status = response.statusCode ?? 0;
          let json: unknown = null;
          try {
            json = text ? JSON.parse(text) : {};
          } catch {
            json = null;
          }
          if (status >= 200 && status < 300) return resolve(json);
          const error = errorSchema.safeParse(json);
          reject(
            error.success ? new BankIdError(error.data.errorCode, error.data.details, status) : new BankIdError('internalError', text.slice(0, 200), status),
          );
        }, fail);
      };
      // The simulator over plain HTTP: a connection per call, never a kept-alive socket its server has closed meanwhile.
      const request = secure
        ? httpsRequest(`${base}${path}`, { ...options, agent }, onResponse)
        : httpRequest(`${base}${path}`, { ...options, agent: false }, onResponse);
      request.on('timeout', () => request.destroy(new Error('timeout')));
      request.on('error', fail);
      request.end(payload);
    });
  }

  function parse<T>(schema: z.ZodType<T>, value: unknown): T {
    const result = schema.safeParse(value);
    if (!result.success) throw new BankIdError('invalidResponse', result.error.message, null);
    return result.data;
  }

  async function order(path: '/auth' | '/sign', request: BankIdOrderRequest): Promise<BankIdOrder> {
    const body = {
      endUserIp: request.endUserIp,
      ...(request.personalNumber ? { requirement: { personalNumber: request.personalNumber } } : {}),
      ...(request.userVisibleData ? { userVisibleData: Buffer.from(request.userVisibleData, 'utf8').toString('base64') } : {}),
    };
    return parse(orderSchema, await post(path, body));
  }

  return {
    auth: (request) => order('/auth', request),
    sign: (request) => order('/sign', request),
    async collect(orderRef) {
      const answer = parse(collectSchema, await post('/collect', { orderRef }));
      if (answer.status !== 'complete') return { status: answer.status, hintCode: answer.hintCode };
      const { user } = answer.completionData;
      return { status: 'complete', completion: { personalNumber: user.personalNumber, name: user.name, raw: answer.completionData } };
    },
    async cancel(orderRef) {
      await post('/cancel', { orderRef });
    },
  };
}
