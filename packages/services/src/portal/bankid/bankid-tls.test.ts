import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { TLSSocket } from 'node:tls';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BankIdError, createBankIdClient } from './bankid-client';
import { bankIdConfigFromEnv } from './bankid-provider';

/*
 * Mutual TLS as BankID's RP API requires it: the client presents the RP certificate (PKCS#12 with
 * its passphrase, from FORDRAN_BANKID_PFX / _PASSPHRASE) and trusts only the CA of FORDRAN_BANKID_CA.
 * test-tls/ holds a throw-away CA, a server certificate for 127.0.0.1 and an RP certificate
 * (rp.p12, passphrase qwerty123), made for this test only and valid for 100 years.
 */

const tls = (name: string) => fileURLToPath(new URL(`./test-tls/${name}`, import.meta.url));
let server: Server;
let baseUrl: string;
const clients: string[] = [];

beforeAll(async () => {
  server = createServer(
    {
      key: readFileSync(tls('server.key')),
      cert: readFileSync(tls('server.pem')),
      ca: readFileSync(tls('ca.pem')),
      requestCert: true,
      rejectUnauthorized: true,
    },
    (request, response) => {
      clients.push((request.socket as TLSSocket).getPeerCertificate().subject.CN as string);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ orderRef: 'o-1', autoStartToken: 'a-1', qrStartToken: 'q-1', qrStartSecret: 's-1' }));
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  baseUrl = `https://127.0.0.1:${(server.address() as AddressInfo).port}/rp/v6.0`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the BankID client over mutual TLS', () => {
  it('presents the RP certificate from the configuration and trusts the configured CA', async () => {
    const config = bankIdConfigFromEnv({
      FORDRAN_BANKID_URL: baseUrl,
      FORDRAN_BANKID_PFX: tls('rp.p12'),
      FORDRAN_BANKID_PASSPHRASE: 'qwerty123',
      FORDRAN_BANKID_CA: tls('ca.pem'),
    });
    const order = await createBankIdClient(config!).auth({ endUserIp: '127.0.0.1', personalNumber: '198112189876' });
    expect(order.orderRef).toBe('o-1');
    expect(clients.at(-1)).toBe('Fordran test RP');
  });

  it('without the RP certificate the server refuses the handshake', async () => {
    const client = createBankIdClient({ baseUrl, ca: readFileSync(tls('ca.pem')), timeoutMs: 5000 });
    const error = await client.collect('o-1').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BankIdError);
    expect((error as BankIdError).errorCode).toBe('transport');
  });

  it('without the configured CA the server is not trusted', async () => {
    const client = createBankIdClient({ baseUrl, pfx: readFileSync(tls('rp.p12')), passphrase: 'qwerty123', timeoutMs: 5000 });
    const error = await client.collect('o-1').catch((caught: unknown) => caught);
    expect((error as BankIdError).errorCode).toBe('transport');
  });

  it('configuration: the simulator when unset; https and a certificate required otherwise', () => {
    expect(bankIdConfigFromEnv({})).toBeNull();
    expect(() => bankIdConfigFromEnv({ FORDRAN_BANKID_URL: 'http://appapi2.test.bankid.com/rp/v6.0' })).toThrow(/https/);
    expect(() => bankIdConfigFromEnv({ FORDRAN_BANKID_URL: 'https://appapi2.test.bankid.com/rp/v6.0' })).toThrow(/FORDRAN_BANKID_PFX/);
  });
});
