import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankIdClient } from '@fordran/services';
import { openTestApp, TEST_SECRET, type TestApp } from '@fordran/services/testing';
import { runCli } from './run-cli';

/*
 * `fordran bankid approve|cancel` (issue 13): the real binary acts on the orders of the BankID
 * simulator that the app (here the test's) runs, and the real RP client then collects the result.
 */

let test: TestApp;
let client: BankIdClient;
let env: Record<string, string>;

beforeAll(async () => {
  test = await openTestApp();
  client = await test.app.providers!.bankid!.client();
  env = {
    FORDRAN_DB: test.location.dbPath,
    FORDRAN_DATA_DIR: test.dir,
    FORDRAN_SECRET: TEST_SECRET,
    ...(test.location.databaseUrl ? { FORDRAN_DATABASE_URL: test.location.databaseUrl } : {}),
  };
});
afterAll(() => test.close());

function cli(args: string[]) {
  const result = runCli(['bankid', ...args, '--json'], env);
  return { ...result, body: result.status === 0 && result.stdout.trim() ? (JSON.parse(result.stdout) as Record<string, unknown>) : null };
}

describe('fordran bankid', { timeout: 120_000 }, () => {
  it('approve completes the order with its personnummer', async () => {
    const order = await client.auth({ endUserIp: '127.0.0.1', personalNumber: '198112189876' });
    const approved = cli(['approve', order.orderRef]);
    expect(approved.status, approved.stderr).toBe(0);
    expect(approved.body).toEqual({ order_ref: order.orderRef, status: 'complete', hint_code: 'complete', personal_number: '198112189876' });
    const collected = await client.collect(order.orderRef);
    expect(collected.status === 'complete' && collected.completion.personalNumber).toBe('198112189876');
    // An order is approved once.
    const again = cli(['approve', order.orderRef]);
    expect(again.status).not.toBe(0);
    expect(again.stderr).toContain('redan avslutad');
  });

  it('approve --personnummer for an order that named nobody; without it the CLI says what is missing', async () => {
    const order = await client.auth({ endUserIp: '127.0.0.1' });
    const missing = cli(['approve', order.orderRef]);
    expect(missing.status).not.toBe(0);
    expect(missing.stderr).toContain('12 siffror');
    expect(cli(['approve', order.orderRef, '--personnummer', '197010632391']).status).toBe(0);
    const collected = await client.collect(order.orderRef);
    expect(collected.status === 'complete' && collected.completion.personalNumber).toBe('197010632391');
  });

  it('cancel makes collect answer failed userCancel; an unknown order is an error', async () => {
    const order = await client.auth({ endUserIp: '127.0.0.1', personalNumber: '194910173595' });
    const cancelled = cli(['cancel', order.orderRef]);
    expect(cancelled.status, cancelled.stderr).toBe(0);
    expect(cancelled.body).toMatchObject({ status: 'failed', hint_code: 'userCancel' });
    expect(await client.collect(order.orderRef)).toEqual({ status: 'failed', hintCode: 'userCancel' });
    const unknown = cli(['cancel', '00000000-0000-4000-8000-000000000000']);
    expect(unknown.status).not.toBe(0);
    expect(unknown.stderr).toContain('Ingen BankID-order');
  });
});
