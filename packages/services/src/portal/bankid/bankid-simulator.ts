import type { IncomingMessage } from 'node:http';
import { DomainError } from '@fordran/core';
import type { FileStorage } from '@fordran/store';
import { LocalAnswer, startLocalHttpServer, type LocalHttpServer } from '../../system/local-http-server';
import {
  approveSimulatedOrder,
  cancelSimulatedOrder,
  createSimulatedOrder,
  listPendingSimulatedOrders,
  openSimulatedOrder,
  readSimulatedOrder,
  removeSimulatedOrder,
  type SimulatedOrder,
} from './simulated-orders';

/*
 * A local stand-in for BankID's RP API v6.0 (POST /rp/v6.0/auth, /sign, /collect, /cancel, the
 * same JSON and error answers; plain HTTP without the client certificate), and a small page at /
 * where a person opens, approves or cancels a pending order. The app starts it when no BankID
 * is configured; `fordran bankid approve|cancel` acts on the same orders (simulated-orders.ts).
 */

export interface BankIdSimulatorOptions {
  files: FileStorage;
  /** Milliseconds since the epoch (tests move it to expire orders). */
  now?: () => number;
}

const MAX_BODY_BYTES = 64 * 1024;
const PREFIX = '/rp/v6.0';

const rpError = (status: number, errorCode: string, details: string) => new LocalAnswer(status, { errorCode, details });

