import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalFileStorage, type FileStorage } from '@fordran/store';
import type { LocalHttpServer } from '../../system/local-http-server';
import { BankIdError, createBankIdClient, type BankIdClient } from './bankid-client';
import { startBankIdSimulator } from './bankid-simulator';
import { approveSimulatedOrder, cancelSimulatedOrder, SIMULATED_ORDER_LIFETIME_MS } from './simulated-orders';

/* The real RP API v6 client against the simulator, over HTTP: every call, hint and error the portal relies on. */

const PNR = '198112189876';
const dir = mkdtempSync(join(tmpdir(), 'fordran-bankid-'));
let files: FileStorage;
let now = Date.parse('2026-11-22T09:00:00Z');
let simulator: LocalHttpServer;
let client: BankIdClient;

beforeAll(async () => {
  files = createLocalFileStorage(dir);
  simulator = await startBankIdSimulator({ files, now: () => now });
  client = createBankIdClient({ baseUrl: `${simulator.url}/rp/v6.0` });
});
afterAll(async () => {
  await simulator.close();
  rmSync(dir, { recursive: true, force: true });
});

async function rpError(promise: Promise<unknown>): Promise<BankIdError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(BankIdError);
  return error as BankIdError;
}

describe('BankID RP API v6 client against the simulator', () => {
  it('auth → pending outstandingTransaction → userSign → complete with the personnummer', async () => {
    const order = await client.auth({ endUserIp: '127.0.0.1', personalNumber: PNR });
    expect(Object.keys(order).sort()).toEqual(['autoStartToken', 'orderRef', 'qrStartSecret', 'qrStartToken']);
    expect(await client.collect(order.orderRef)).toEqual({ status: 'pending', hintCode: 'outstandingTransaction' });
    // The person opens the order on the simulator's page.
    const page = await fetch(`${simulator.url}/`);
    expect(await page.text()).toContain(order.orderRef);
    expect(await client.collect(order.orderRef)).toEqual({ status: 'pending', hintCode: 'userSign' });
    await approveSimulatedOrder(files, order.orderRef, now);
    const done = await client.collect(order.orderRef);
    expect(done.status).toBe('complete');
    if (done.status !== 'complete') return;
    expect(done.completion.personalNumber).toBe(PNR);
    expect(done.completion.raw).toHaveProperty('signature');
  });

  it('the page approves an order that named no personnummer with the one typed in', async () => {
    const order = await client.auth({ endUserIp: '127.0.0.1' });
    const answer = await fetch(`${simulator.url}/orders/${order.orderRef}/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `personal_number=${PNR}`,
    });
    expect(await answer.text()).toContain('Ordern godkändes.');
    const done = await client.collect(order.orderRef);
    expect(done.status === 'complete' && done.completion.personalNumber).toBe(PNR);
  });

  it('sign carries userVisibleData; a user cancel fails with userCancel', async () => {
    const order = await client.sign({ endUserIp: '127.0.0.1', personalNumber: '197010632391', userVisibleData: 'Betalplan: 6 × 1 000 kr' });
    expect(await (await fetch(`${simulator.url}/`)).text()).toContain('Betalplan: 6 × 1 000 kr');
    await cancelSimulatedOrder(files, order.orderRef, now);
    expect(await client.collect(order.orderRef)).toEqual({ status: 'failed', hintCode: 'userCancel' });
  });

  it('RP cancel ends the order: collect then answers invalidParameters', async () => {
    const order = await client.auth({ endUserIp: '127.0.0.1', personalNumber: '194910173595' });
    await client.cancel(order.orderRef);
    const error = await rpError(client.collect(order.orderRef));
    expect([error.errorCode, error.httpStatus]).toEqual(['invalidParameters', 400]);
  });

  it('a second order for the same person: alreadyInProgress, and both are cancelled', async () => {
    const first = await client.auth({ endUserIp: '127.0.0.1', personalNumber: '195501012385' });
    expect((await rpError(client.auth({ endUserIp: '127.0.0.1', personalNumber: '195501012385' }))).errorCode).toBe('alreadyInProgress');
    expect((await rpError(client.collect(first.orderRef))).errorCode).toBe('invalidParameters');
    // Afterwards a new order starts.
    expect((await client.auth({ endUserIp: '127.0.0.1', personalNumber: '195501012385' })).orderRef).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('an order never scanned fails with startFailed once its lifetime is over', async () => {
    const order = await client.auth({ endUserIp: '127.0.0.1', personalNumber: '196001011234' });
    now += SIMULATED_ORDER_LIFETIME_MS + 1000;
    expect(await client.collect(order.orderRef)).toEqual({ status: 'failed', hintCode: 'startFailed' });
  });

  it('bad input is invalidParameters; a dead endpoint is a transport error', async () => {
    expect((await rpError(client.auth({ endUserIp: '' }))).errorCode).toBe('invalidParameters');
    expect((await rpError(client.sign({ endUserIp: '127.0.0.1', userVisibleData: '' }))).errorCode).toBe('invalidParameters');
    const dead = createBankIdClient({ baseUrl: 'http://127.0.0.1:9/rp/v6.0', timeoutMs: 2000 });
    expect((await rpError(dead.collect('x'))).errorCode).toBe('transport');
  });
});
