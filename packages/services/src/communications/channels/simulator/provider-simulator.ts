import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { smsSegmentCount } from '@fordran/core';
import { LocalAnswer as SimulatorAnswer, startLocalHttpServer } from '../../../system/local-http-server';

/*
 * A local stand-in for the HTTP providers, speaking their contracts on the same paths with the
 * same authentication, answers and error codes, so the real clients run against it (in tests,
 * and in the app when a channel has no provider configured or is in sandbox mode):
 *   46elks        POST /a1/sms                                      Basic, form from/to/message
 *   Twilio        POST /2010-04-01/Accounts/{sid}/Messages.json     Basic sid:token, form To/From/Body
 *   SendGrid      POST /v3/mail/send                                Bearer API key, JSON, 202 + X-Message-Id
 *   Kivra         POST /v1/auth, /v2/tenant/{key}/usermatch/ssn, /v2/tenant/{key}/content
 *   Print partner POST /v1/letters                                  Bearer API key, JSON, 409 on a known reference
 * Every provider answers 429 once more than `maxRequestsPerSecond` requests arrive in one second.
 * Nothing leaves the machine; what arrived is kept in `received` (the latest 1 000).
 */

export interface SimulatorCredentials {
  /** 46elks API username, Twilio Account SID, Kivra client id. */
  username: string;
  /** 46elks API password, Twilio Auth Token, Kivra client secret, SendGrid and print-partner API key. */
  password: string;
}

export interface ReceivedMessage {
  id: string;
  provider: '46elks' | 'twilio' | 'sendgrid' | 'kivra' | 'printpartner';
  to: string;
  from: string | null;
  subject: string | null;
  body: string | null;
  /** PDF bytes (Kivra, print partner), base64. */
  document: string | null;
  received_at: string;
}

export interface ProviderSimulatorOptions {
  credentials?: SimulatorCredentials;
  /** Requests per provider and second before 429 (default 50). */
  maxRequestsPerSecond?: number;
  /** Milliseconds since the epoch (tests fix it to pin the rate-limit window). */
  now?: () => number;
  /**
   * Whether a personnummer (12 digits) or VAT number has a Kivra mailbox. Default: when its last
   * digit is odd — about half the recipients, so the letter fallback is seen in the demo.
   */
  hasKivraMailbox?: (key: string) => boolean;
}

export interface ProviderSimulator {
  url: string;
  credentials: SimulatorCredentials;
  received: ReceivedMessage[];
  close(): Promise<void>;
}

const MAX_RECEIVED = 1000;
const MAX_BODY_BYTES = 25 * 1024 * 1024;
const E164 = /^\+[1-9]\d{7,14}$/;
const SENDER_ID = /^[A-Za-z][A-Za-z0-9]{0,10}$/;

function hex(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}

