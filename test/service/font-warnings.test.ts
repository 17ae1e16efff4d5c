/**
 * Fonts that cannot be used, through the service over real HTTP on 127.0.0.1, with PostgreSQL
 * storage and the render processes `octavo serve` runs (stop 37): a stored template with a
 * damaged font in its folder, one whose font and logo come from an allowed remote origin (a
 * server on 127.0.0.1, named in the allowlist), and one whose remote fonts answer 404, garbage or
 * nothing before the fetch timeout. Each generate answers a PDF within seconds; its warnings
 * (the `render_warning` log line of its correlation id) name the @font-face rule's file, line
 * and column and the font's URL as written; a good request sent at the same time succeeds.
 * Needs `npm run build` (npm test does it) and PostgreSQL (skipped locally without it, fails in CI).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonLineLogger } from '../../src/service/logging.js';
import { createWorkspace } from '../../src/service/operations.js';
import type { RunningService } from '../../src/service/main/server.js';
import { startService } from '../../src/service/main/server.js';
import { createPostgresStorage } from '../../src/service/storage/postgres.js';
import { PROCESS_TEST_TIMEOUT_MS, ensureBuilt } from '../helpers/processes.js';
import { png } from '../resources/image-bytes.js';
import { freshDatabase, inCi, postgresAvailable, stopCluster } from './helpers/postgres-db.js';
import { qpdfCheck } from './helpers/qpdf.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const workerFile = join(root, 'dist/service/render-worker.js');
const DEJAVU = new Uint8Array(readFileSync(join(root, 'fonts/dejavu/DejaVuSans.ttf')));
const FIRA = readFileSync(join(root, 'test/fixtures/fonts/fira-sans/fira-sans-latin-400-normal.woff2'));
/** The remote fetch timeout the service is started with: the slow font answers long after it. */
const FETCH_TIMEOUT_MS = 1_500;
/** What "within seconds" means on a loaded shared machine (a render itself takes well under one). */
const ANSWER_WITHIN_MS = 20_000;

/** A copy of an sfnt font with `edit` applied to the bytes of table `tag`. */
function withTable(font: Uint8Array, tag: string, edit: (table: DataView) => void): Uint8Array {
  const copy = font.slice();
  const view = new DataView(copy.buffer);
  for (let i = 0; i < view.getUint16(4); i++) {
    const record = 12 + 16 * i;
    if (String.fromCharCode(...copy.subarray(record, record + 4)) !== tag) continue;
    edit(new DataView(copy.buffer, view.getUint32(record + 8), view.getUint32(record + 12)));
  }
  return copy;
}

/** The remote origin: a web font, a logo, and fonts that fail each its way. Every path asked is logged. */
interface FontOrigin {
  readonly origin: string;
  readonly asked: string[];
  close(): Promise<void>;
}

