/**
 * `octavo serve --helpers FILE` and `octavo template add --helpers FILE`: the operator's own
 * Handlebars helpers in every render thread — a stored template that calls them renders over
 * HTTP, its previews at `template add` too, and one uploaded through the API is checked against
 * them; a module that cannot load stops the command before it serves. Needs `npm run build`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROCESS_TEST_TIMEOUT_MS, ensureBuilt } from '../helpers/processes.js';
import type { ServeProcess } from './helpers/serve-process.js';
import { runOctavo as octavo, startServeProcess } from './helpers/serve-process.js';

let dir: string;
let data: string;
let server: ServeProcess | undefined;
let apiKey: string;

beforeAll(async () => {
  ensureBuilt();
  dir = await mkdtemp(join(tmpdir(), 'octavo-serve-helpers-'));
  data = join(dir, 'data');
  await writeFile(join(dir, 'helpers.mjs'), 'export default { shout: (text) => String(text).toUpperCase(), money: (cents) => (Number(cents) / 100).toFixed(2) + " EUR" };\n');
  await writeFile(join(dir, 'plain.mjs'), 'export const money = (cents) => (Number(cents) / 100).toFixed(2) + " EUR";\nexport const shout = (text) => String(text).toUpperCase();\n');
  await writeFile(join(dir, 'broken.mjs'), 'throw new Error("no database here");\n');
  await writeFile(join(dir, 'bill.html'), '<h1>{{shout customer}}</h1><p>Total {{money cents}}</p>');
  await writeFile(join(dir, 'sample.json'), '{"customer": "ada", "cents": 1250}');
  apiKey = (JSON.parse((await octavo(['workspace', 'create', '--name', 'helpers', '--quota', '10', '--data-dir', data])).stdout) as { apiKey: string }).apiKey;
}, PROCESS_TEST_TIMEOUT_MS);
afterAll(async () => {
  server?.crash();
  await server?.exited;
  await rm(dir, { recursive: true, force: true });
});

async function pdfTextOf(url: string, name: string): Promise<string> {
  const file = join(dir, name);
  await writeFile(file, new Uint8Array(await (await fetch(url)).arrayBuffer()));
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
}

describe('octavo serve --helpers', () => {
  it('stores a template calling the helpers with its previews, and renders it over HTTP', async () => {
    const add = (helpers: string[]) => octavo(['template', 'add', join(dir, 'bill.html'), '--workspace', 'helpers', '--name', 'Bill', '--sample', join(dir, 'sample.json'), '--data-dir', data, ...helpers]);
    // without them, the template is refused at its first unknown helper, located
    const refused = await add([]);
    expect([refused.code, refused.stderr]).toEqual([1, expect.stringMatching(/unknown helper 'shout'/)]);
    // the plain module: named exports
    const added = await add(['--helpers', join(dir, 'plain.mjs')]);
    expect([added.code, added.stderr]).toEqual([0, '']);
    const templateId = (JSON.parse(added.stdout) as { id: string }).id;
    // the service with the other module, its helpers in its default object
    server = await startServeProcess(['--data-dir', data, '--workers', '1', '--helpers', join(dir, 'helpers.mjs')]);
    const response = await fetch(`${server.url}/v1/pdfs`, {
      method: 'POST',
      headers: { apikey: apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ template_id: templateId, payload: { customer: 'grace', cents: 4200 } }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { download_url: string } };
    expect(await pdfTextOf(body.data.download_url, 'bill.pdf')).toMatch(/^GRACE\s+Total 42\.00 EUR/);
  }, PROCESS_TEST_TIMEOUT_MS);

  it('checks a template uploaded through the API against the helpers: a misspelt one is refused with a suggestion', async () => {
    const upload = (html: string): Promise<Response> => {
      const form = new FormData();
      form.set('name', `t${html.length}`);
      form.set('template', new Blob([html], { type: 'text/html' }), 'template.html');
      return fetch(`${server!.url}/v1/document-templates`, { method: 'POST', headers: { apikey: apiKey }, body: form });
    };
    expect((await upload('<p>{{money 99}}</p>')).status).toBe(201);
    const misspelt = await upload('<p>{{moneys cents}}</p>');
    const body = (await misspelt.json()) as { error_code: string; message: string };
    expect([misspelt.status, body.error_code]).toEqual([422, 'template_error']);
    expect(body.message).toMatch(/unknown helper 'moneys'.*money/);
  }, PROCESS_TEST_TIMEOUT_MS);

  it('stops with a usage error when the module is missing or throws as it loads', async () => {
    for (const [file, reason] of [['nope.mjs', /cannot load the helpers module/], ['broken.mjs', /no database here/]] as const) {
      const result = await octavo(['serve', '--port', '0', '--data-dir', data, '--helpers', join(dir, file)]);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(reason);
      expect(result.stderr).toContain(`octavo serve: --helpers ${join(dir, file)}:`);
    }
    const worker = await octavo(['worker', '--database-url', 'postgres://127.0.0.1:1/none', '--helpers', join(dir, 'nope.mjs')]);
    expect([worker.code, worker.stderr]).toEqual([2, expect.stringContaining('octavo worker: --helpers')]);
  }, PROCESS_TEST_TIMEOUT_MS);
});
