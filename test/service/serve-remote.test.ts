/**
 * `octavo serve --allow-remote ORIGIN` (issue 28): a stored template whose logo and web font are
 * on another server renders with them — fetched by the render processes, from the allowed origin
 * only, the unused unicode-range subsets never asked for — and a byte-order mark in the stored
 * template and in the request body changes nothing. Needs `npm run build` (npm test does it).
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROCESS_TEST_TIMEOUT_MS, ensureBuilt } from '../helpers/processes.js';
import type { AssetServer } from '../net/asset-server.js';
import { startAssetServer } from '../net/asset-server.js';
import type { ServeProcess } from './helpers/serve-process.js';
import { runOctavo as octavo, startServeProcess } from './helpers/serve-process.js';

let dir: string;
let assets: AssetServer;
let server: ServeProcess | undefined;
let apiKey: string;
let templateId: string;

beforeAll(async () => {
  ensureBuilt();
  assets = await startAssetServer();
  dir = await mkdtemp(join(tmpdir(), 'octavo-serve-remote-'));
  const data = join(dir, 'data');
  apiKey = (JSON.parse((await octavo(['workspace', 'create', '--name', 'remote', '--quota', '10', '--data-dir', data])).stdout) as { apiKey: string }).apiKey;
  await writeFile(join(dir, 'quote.html'), `\uFEFF<link rel="stylesheet" href="${assets.origin}/css2?family=Fira+Sans">
<h1 style="font-family: 'Fira Sans'">Quote {{number}}</h1><img src="${assets.origin}/photo.jpg" width="80">`);
  await writeFile(join(dir, 'sample.json'), '{"number": "Q-1"}');
  const added = await octavo(['template', 'add', join(dir, 'quote.html'), '--workspace', 'remote', '--name', 'Quote', '--sample', join(dir, 'sample.json'), '--data-dir', data]);
  templateId = (JSON.parse(added.stdout) as { id: string }).id;
  server = await startServeProcess(['--data-dir', data, '--workers', '1', '--allow-remote', assets.origin]);
}, PROCESS_TEST_TIMEOUT_MS);
afterAll(async () => {
  server?.crash();
  await server?.exited;
  await assets.close();
  await rm(dir, { recursive: true, force: true });
});

describe('octavo serve --allow-remote', () => {
  it('renders a stored template with its remote logo and web font', async () => {
    assets.requests.length = 0;
    const response = await fetch(`${server!.url}/v1/pdfs`, {
      method: 'POST',
      headers: { apikey: apiKey, 'content-type': 'application/json' },
      body: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify({ template_id: templateId, payload: { number: 'Q-42' } }))]),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { download_url: string } };
    const pdf = new Uint8Array(await (await fetch(body.data.download_url)).arrayBuffer());
    expect(assets.requests.map((r) => r.path).sort()).toEqual(['/css2?family=Fira+Sans', '/photo.jpg', '/s/firasans/v17/fira-sans-latin-400-normal.woff2']);
    const file = join(dir, 'quote.pdf');
    await writeFile(file, pdf);
    expect(execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' })).toMatch(/^Quote Q-42/);
    expect(execFileSync('pdffonts', [file], { encoding: 'utf8' })).toMatch(/FiraSans-Regular/);
    const images = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).trim().split('\n').slice(2).map((line) => line.trim().split(/\s+/));
    expect(images.map((columns) => `${columns[2]} ${columns[3]}x${columns[4]}`)).toEqual(['image 32x8']);
  }, PROCESS_TEST_TIMEOUT_MS);

  it('refuses an --allow-remote value that is not an origin as a usage error', async () => {
    const result = await octavo(['serve', '--port', '0', '--allow-remote', 'fonts.googleapis.com']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--allow-remote: remote origin 'fonts\.googleapis\.com' is not a URL/);
  }, PROCESS_TEST_TIMEOUT_MS);
});