function basicCredentials(request: IncomingMessage): { user: string; password: string } | null {
  const match = /^Basic (.+)$/.exec(request.headers.authorization ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

function bearer(request: IncomingMessage): string | null {
  return /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? null;
}

function parseJson(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** What the simulator's handlers share: who may call, the rate limit, and what arrived. */
interface SimulatorState {
  credentials: SimulatorCredentials;
  now: () => number;
  hasMailbox: (key: string) => boolean;
  received: ReceivedMessage[];
  /** True once the provider got more than its share this second. */
  overLimit(provider: string): boolean;
  receive(message: Omit<ReceivedMessage, 'id' | 'received_at'>, id: string): void;
  kivraTokens: Set<string>;
  printedReferences: Map<string, string>;
}

function createState(options: ProviderSimulatorOptions): SimulatorState {
  const maxPerSecond = options.maxRequestsPerSecond ?? 50;
  const now = options.now ?? Date.now;
  const windows = new Map<string, { second: number; count: number }>();
  const received: ReceivedMessage[] = [];
  return {
    credentials: options.credentials ?? { username: `AC${hex(16)}`, password: hex(24) },
    now,
    hasMailbox: options.hasKivraMailbox ?? ((key: string) => Number(key.replace(/\D/g, '').slice(-1)) % 2 === 1),
    received,
    overLimit(provider) {
      const second = Math.floor(now() / 1000);
      const window = windows.get(provider);
      if (!window || window.second !== second) {
        windows.set(provider, { second, count: 1 });
        return false;
      }
      window.count += 1;
      return window.count > maxPerSecond;
    },
    receive(message, id) {
      received.push({ ...message, id, received_at: new Date(now()).toISOString() });
      if (received.length > MAX_RECEIVED) received.splice(0, received.length - MAX_RECEIVED);
    },
    kivraTokens: new Set(),
    printedReferences: new Map(),
  };
}

function elks(state: SimulatorState, request: IncomingMessage, text: string): SimulatorAnswer {
  const auth = basicCredentials(request);
  if (!auth || auth.user !== state.credentials.username || auth.password !== state.credentials.password) return new SimulatorAnswer(401, 'Unauthorized');
  if (state.overLimit('46elks')) return new SimulatorAnswer(429, 'Too many requests', { 'retry-after': '1' });
  const form = new URLSearchParams(text);
  const [from, to, message] = [form.get('from') ?? '', form.get('to') ?? '', form.get('message') ?? ''];
  if (!message) return new SimulatorAnswer(400, 'Missing key message');
  if (!E164.test(to)) return new SimulatorAnswer(400, 'Invalid to number');
  if (!SENDER_ID.test(from) && !E164.test(from)) return new SimulatorAnswer(400, 'Invalid from');
  const id = `s${hex(16)}`;
  state.receive({ provider: '46elks', to, from, subject: null, body: message, document: null }, id);
  const parts = smsSegmentCount(message);
  return new SimulatorAnswer(200, {
    status: 'created',
    direction: 'outgoing',
    from,
    to,
    message,
    created: new Date(state.now()).toISOString(),
    parts,
    cost: 3500 * parts,
    id,
  });
}

function twilio(state: SimulatorState, request: IncomingMessage, sid: string, text: string): SimulatorAnswer {
  const auth = basicCredentials(request);
  if (!auth || auth.user !== sid || sid !== state.credentials.username || auth.password !== state.credentials.password) {
    return new SimulatorAnswer(401, { code: 20003, message: 'Authenticate', more_info: 'https://www.twilio.com/docs/errors/20003', status: 401 });
  }
  if (state.overLimit('twilio'))
    return new SimulatorAnswer(
      429,
      { code: 20429, message: 'Too Many Requests', more_info: 'https://www.twilio.com/docs/errors/20429', status: 429 },
      { 'retry-after': '1' },
    );
  const form = new URLSearchParams(text);
  const [to, from, body] = [form.get('To') ?? '', form.get('From') ?? '', form.get('Body') ?? ''];
  if (!E164.test(to)) {
    return new SimulatorAnswer(400, {
      code: 21211,
      message: `The 'To' number ${to} is not a valid phone number.`,
      more_info: 'https://www.twilio.com/docs/errors/21211',
      status: 400,
    });
  }
  if (!body)
    return new SimulatorAnswer(400, {
      code: 21602,
      message: 'Message body is required.',
      more_info: 'https://www.twilio.com/docs/errors/21602',
      status: 400,
    });
  const messageSid = `SM${hex(16)}`;
  state.receive({ provider: 'twilio', to, from, subject: null, body, document: null }, messageSid);
  const created = new Date(state.now()).toUTCString();
  return new SimulatorAnswer(201, {
    sid: messageSid,
    account_sid: sid,
    to,
    from,
    body,
    status: 'queued',
    num_segments: String(smsSegmentCount(body)),
    date_created: created,
    date_updated: created,
  });
}

function sendgrid(state: SimulatorState, request: IncomingMessage, text: string): SimulatorAnswer {
  if (bearer(request) !== state.credentials.password) {
    return new SimulatorAnswer(401, { errors: [{ message: 'The provided authorization grant is invalid, expired, or revoked', field: null, help: null }] });
  }
  if (state.overLimit('sendgrid'))
    return new SimulatorAnswer(429, { errors: [{ message: 'too many requests', field: null, help: null }] }, { 'retry-after': '1' });
  const mail = parseJson(text);
  const personalizations = mail?.personalizations as { to?: { email?: string }[] }[] | undefined;
  const to = str(personalizations?.[0]?.to?.[0]?.email);
  const from = str((mail?.from as { email?: unknown } | undefined)?.email);
  const content = (mail?.content as { value?: unknown }[] | undefined)?.[0]?.value;
  const problem = !to
    ? ['personalizations.0.to', 'The to array is required for all personalization objects']
    : !from
      ? ['from.email', 'The from object must be provided for every email send.']
      : !str(mail?.subject)
        ? ['subject', 'The subject is required. You can get around this requirement if you use a template with a subject defined.']
        : typeof content !== 'string' || content === ''
          ? ['content', 'Unless a valid template_id is provided, the content parameter is required.']
          : null;
  if (problem) return new SimulatorAnswer(400, { errors: [{ message: problem[1], field: problem[0], help: null }] });
  const id = hex(11);
  state.receive({ provider: 'sendgrid', to: to!, from, subject: str(mail?.subject), body: content as string, document: null }, id);
  return new SimulatorAnswer(202, '', { 'x-message-id': id });
}

function kivra(state: SimulatorState, request: IncomingMessage, path: string, text: string): SimulatorAnswer {
  const kivraError = (status: number, code: string, short: string) => new SimulatorAnswer(status, { code, short_message: short, long_message: short });
  if (path === '/v1/auth') {
    const auth = basicCredentials(request);
    if (
      !auth ||
      auth.user !== state.credentials.username ||
      auth.password !== state.credentials.password ||
      new URLSearchParams(text).get('grant_type') !== 'client_credentials'
    ) {
      return new SimulatorAnswer(401, { error: 'invalid_client', error_description: 'Invalid client credentials' });
    }
    const token = hex(20);
    state.kivraTokens.add(token);
    return new SimulatorAnswer(200, { access_token: token, expires_in: 28800, token_type: 'bearer', scope: '' });
  }
  if (!state.kivraTokens.has(bearer(request) ?? '')) return kivraError(401, '40100', 'Unauthorized');
  if (state.overLimit('kivra')) return kivraError(429, '42900', 'Too Many Requests');
  const body = parseJson(text);
  if (path.endsWith('/usermatch/ssn')) {
    const list = Array.isArray(body?.list) ? body.list.filter((ssn): ssn is string => typeof ssn === 'string') : null;
    if (!list) return kivraError(400, '40000', 'Bad Request: list of ssn expected');
    return new SimulatorAnswer(200, { list: list.filter((ssn) => /^\d{12}$/.test(ssn) && state.hasMailbox(ssn)) });
  }
  const to = str(body?.ssn) ?? str(body?.vat_number);
  const parts = body?.parts as { data?: unknown; content_type?: unknown }[] | undefined;
  if (!to || !str(body?.subject) || !str(body?.type) || !Array.isArray(parts) || parts.length === 0) {
    return kivraError(400, '40000', 'Bad Request: ssn or vat_number, subject, type and parts are required');
  }
  if (!state.hasMailbox(to)) return kivraError(404, '40400', 'Recipient not found');
  const objectKey = hex(16);
  state.receive({ provider: 'kivra', to, from: null, subject: str(body?.subject), body: null, document: str(parts[0]?.data) }, objectKey);
  return new SimulatorAnswer(201, { subject: body?.subject, type: body?.type }, { 'kivra-objkey': objectKey });
}

function printpartner(state: SimulatorState, request: IncomingMessage, text: string): SimulatorAnswer {
  if (bearer(request) !== state.credentials.password) return new SimulatorAnswer(401, { error: { code: 'UNAUTHORIZED', message: 'Invalid API key' } });
  if (state.overLimit('printpartner'))
    return new SimulatorAnswer(429, { error: { code: 'RATE_LIMITED', message: 'Too many requests' } }, { 'retry-after': '1' });
  const letter = parseJson(text);
  const reference = str(letter?.reference);
  const serviceLevel = str(letter?.service_level);
  const data = str((letter?.document as { data?: unknown } | undefined)?.data);
  if (!reference || !data || (serviceLevel !== 'a-post' && serviceLevel !== 'b-post')) {
    return new SimulatorAnswer(400, {
      error: { code: 'INVALID_LETTER', message: 'reference, service_level (a-post|b-post) and document.data are required' },
    });
  }
  const known = state.printedReferences.get(reference);
  if (known) return new SimulatorAnswer(409, { id: known, status: 'accepted', service_level: serviceLevel, duplicate: true });
  const id = `L${hex(12)}`;
  state.printedReferences.set(reference, id);
  state.receive({ provider: 'printpartner', to: reference, from: str(letter?.customer_number), subject: null, body: null, document: data }, id);
  return new SimulatorAnswer(201, { id, status: 'accepted', service_level: serviceLevel });
}

function route(state: SimulatorState, request: IncomingMessage, text: string): SimulatorAnswer {
  const path = new URL(request.url ?? '/', 'http://simulator').pathname;
  if (request.method !== 'POST') return new SimulatorAnswer(405, { error: 'Method not allowed' });
  if (path === '/a1/sms' || path === '/a1/SMS') return elks(state, request, text);
  const twilioPath = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(path);
  if (twilioPath) return twilio(state, request, decodeURIComponent(twilioPath[1]!), text);
  if (path === '/v3/mail/send') return sendgrid(state, request, text);
  if (path === '/v1/auth' || /^\/v2\/tenant\/[^/]+\/(usermatch\/ssn|content)$/.test(path)) return kivra(state, request, path, text);
  if (path === '/v1/letters') return printpartner(state, request, text);
  return new SimulatorAnswer(404, { error: 'Not found' });
}

export async function startProviderSimulator(options: ProviderSimulatorOptions = {}): Promise<ProviderSimulator> {
  const state = createState(options);
  const server = await startLocalHttpServer((request, text) => route(state, request, text), MAX_BODY_BYTES);
  return { url: server.url, credentials: state.credentials, received: state.received, close: server.close };
}