async function startFontOrigin(): Promise<FontOrigin> {
  const asked: string[] = [];
  const send = (res: ServerResponse, type: string, body: Uint8Array | string): void => {
    res.writeHead(200, { 'content-type': type, 'content-length': String(Buffer.byteLength(body)) });
    res.end(body);
  };
  const routes: Readonly<Record<string, (res: ServerResponse) => void>> = {
    '/fonts/fira.woff2': (res) => send(res, 'font/woff2', FIRA),
    '/logo.png': (res) => send(res, 'image/png', png(16, 8, [0, 0, 255])),
    '/fonts/garbage.ttf': (res) => send(res, 'font/ttf', new Uint8Array(4096).map((_, i) => (i * 7919) % 251)),
    // answers long after the fetch timeout (the connection is cut when the test ends)
    '/fonts/slow.ttf': (res) => { setTimeout(() => send(res, 'font/ttf', DEJAVU), 30_000).unref(); },
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    asked.push(path);
    const route = routes[path];
    if (route !== undefined) return route(res);
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    asked,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

if (!postgresAvailable && inCi) {
  describe('font warnings through the service', () => {
    it('needs PostgreSQL in CI', () => { throw new Error('PostgreSQL binaries not found: install `postgresql` (or set OCTAVO_TEST_DATABASE_URL)'); });
  });
} else if (!postgresAvailable) {
  console.warn('test/service/font-warnings.test.ts SKIPPED: no PostgreSQL binaries (install `postgresql` or set OCTAVO_TEST_DATABASE_URL)');
  describe.skip('font warnings through the service (no PostgreSQL)', () => { it('skipped', () => undefined); });
} else {
  describe('font warnings through the service (PostgreSQL, render processes, real HTTP)', () => {
    let dir: string;
    let fonts: FontOrigin;
    let service: RunningService;
    let apiKey: string;
    const logLines: string[] = [];

    beforeAll(async () => {
      ensureBuilt();
      dir = await mkdtemp(join(tmpdir(), 'octavo-font-warnings-'));
      fonts = await startFontOrigin();
      const storage = await createPostgresStorage({ connectionString: await freshDatabase('octavo_fontloc') });
      apiKey = (await createWorkspace(storage, { name: 'fonts', quota: 100 })).apiKey;
      service = await startService({
        storage, host: '127.0.0.1', port: 0,
        pool: { workerFile, threads: 1, timeoutMs: 60_000, remote: { allow: [fonts.origin], timeoutMs: FETCH_TIMEOUT_MS } },
        logger: jsonLineLogger((line) => logLines.push(line)),
      });
    }, PROCESS_TEST_TIMEOUT_MS);
    afterAll(async () => {
      await service?.close();
      await fonts?.close();
      stopCluster();
      await rm(dir, { recursive: true, force: true });
    });

    /** Uploads a template with its folder's files over the template API; its id and the warnings of its sample's render. */
    async function upload(name: string, html: string, files: Record<string, Uint8Array | string> = {}): Promise<{ id: string; warnings: string[] }> {
      const form = new FormData();
      form.append('name', name);
      form.append('sample', '{"n":"1"}');
      form.append('template', new Blob([html], { type: 'text/html' }), 'template.html');
      for (const [path, bytes] of Object.entries(files)) form.append('files', new Blob([bytes]), path);
      const response = await fetch(`${service.url}/v1/document-templates`, { method: 'POST', headers: { apikey: apiKey }, body: form });
      expect(response.status, await response.clone().text()).toBe(201);
      return (await response.json()) as { id: string; warnings: string[] };
    }

    /** Generates over HTTP and downloads the PDF: its file, its warnings (the render_warning log line) and the time the answer took. */
    async function generate(templateId: string): Promise<{ file: string; warnings: string[]; ms: number }> {
      const started = performance.now();
      const response = await fetch(`${service.url}/v1/pdfs`, {
        method: 'POST', headers: { apikey: apiKey, 'content-type': 'application/json' }, body: JSON.stringify({ template_id: templateId, payload: { n: '42' } }),
      });
      const ms = performance.now() - started;
      const body = (await response.json()) as { data: { download_url: string } };
      expect(response.status, JSON.stringify(body)).toBe(200);
      const pdf = new Uint8Array(await (await fetch(body.data.download_url)).arrayBuffer());
      qpdfCheck(pdf);
      const file = join(dir, `${templateId}-${Math.random().toString(36).slice(2)}.pdf`);
      await writeFile(file, pdf);
      const correlation = response.headers.get('x-correlation-id');
      const logged = logLines.map((line) => JSON.parse(line) as { msg: string; correlation_id?: string; warnings?: string[] })
        .find((entry) => entry.msg === 'render_warning' && entry.correlation_id === correlation);
      return { file, warnings: logged?.warnings ?? [], ms };
    }

    const text = (file: string): string => execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    const pdfFonts = (file: string): string => execFileSync('pdffonts', [file], { encoding: 'utf8' });

    let remoteGood: string;

    it('(a) a damaged font in the template\'s folder: a PDF, the warning at its @font-face rule in the stored stylesheet, in every render', async () => {
      const { id, warnings: added } = await upload('Damaged', '<link rel="stylesheet" href="css/fonts.css"><h1>AVATAR {{n}}</h1><p>Body text</p><p class="refused">Refused</p>', {
        'css/fonts.css': [
          '@font-face { font-family: Body; src: url(../fonts/good.ttf) }',
          '@font-face { font-family: Title;',
          '  src: url(../fonts/damaged.ttf) }',
          '@font-face { font-family: Refused; src: url(../fonts/refused.ttf) }',
          'h1 { font-family: Title } p { font-family: Body } .refused { font-family: Refused, Body }',
        ].join('\n'),
        'fonts/good.ttf': DEJAVU,
        // one byte of GPOS: the table's ScriptList offset runs past its end (used without GPOS)
        'fonts/damaged.ttf': withTable(DEJAVU, 'GPOS', (gpos) => gpos.setUint8(4, 0x6b)),
        // a loca entry past glyf's end (refused when it loads); DejaVu's loca has long offsets
        'fonts/refused.ttf': withTable(DEJAVU, 'loca', (loca) => loca.setUint32(4 * 3, 0xfffff0)),
      });
      // the template API's answer says what a generate says, as soon as the template is stored
      expect(added).toHaveLength(2);
      expect(added).toContainEqual(expect.stringMatching(/^css\/fonts\.css:3:8: warning\[font\]: font "DejaVuSans" from \.\.\/fonts\/damaged\.ttf \(@font-face "Title"\) could not be shaped/));
      for (let render = 0; render < 2; render++) {
        const { file, warnings, ms } = await generate(id);
        expect(ms).toBeLessThan(ANSWER_WITHIN_MS);
        expect(text(file)).toMatch(/AVATAR 42[\s\S]*Body text/);
        expect(warnings).toHaveLength(2);
        expect(warnings).toContainEqual(expect.stringMatching(/^css\/fonts\.css:3:8: warning\[font\]: font "DejaVuSans" from \.\.\/fonts\/damaged\.ttf \(@font-face "Title"\) could not be shaped \(GPOS: .*\); glyphs drawn without its GPOS table$/));
        expect(warnings).toContainEqual(expect.stringMatching(/^css\/fonts\.css:4:\d+: warning\[font\]: @font-face "Refused" was ignored: \.\.\/fonts\/refused\.ttf: not a usable font \(its loca table does not fit its glyf table\)/));
      }
    }, PROCESS_TEST_TIMEOUT_MS);

    it('(b) a font and a logo from an allowed remote origin on 127.0.0.1: used, no warning', async () => {
      remoteGood = (await upload('Remote', `<style>@font-face { font-family: Remote; src: url(${fonts.origin}/fonts/fira.woff2) format('woff2') } h1 { font-family: Remote }</style>
<h1>Quote {{n}}</h1><img src="${fonts.origin}/logo.png" width="32">`)).id;
      const { file, warnings, ms } = await generate(remoteGood);
      expect(ms).toBeLessThan(ANSWER_WITHIN_MS);
      expect(warnings).toEqual([]);
      expect(text(file)).toMatch(/Quote 42/);
      expect(pdfFonts(file)).toMatch(/FiraSans-Regular/);
      expect(execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).trim().split('\n')).toHaveLength(3);
    }, PROCESS_TEST_TIMEOUT_MS);

    it('(c) remote fonts that answer 404, garbage and too slowly: a PDF within seconds, one located warning each; a good request at the same time succeeds', async () => {
      const rule = (family: string, path: string): string => `@font-face { font-family: ${family}; src: url(${fonts.origin}/fonts/${path}) }`;
      const html = `<style>
${rule('Missing', 'missing.ttf')}
${rule('Garbage', 'garbage.ttf')}
${rule('Slow', 'slow.ttf')}
.m { font-family: Missing, serif } .g { font-family: Garbage, serif } .s { font-family: Slow, serif }
</style><p class="m">Missing {{n}}</p><p class="g">Garbage</p><p class="s">Slow</p>`;
      const { id, warnings: added } = await upload('Failing', html);
      expect(added).toHaveLength(3);
      fonts.asked.length = 0;
      const rendering = Promise.all([generate(id), generate(remoteGood)]);
      // while the slow font holds the render process, the server answers what needs no render
      const asked = performance.now();
      expect((await fetch(`${service.url}/v1/workspaces`, { headers: { apikey: apiKey } })).status).toBe(200);
      expect(performance.now() - asked).toBeLessThan(FETCH_TIMEOUT_MS);
      const [failing, good] = await rendering;
      expect(failing.ms).toBeLessThan(ANSWER_WITHIN_MS);
      expect(good.ms).toBeLessThan(ANSWER_WITHIN_MS);
      expect(text(failing.file)).toMatch(/Missing 42[\s\S]*Garbage[\s\S]*Slow/);
      expect(failing.warnings).toHaveLength(3);
      expect(failing.warnings).toContainEqual(expect.stringMatching(new RegExp(`^Failing:2:\\d+: warning\\[font\\]: @font-face "Missing" was ignored: ${fonts.origin}/fonts/missing\\.ttf: .*404`)));
      expect(failing.warnings).toContainEqual(expect.stringMatching(new RegExp(`^Failing:3:\\d+: warning\\[font\\]: @font-face "Garbage" was ignored: ${fonts.origin}/fonts/garbage\\.ttf: not a usable font`)));
      expect(failing.warnings).toContainEqual(expect.stringMatching(new RegExp(`^Failing:4:\\d+: warning\\[font\\]: @font-face "Slow" was ignored: ${fonts.origin}/fonts/slow\\.ttf: no answer within ${FETCH_TIMEOUT_MS} ms$`)));
      expect(good.warnings).toEqual([]);
      expect(pdfFonts(good.file)).toMatch(/FiraSans-Regular/);
      // the slow font was asked once by the generate (no retry after the timeout)
      expect(fonts.asked.filter((path) => path === '/fonts/slow.ttf')).toHaveLength(1);
    }, PROCESS_TEST_TIMEOUT_MS);
  });
}
