import { readFileSync } from 'node:fs';
import type { FileStorage } from '@fordran/store';
import type { LocalHttpServer } from '../../system/local-http-server';
import { createBankIdClient, type BankIdClient, type BankIdClientConfig } from './bankid-client';
import { startBankIdSimulator } from './bankid-simulator';

/*
 * Which BankID the portal talks to: the RP API of FORDRAN_BANKID_URL with the RP certificate, or
 * — with nothing configured — the simulator, started in this process on first use. Either way the
 * same client code runs.
 */

export interface BankIdProvider {
  /** True when the local simulator answers (the portal shows 'Simulering'). */
  readonly simulated: boolean;
  client(): Promise<BankIdClient>;
  /** The simulator's approve/cancel page; null for the real BankID. */
  simulatorUrl(): Promise<string | null>;
  close(): Promise<void>;
}

/**
 * FORDRAN_BANKID_URL (e.g. https://appapi2.test.bankid.com/rp/v6.0), FORDRAN_BANKID_PFX (path of
 * the RP certificate, PKCS#12), FORDRAN_BANKID_PASSPHRASE and FORDRAN_BANKID_CA (path of BankID's
 * CA, PEM); null when FORDRAN_BANKID_URL is unset: the simulator.
 */
export function bankIdConfigFromEnv(env: NodeJS.ProcessEnv): BankIdClientConfig | null {
  const baseUrl = env.FORDRAN_BANKID_URL?.trim();
  if (!baseUrl) return null;
  if (!/^https:\/\//.test(baseUrl)) throw new Error('FORDRAN_BANKID_URL måste börja med https:// (t.ex. https://appapi2.test.bankid.com/rp/v6.0)');
  const pfxPath = env.FORDRAN_BANKID_PFX?.trim();
  const caPath = env.FORDRAN_BANKID_CA?.trim();
  if (!pfxPath) throw new Error('FORDRAN_BANKID_PFX (RP-certifikatet, .p12) krävs när FORDRAN_BANKID_URL är satt');
  return {
    baseUrl,
    pfx: readFileSync(pfxPath),
    ...(env.FORDRAN_BANKID_PASSPHRASE !== undefined ? { passphrase: env.FORDRAN_BANKID_PASSPHRASE } : {}),
    ...(caPath ? { ca: readFileSync(caPath) } : {}),
  };
}

export function createBankIdProvider(options: { config: BankIdClientConfig | null; files: FileStorage; now?: () => number }): BankIdProvider {
  const { config } = options;
  if (config) {
    const client = createBankIdClient(config);
    return { simulated: false, client: () => Promise.resolve(client), simulatorUrl: () => Promise.resolve(null), close: () => Promise.resolve() };
  }
  let started: Promise<{ server: LocalHttpServer; client: BankIdClient }> | null = null;
  const simulator = () =>
    (started ??= startBankIdSimulator({ files: options.files, ...(options.now ? { now: options.now } : {}) }).then((server) => ({
      server,
      client: createBankIdClient({ baseUrl: `${server.url}/rp/v6.0` }),
    })));
  return {
    simulated: true,
    client: async () => (await simulator()).client,
    simulatorUrl: async () => (await simulator()).server.url,
    async close() {
      const running = started;
      started = null;
      if (running) await (await running).server.close();
    },
  };
}