function parseJson(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function completionData(order: SimulatedOrder) {
  return {
    user: { personalNumber: order.completedBy, name: 'Simulerad Användare', givenName: 'Simulerad', surname: 'Användare' },
    device: { ipAddress: order.endUserIp, uhi: 'simulator' },
    stepUp: { mrtd: false },
    bankIdIssueDate: '2020-02-01',
    signature: Buffer.from(`<simulated-signature orderRef="${order.orderRef}"/>`).toString('base64'),
    ocspResponse: Buffer.from('simulated').toString('base64'),
  };
}

async function startOrder(files: FileStorage, now: number, purpose: 'auth' | 'sign', body: Record<string, unknown>): Promise<LocalAnswer> {
  const endUserIp = typeof body.endUserIp === 'string' ? body.endUserIp : '';
  if (!endUserIp) return rpError(400, 'invalidParameters', 'Invalid endUserIp');
  const requirement = (body.requirement ?? {}) as Record<string, unknown>;
  const personalNumber = requirement.personalNumber;
  if (personalNumber !== undefined && (typeof personalNumber !== 'string' || !/^\d{12}$/.test(personalNumber))) {
    return rpError(400, 'invalidParameters', 'Invalid personalNumber');
  }
  let userVisibleData: string | null = null;
  if (typeof body.userVisibleData === 'string') userVisibleData = Buffer.from(body.userVisibleData, 'base64').toString('utf8');
  if (purpose === 'sign' && !userVisibleData) return rpError(400, 'invalidParameters', 'Invalid userVisibleData');
  if (personalNumber) {
    // BankID: a second order for the same person cancels both.
    const running = (await listPendingSimulatedOrders(files, now)).filter((order) => order.personalNumber === personalNumber);
    if (running.length > 0) {
      for (const order of running) await removeSimulatedOrder(files, order.orderRef);
      return rpError(400, 'alreadyInProgress', 'Order already in progress for pno');
    }
  }
  const order = await createSimulatedOrder(files, { purpose, personalNumber: personalNumber ?? null, userVisibleData, endUserIp }, now);
  return new LocalAnswer(200, {
    orderRef: order.orderRef,
    autoStartToken: order.autoStartToken,
    qrStartToken: order.qrStartToken,
    qrStartSecret: order.qrStartSecret,
  });
}

async function rp(files: FileStorage, now: number, path: string, text: string): Promise<LocalAnswer> {
  const body = parseJson(text);
  if (!body) return rpError(400, 'invalidParameters', 'Invalid JSON');
  if (path === '/auth' || path === '/sign') return startOrder(files, now, path === '/auth' ? 'auth' : 'sign', body);
  const orderRef = typeof body.orderRef === 'string' ? body.orderRef : '';
  const order = orderRef ? await readSimulatedOrder(files, orderRef, now) : null;
  if (path === '/collect') {
    if (!order) return rpError(400, 'invalidParameters', 'No such order');
    if (order.status === 'complete') return new LocalAnswer(200, { orderRef, status: 'complete', completionData: completionData(order) });
    return new LocalAnswer(200, { orderRef, status: order.status, hintCode: order.hintCode });
  }
  if (path === '/cancel') {
    if (!order) return rpError(400, 'invalidParameters', 'No such order');
    await removeSimulatedOrder(files, orderRef);
    return new LocalAnswer(200, {});
  }
  return rpError(404, 'notFound', 'Not found');
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(orders: SimulatedOrder[], message: string | null): LocalAnswer {
  const rows = orders
    .map((order) => {
      const who = order.personalNumber ?? '<input name="personal_number" placeholder="ÅÅÅÅMMDDNNNN" required pattern="\\d{12}">';
      const text = order.userVisibleData ? `<p>${escapeHtml(order.userVisibleData)}</p>` : '';
      return `<li data-order-ref="${order.orderRef}"><form method="post" action="/orders/${order.orderRef}/approve">
<b>${order.purpose === 'sign' ? 'Signera' : 'Legitimera'}</b> ${order.personalNumber ? escapeHtml(order.personalNumber) : ''} <small>${order.orderRef} · ${order.hintCode}</small>${text}
${order.personalNumber ? '' : who}
<p><button type="submit">Godkänn</button> <button type="submit" formaction="/orders/${order.orderRef}/cancel" formnovalidate>Avbryt</button></p></form></li>`;
    })
    .join('\n');
  const html = `<!doctype html><html lang="sv"><head><meta charset="utf-8"><title>BankID-simulator</title>
<style>body{font-family:system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem}li{margin:1rem 0;padding:1rem;border:1px solid #ccc;border-radius:8px;list-style:none}ul{padding:0}small{color:#666}</style></head>
<body><h1>BankID-simulator</h1><p>Här godkänner eller avbryter du väntande BankID-ordrar, som i BankID-appen. Inget lämnar datorn.</p>
${message ? `<p role="status"><b>${escapeHtml(message)}</b></p>` : ''}
${orders.length ? `<ul>${rows}</ul>` : '<p>Inga väntande ordrar.</p>'}
<p><a href="/">Uppdatera</a></p></body></html>`;
  return new LocalAnswer(200, html, { 'content-type': 'text/html; charset=utf-8' });
}

async function simulatorPage(files: FileStorage, now: number, request: IncomingMessage, path: string, text: string): Promise<LocalAnswer> {
  if (request.method === 'GET' && path === '/') {
    const orders = await listPendingSimulatedOrders(files, now);
    // What the app shows the user now: the order is open in "the app".
    for (const order of orders) if (order.hintCode === 'outstandingTransaction') await openSimulatedOrder(files, order.orderRef, now);
    return page(await listPendingSimulatedOrders(files, now), null);
  }
  const action = /^\/orders\/([0-9a-f-]{36})\/(approve|cancel)$/.exec(path);
  if (request.method !== 'POST' || !action) return new LocalAnswer(404, 'Hittades inte');
  const [, orderRef, verb] = action;
  let message: string;
  try {
    if (verb === 'approve') {
      const personalNumber = new URLSearchParams(text).get('personal_number') ?? undefined;
      await approveSimulatedOrder(files, orderRef!, now, personalNumber);
      message = 'Ordern godkändes.';
    } else {
      await cancelSimulatedOrder(files, orderRef!, now);
      message = 'Ordern avbröts.';
    }
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    message = error.message;
  }
  return page(await listPendingSimulatedOrders(files, now), message);
}

export async function startBankIdSimulator(options: BankIdSimulatorOptions): Promise<LocalHttpServer> {
  const now = options.now ?? Date.now;
  return startLocalHttpServer(async (request, text) => {
    const path = new URL(request.url ?? '/', 'http://simulator').pathname;
    if (path.startsWith(`${PREFIX}/`)) {
      if (request.method !== 'POST') return rpError(405, 'methodNotAllowed', 'Method not allowed');
      return rp(options.files, now(), path.slice(PREFIX.length), text);
    }
    return simulatorPage(options.files, now(), request, path, text);
  }, MAX_BODY_BYTES);
}
