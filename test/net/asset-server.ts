/**
 * A web server on 127.0.0.1 (random port) serving what a real-web template asks for: a
 * stylesheet, a Google-Fonts-style stylesheet whose `unicode-range` subsets are WOFF2 files,
 * images, and the faults a remote fetch must survive (redirects, a slow answer, oversized bodies,
 * a wrong media type, a redirect to a private address). Every request is logged (path and
 * conditional headers) so tests can say which were made.
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const FONTS = new URL('../fixtures/fonts/fira-sans/', import.meta.url);
const IMAGES = new URL('../fixtures/images/', import.meta.url);

export const SUBSETS = {
  latin: 'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD',
  'latin-ext': 'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF',
  cyrillic: 'U+0301,U+0400-045F,U+0490-0491,U+04B0-04B1,U+2116',
  greek: 'U+0370-0377,U+037A-037F,U+0384-038A,U+038C,U+038E-03A1,U+03A3-03FF',
} as const;

export interface LoggedRequest {
  readonly path: string;
  readonly ifNoneMatch: string | undefined;
  readonly userAgent: string | undefined;
}

export interface AssetServer {
  readonly origin: string;
  /** The most `/wait/…` requests answered at once (they take 200 ms each). */
  readonly maxInFlight: () => number;
  readonly port: number;
  readonly requests: LoggedRequest[];
  close(): Promise<void>;
}

/** The CSS the Google Fonts css2 API answers a browser: one @font-face per subset, absolute URLs. */
function googleCss(origin: string): string {
  return Object.entries(SUBSETS).map(([subset, range]) => `/* ${subset} */
@font-face {
  font-family: 'Fira Sans';
  font-style: normal;
  font-weight: 400;
  font-display: swap;
  src: url(${origin}/s/firasans/v17/fira-sans-${subset}-400-normal.woff2) format('woff2');
  unicode-range: ${range};
}`).join('\n');
}

type Route = (req: IncomingMessage, res: ServerResponse, origin: string) => void;

function send(res: ServerResponse, type: string, body: string | Uint8Array, headers: Record<string, string> = {}): void {
  res.writeHead(200, { 'content-type': type, 'content-length': String(Buffer.byteLength(body)), ...headers });
  res.end(body);
}

const ROUTES: Readonly<Record<string, Route>> = {
  '/css2': (_req, res, origin) => send(res, 'text/css; charset=utf-8', googleCss(origin), { 'cache-control': 'private, max-age=86400' }),
  '/style.css': (_req, res) => send(res, 'text/css', '.brand { color: rgb(0, 0, 255) } h1 { font-family: "Fira Sans", serif }', { 'cache-control': 'max-age=600' }),
  // revalidated on every use: an ETag and no-cache
  '/etag.css': (req, res) => {
    if (req.headers['if-none-match'] === '"v1"') {
      res.writeHead(304, { etag: '"v1"', 'cache-control': 'no-cache' });
      res.end();
      return;
    }
    send(res, 'text/css', '.tag { color: rgb(0, 128, 0) }', { etag: '"v1"', 'cache-control': 'no-cache' });
  },
  '/logo.png': (_req, res) => send(res, 'image/png', readFileSync(new URL('palette-alpha.png', IMAGES))),
  '/photo.jpg': (_req, res) => send(res, 'image/jpeg', readFileSync(new URL('red-blue.jpg', IMAGES))),
  '/moved-photo': (_req, res) => { res.writeHead(302, { location: '/photo.jpg' }); res.end(); },
  '/redirect-loop': (_req, res) => { res.writeHead(302, { location: '/redirect-loop' }); res.end(); },
  '/to-private': (_req, res, origin) => { res.writeHead(301, { location: `http://127.0.0.2:${new URL(origin).port}/logo.png` }); res.end(); },
  '/slow.png': (_req, res) => { setTimeout(() => send(res, 'image/png', readFileSync(new URL('palette-alpha.png', IMAGES))), 6_000).unref(); },
  '/big.png': (_req, res) => send(res, 'image/png', new Uint8Array(300_000)),
  // no Content-Length: refused while it is read
  '/endless.png': (_req, res) => {
    res.writeHead(200, { 'content-type': 'image/png' });
    const chunk = new Uint8Array(64 * 1024);
    let sent = 0;
    const pump = (): void => {
      while (sent < 40 && !res.destroyed) {
        sent++;
        if (!res.write(chunk)) { res.once('drain', pump); return; }
      }
      res.end();
    };
    pump();
  },
  '/page.html.css': (_req, res) => send(res, 'text/html', '<h1>not a stylesheet</h1>'),
  // a stylesheet from the web that names local files (?local=FILE-URL) and a file relative to it
  '/local.css': (req, res, origin) => {
    const local = new URL(req.url ?? '/', origin).searchParams.get('local') ?? 'file:///etc/passwd';
    send(res, 'text/css', `@import "${local}.css";
.local { background-image: url(${local}) }
.near { background: url(logo.png) no-repeat }
@font-face { font-family: Local; src: url("${local}.ttf") }
`);
  },
  // UTF-16 with a byte-order mark, little- and big-endian
  '/utf16le.css': (_req, res) => send(res, 'text/css', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('.le { display: none }', 'utf16le')])),
  '/utf16be.css': (_req, res) => send(res, 'text/css', Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('.be { display: none }', 'utf16le').swap16()])),
};

export async function startAssetServer(): Promise<AssetServer> {
  const requests: LoggedRequest[] = [];
  let origin = '';
  let inFlight = 0;
  let maxInFlight = 0;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', origin);
    requests.push({ path: `${url.pathname}${url.search}`, ifNoneMatch: req.headers['if-none-match'], userAgent: req.headers['user-agent'] });
    if (url.pathname.startsWith('/wait/')) {
      maxInFlight = Math.max(maxInFlight, ++inFlight);
      setTimeout(() => { inFlight--; send(res, 'image/png', readFileSync(new URL('palette-alpha.png', IMAGES))); }, 200);
      return;
    }
    const font = /^\/s\/firasans\/v17\/(fira-sans-[a-z-]+-400-normal\.woff2)$/.exec(url.pathname);
    if (font !== null) {
      send(res, 'font/woff2', readFileSync(new URL(font[1]!, FONTS)), { 'cache-control': 'public, max-age=31536000' });
      return;
    }
    const route = ROUTES[url.pathname];
    if (route === undefined) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
      return;
    }
    route(req, res, origin);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  return {
    origin, port, requests, maxInFlight: () => maxInFlight,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
