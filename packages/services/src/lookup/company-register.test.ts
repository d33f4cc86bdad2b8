import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOOKUP_MAX_RESULTS, createDefaultRegisterProvider, createHttpRegisterProvider } from './company-register';

const HIT = {
  name: 'Norrbygg Entreprenad AB',
  organizationNumber: '562063-7123',
  email: 'info@norrbygg.example.se',
  phone: '070-1740605',
  address: { street: 'Kyrkogatan 57', city: 'Stockholm', postalCode: '111 22' },
};

/** What the tiny register answers, chosen by the path the provider is pointed at. */
const ROUTES: Record<string, (url: URL, response: ServerResponse) => void> = {
  '/bare': (url, response) => json(response, 200, url.searchParams.get('query') === '562063-7123' ? [HIT] : []),
  '/wrapped': (_url, response) => json(response, 200, { results: [HIT] }),
  '/many': (_url, response) =>
    json(
      response,
      200,
      Array.from({ length: 25 }, (_, i) => ({ ...HIT, name: `Bolag ${i}` })),
    ),
  '/down': (_url, response) => json(response, 503, { error: 'underhåll' }),
  '/garbage': (_url, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"results": [');
  },
  '/other-shape': (_url, response) => json(response, 200, { hits: [{ namn: 'Fel form' }] }),
  '/slow': () => {
    // never answers: the provider must give up on its own
  },
};

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

let server: Server;
let origin: string;
const requests: { path: string; query: URLSearchParams; accept: string | undefined }[] = [];

beforeAll(async () => {
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    requests.push({ path: url.pathname, query: url.searchParams, accept: request.headers.accept });
    const route = ROUTES[url.pathname];
    if (route) route(url, response);
    else json(response, 404, {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('createHttpRegisterProvider (FORDRAN_REGISTER_URL)', () => {
  it('asks GET <url>?searchType=&query= for JSON and answers the bare result list', async () => {
    const provider = createHttpRegisterProvider({ url: `${origin}/bare?key=abc` });
    expect(await provider.lookup('562063-7123', 'company')).toEqual([HIT]);
    const last = requests.at(-1);
    expect(last?.path).toBe('/bare');
    expect(Object.fromEntries(last?.query ?? [])).toEqual({ key: 'abc', searchType: 'company', query: '562063-7123' });
    expect(last?.accept).toBe('application/json');
    expect(await provider.lookup('Anna & Åsa', 'person')).toEqual([]);
    expect(requests.at(-1)?.query.get('query')).toBe('Anna & Åsa');
  });

  it("accepts {results: [...]} (the shape of Fordran's own /lookup) and keeps at most the first ten", async () => {
    expect(await createHttpRegisterProvider({ url: `${origin}/wrapped` }).lookup('x', 'person')).toEqual([HIT]);
    const many = await createHttpRegisterProvider({ url: `${origin}/many` }).lookup('x', 'company');
    expect(many).toHaveLength(LOOKUP_MAX_RESULTS);
    expect(many[0]?.name).toBe('Bolag 0');
  });

  it.each([
    ['a status other than 200', '/down', /503/],
    ['a body that is not JSON', '/garbage', /JSON|Unexpected|Expected/],
    ['JSON of another shape', '/other-shape', /./],
    ['an unknown path (404)', '/nowhere', /404/],
  ])('rejects on %s', async (_case, path, message) => {
    await expect(createHttpRegisterProvider({ url: `${origin}${path}` }).lookup('562063-7123', 'company')).rejects.toThrow(message);
  });

  it('rejects when the register does not answer within timeoutMs', async () => {
    const started = Date.now();
    await expect(createHttpRegisterProvider({ url: `${origin}/slow`, timeoutMs: 150 }).lookup('562063-7123', 'company')).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('rejects when nothing listens at the address', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(createHttpRegisterProvider({ url: `http://127.0.0.1:${port}/` }).lookup('x', 'person')).rejects.toThrow();
  });

  it('is the default provider when a URL is configured; without one the fixture register answers', async () => {
    const http = createDefaultRegisterProvider({ today: () => '2026-11-22', url: `${origin}/wrapped` });
    expect(await http.lookup('anything', 'person')).toEqual([HIT]);
    const file = createDefaultRegisterProvider({ today: () => '2026-11-22', url: null });
    expect((await file.lookup('5620637123', 'company')).map((r) => r.name)).toEqual(['Norrbygg Entreprenad AB']);
  });
});
