/**
 * The remote fetch's guards against a real server on 127.0.0.1 (src/net/fetch.ts, address.ts):
 * the address that was checked is the address connected to (DNS resolved once, through an
 * injected resolver that answers a name real DNS does not know, so a second lookup by the HTTP
 * client could not connect at all); every address of a name is checked; a server that accepts and
 * never answers, or stops in the middle of a body, is given up at the total time bound, its
 * connection closed; and the fetches running at once are bounded.
 */
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as dnsPromises from 'node:dns/promises';

// the names of this file resolve only through this resolver (`.test` is reserved, RFC 2606)
const answers = new Map<string, { address: string; family: number }[]>();
const asked: string[] = [];
vi.mock('node:dns/promises', async (importOriginal) => {
  const original = await importOriginal<typeof dnsPromises>();
  const lookup = async (host: string, options: unknown): Promise<unknown> => {
    asked.push(host);
    const answer = answers.get(host);
    return answer ?? (original.lookup as (h: string, o: unknown) => Promise<unknown>)(host, options);
  };
  return { ...original, lookup, default: { ...original, lookup } };
});

const { guardedFetch } = await import('../../src/net/fetch.js');
const { createAllowList } = await import('../../src/net/allow-list.js');
const { createRemoteFetcher } = await import('../../src/net/remote.js');

const bounds = { connectTimeoutMs: 2_000, timeoutMs: 400, maxBytes: 1_000_000, maxRedirects: 2 };

let server: Server;
let port = 0;
const sockets = new Set<Socket>();
const closed: string[] = [];
let inFlight = 0;
let maxInFlight = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '/';
    req.socket.once('close', () => closed.push(path));
    if (path === '/hello') {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '5' });
      res.end(`hello`);
    } else if (path === '/host') {
      const body = req.headers.host ?? '';
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(body.length) });
      res.end(body);
    } else if (path === '/stall-body') {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '1000' });
      res.write('only the start');
    } else if (path.startsWith('/wait/')) {
      maxInFlight = Math.max(maxInFlight, ++inFlight);
      setTimeout(() => { inFlight--; res.writeHead(200, { 'content-type': 'image/png', 'content-length': '0' }); res.end(); }, 100);
    }
    // '/silent': accepted, read, never answered
  });
  server.on('connection', (socket) => { sockets.add(socket); socket.once('close', () => sockets.delete(socket)); });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const text = (bytes: Uint8Array): string => Buffer.from(bytes).toString('utf8');

describe('DNS pinning', () => {
  it('connects to the address it checked, resolved once, with the name kept for the Host header', async () => {
    answers.set('assets.octavo.test', [{ address: '127.0.0.1', family: 4 }]);
    asked.length = 0;
    const origin = `http://assets.octavo.test:${port}`;
    const response = await guardedFetch({ url: new URL(`${origin}/host`), allow: createAllowList([origin]), bounds });
    expect(text(response.bytes)).toBe(`assets.octavo.test:${port}`);
    // one resolution: the HTTP client asked no resolver of its own (real DNS does not know the name)
    expect(asked).toEqual(['assets.octavo.test']);
  });

  it('refuses a name that resolves to a loopback address unless its origin is allowed by name', async () => {
    answers.set('rebound.octavo.test', [{ address: '127.0.0.1', family: 4 }]);
    closed.length = 0;
    const url = new URL(`http://rebound.octavo.test:${port}/hello`);
    await expect(guardedFetch({ url, allow: createAllowList(['*']), bounds })).rejects.toThrow(/rebound\.octavo\.test is a private, loopback or reserved address \(127\.0\.0\.1\)/);
    // allowed by name, the same name reaches it
    const allowed = await guardedFetch({ url, allow: createAllowList([url.origin]), bounds });
    expect(text(allowed.bytes)).toBe('hello');
    expect(closed).toEqual(['/hello']); // the refused fetch made no connection
  });

  it('checks every address of a name: one private answer among public ones refuses it', async () => {
    answers.set('mixed.octavo.test', [{ address: '93.184.215.14', family: 4 }, { address: '10.0.0.7', family: 4 }]);
    const url = new URL(`http://mixed.octavo.test:${port}/hello`);
    await expect(guardedFetch({ url, allow: createAllowList(['*']), bounds })).rejects.toThrow(/private, loopback or reserved address \(10\.0\.0\.7\)/);
  });

  it('checks the address of every redirect', async () => {
    answers.set('public.octavo.test', [{ address: '127.0.0.1', family: 4 }]);
    answers.set('inside.octavo.test', [{ address: '192.168.1.20', family: 4 }]);
    const redirecting = createServer((_req, res) => { res.writeHead(302, { location: `http://inside.octavo.test:${port}/hello` }); res.end(); });
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
    const origin = `http://public.octavo.test:${(redirecting.address() as AddressInfo).port}`;
    try {
      await expect(guardedFetch({ url: new URL(`${origin}/go`), allow: createAllowList([origin, '*']), bounds }))
        .rejects.toThrow(/\(redirected to http:\/\/inside\.octavo\.test:\d+\/hello: inside\.octavo\.test is a private, loopback or reserved address \(192\.168\.1\.20\)/);
    } finally {
      redirecting.closeAllConnections();
      await new Promise<void>((resolve) => redirecting.close(() => resolve()));
    }
  });
});

describe('time bounds', () => {
  const origin = (): string => `http://127.0.0.1:${port}`;

  it('gives up a server that accepts and never answers, at the total time bound, and closes the connection', async () => {
    closed.length = 0;
    await expect(guardedFetch({ url: new URL(`${origin()}/silent`), allow: createAllowList([origin()]), bounds }))
      .rejects.toThrow(/\/silent: no answer within 400 ms/);
    await vi.waitFor(() => expect(closed).toEqual(['/silent']));
  });

  it('gives up a body that stops half-way, at the same bound', async () => {
    closed.length = 0;
    await expect(guardedFetch({ url: new URL(`${origin()}/stall-body`), allow: createAllowList([origin()]), bounds }))
      .rejects.toThrow(/\/stall-body: (no answer within 400 ms|the connection closed before the body ended)/);
    await vi.waitFor(() => expect(closed).toEqual(['/stall-body']));
  });
});

describe('fetches at once', () => {
  it('are at most maxConcurrent per engine, the others waiting their turn', async () => {
    const origin = `http://127.0.0.1:${port}`;
    const fetcher = createRemoteFetcher({ allow: [origin], maxConcurrent: 3 });
    const session = fetcher.session();
    maxInFlight = 0;
    const results = await Promise.all(Array.from({ length: 10 }, (_, n) => session.fetch(new URL(`${origin}/wait/${n}`), 'image', 1000)));
    expect(results).toHaveLength(10);
    expect(maxInFlight).toBe(3);
  });
});
