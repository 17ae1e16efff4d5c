/**
 * Templates in the service, end to end with the real engine (issue 15): a template is a folder
 * (its stylesheet and images travel with it), syntax errors are refused at add with their
 * location, a sample that fails at run time is accepted with a warning, a payload that fails
 * at run time is 422 template_error and costs nothing, a missing resource is a warning in the
 * server log with the correlation id; the CLI lists, updates and removes templates and sets a
 * workspace's quota or deactivates it. Needs `npm run build` (npm test does it).
 */
import { execFileSync } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROCESS_TEST_TIMEOUT_MS, ensureBuilt } from '../helpers/processes.js';
import { runOctavo as octavo } from './helpers/serve-process.js';
import { jsonLineLogger } from '../../src/service/logging.js';
import type { RunningService } from '../../src/service/main/server.js';
import { startService } from '../../src/service/main/server.js';
import { createFsStorage } from '../../src/service/storage/fs.js';
import { png } from '../resources/image-bytes.js';
import { qpdfCheck } from './helpers/qpdf.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const workerFile = join(root, 'dist/service/render-worker.js');
/** Each test runs the CLI up to five times: a process start costs seconds on a busy shared machine. */

let dir: string;
let data: string;
let apiKey: string;
let service: RunningService | undefined;
const logLines: string[] = [];

beforeAll(async () => {
  ensureBuilt();
  dir = await mkdtemp(join(tmpdir(), 'octavo-templates-'));
  data = join(dir, 'data');
  const created = (await octavo(['workspace', 'create', '--name', 'acme', '--quota', '10', '--data-dir', data]));
  apiKey = (JSON.parse(created.stdout) as { apiKey: string }).apiKey;
});
afterAll(async () => {
  await service?.close();
  await rm(dir, { recursive: true, force: true });
});

async function serve(): Promise<RunningService> {
  service ??= await startService({
    storage: await createFsStorage(data), host: '127.0.0.1', port: 0, pool: { workerFile, timeoutMs: 60_000, threads: 1 },
    logger: jsonLineLogger((line) => logLines.push(line)),
  });
  return service;
}

async function generate(templateId: string, payload: unknown): Promise<Response> {
  const s = await serve();
  return fetch(`${s.url}/v1/pdfs`, {
    method: 'POST', headers: { apikey: apiKey, 'content-type': 'application/json' }, body: JSON.stringify({ template_id: templateId, payload }),
  });
}

async function remaining(): Promise<number> {
  const s = await serve();
  return ((await (await fetch(`${s.url}/v1/workspaces`, { headers: { apikey: apiKey } })).json()) as { remainingQuota: number }).remainingQuota;
}

async function download(response: Response): Promise<Uint8Array> {
  expect(response.status).toBe(200);
  const { data: result } = (await response.json()) as { data: { download_url: string } };
  return new Uint8Array(await (await fetch(result.download_url)).arrayBuffer());
}

async function imagesIn(pdf: Uint8Array): Promise<number> {
  const file = join(dir, 'images.pdf');
  await writeFile(file, pdf);
  return execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).trim().split('\n').length - 2;
}

describe('a template is a folder', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  it('stores the stylesheet, fonts and images with the template: PDFs keep them after the source folder is gone', async () => {
    const source = join(dir, 'letter');
    await mkdir(join(source, 'img'), { recursive: true });
    await mkdir(join(source, 'fonts'));
    await writeFile(join(source, 'letter.html'), '<link rel="stylesheet" href="style.css"><img src="img/logo.png"><p class="who">{{name}}</p><img src="img/dot.png">');
    await writeFile(join(source, 'style.css'), '@font-face { font-family: Brand; src: url(fonts/brand.ttf) } .who { font-family: Brand }');
    await copyFile(join(root, 'fonts/liberation/LiberationMono-Bold.ttf'), join(source, 'fonts/brand.ttf'));
    await writeFile(join(source, 'img', 'logo.png'), png(8, 4, [0, 0, 255]));
    await writeFile(join(source, 'img', 'dot.png'), png(2, 2, [255, 0, 0]));
    await writeFile(join(dir, 'letter.json'), JSON.stringify({ name: 'Sample' }));
    const added = (await octavo(['template', 'add', join(source, 'letter.html'), '--workspace', 'acme', '--name', 'Letter', '--sample', join(dir, 'letter.json'), '--data-dir', data]));
    expect(added.stderr).toBe('');
    const { id } = JSON.parse(added.stdout) as { id: string };
    await rm(source, { recursive: true });
    const pdf = await download(await generate(id, { name: 'Ada' }));
    qpdfCheck(pdf);
    expect(await imagesIn(pdf)).toBe(2);
    await writeFile(join(dir, 'fonts.pdf'), pdf);
    expect(execFileSync('pdffonts', [join(dir, 'fonts.pdf')], { encoding: 'utf8' })).toContain('LiberationMono-Bold');
    expect(logLines.some((line) => line.includes('render_warning'))).toBe(false);
  });

  it('logs a resource missing at generation as a warning with the correlation id', async () => {
    const source = join(dir, 'broken');
    await mkdir(source);
    await writeFile(join(source, 'broken.html'), '<img src="missing.png"><p>{{name}}</p>');
    const added = (await octavo(['template', 'add', join(source, 'broken.html'), '--workspace', 'acme', '--name', 'Broken', '--sample', join(dir, 'letter.json'), '--data-dir', data]));
    // the sample's render misses it too: said when the template is added, located
    expect(added.stderr).toMatch(/^octavo template: warning: .*broken\.html: Broken:1:1: warning\[resource\]: image not loaded: cannot read missing\.png/);
    const { id } = JSON.parse(added.stdout) as { id: string };
    const s = await serve();
    const correlationId = '0d5d5e8e-4b8f-4c4e-9d7e-8a1b2c3d4e5f';
    const response = await fetch(`${s.url}/v1/pdfs`, {
      method: 'POST', headers: { apikey: apiKey, 'content-type': 'application/json', 'x-correlation-id': correlationId },
      body: JSON.stringify({ template_id: id, payload: { name: 'x' } }),
    });
    expect(response.status).toBe(200);
    const warning = logLines.map((line) => JSON.parse(line) as Record<string, unknown>).find((entry) => entry['msg'] === 'render_warning');
    expect(warning).toMatchObject({ level: 'warn', correlation_id: correlationId, template_id: id });
    expect(String((warning?.['warnings'] as string[])[0])).toContain('missing.png');
  });
});

describe('template errors', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  it('refuses a template with a syntax error, with its location', async () => {
    await writeFile(join(dir, 'syntax.html'), '<p>ok</p>\n<p>{{#each items}}{{name}}</p>');
    const added = (await octavo(['template', 'add', join(dir, 'syntax.html'), '--workspace', 'acme', '--name', 'Syntax', '--data-dir', data]));
    expect(added.code).toBe(1);
    expect(added.stderr).toMatch(/Syntax:2:\d+/);
    expect((await octavo(['template', 'list', '--workspace', 'acme', '--data-dir', data])).stdout).not.toContain('"Syntax"');
  });

  it('refuses adding a name the workspace already has, naming the existing id', async () => {
    await writeFile(join(dir, 'twice.html'), '<p>{{name}}</p>');
    const first = await octavo(['template', 'add', join(dir, 'twice.html'), '--workspace', 'acme', '--name', 'Twice', '--data-dir', data]);
    const { id } = JSON.parse(first.stdout) as { id: string };
    const again = await octavo(['template', 'add', join(dir, 'twice.html'), '--workspace', 'acme', '--name', 'Twice', '--data-dir', data]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`a template named 'Twice' exists in workspace 'acme' (id ${id})`);
  });

  it('accepts a template whose sample fails at run time, with a warning; such a payload is 422 and costs nothing', async () => {
    await writeFile(join(dir, 'runtime.html'), '<p>Due {{formatDate when}}</p>');
    await writeFile(join(dir, 'runtime.json'), JSON.stringify({ when: 'not a date' }));
    const added = (await octavo(['template', 'add', join(dir, 'runtime.html'), '--workspace', 'acme', '--name', 'Runtime', '--sample', join(dir, 'runtime.json'), '--data-dir', data]));
    expect(added.code).toBe(0);
    expect(added.stderr).toMatch(/warning: .*sample payload does not render/);
    const { id } = JSON.parse(added.stdout) as { id: string };
    const before = await remaining();
    const response = await generate(id, { when: 'tomorrow-ish' });
    expect(response.status).toBe(422);
    const error = (await response.json()) as { error_code: string; message: string };
    expect(error.error_code).toBe('template_error');
    expect(error.message).toContain('formatDate');
    expect(await remaining()).toBe(before);
    expect((await generate(id, { when: '2026-01-02' })).status).toBe(200);
    expect(await remaining()).toBe(before - 1);
  });
});

describe('template and workspace administration', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  it('lists, updates and removes templates', async () => {
    await writeFile(join(dir, 'note.html'), '<p>first {{x}}</p>');
    await writeFile(join(dir, 'note.json'), '{"x": 1}');
    const { id } = JSON.parse((await octavo(['template', 'add', join(dir, 'note.html'), '--workspace', 'acme', '--name', 'Note', '--sample', join(dir, 'note.json'), '--data-dir', data])).stdout) as { id: string };
    const listed = (await octavo(['template', 'list', '--workspace', 'acme', '--data-dir', data])).stdout.trim().split('\n').map((l) => JSON.parse(l) as { id: string; name: string; created: string; modified: string });
    const note = listed.find((t) => t.id === id);
    expect(note?.modified).toBe(note?.created);
    await writeFile(join(dir, 'note.html'), '<p>second {{x}}</p>');
    const updated = (await octavo(['template', 'update', join(dir, 'note.html'), '--workspace', 'acme', '--name', 'Note', '--sample', join(dir, 'note.json'), '--data-dir', data]));
    expect(updated.stderr).toBe('');
    expect(JSON.parse(updated.stdout)).toEqual({ id });
    const text = execFileSync('pdftotext', ['-', '-'], { input: await download(await generate(id, { x: 'X' })), encoding: 'utf8' });
    expect(text).toContain('second X');
    const after = (await octavo(['template', 'list', '--workspace', 'acme', '--data-dir', data])).stdout;
    const changed = after.trim().split('\n').map((l) => JSON.parse(l) as { id: string; created: string; modified: string }).find((t) => t.id === id);
    expect(changed!.modified > changed!.created).toBe(true);
    expect((await octavo(['template', 'remove', '--workspace', 'acme', '--name', id, '--data-dir', data])).code).toBe(0);
    expect((await generate(id, { x: 1 })).status).toBe(404);
    expect((await octavo(['template', 'remove', '--workspace', 'acme', '--name', id, '--data-dir', data])).code).toBe(1);
  });

  it('sets the quota and deactivates a workspace', async () => {
    const quota = (await octavo(['workspace', 'set-quota', '--name', 'acme', '--quota', '7', '--data-dir', data]));
    expect(JSON.parse(quota.stdout)).toMatchObject({ workspace: { quota: 7, remainingQuota: 7, active: true } });
    expect(await remaining()).toBe(7);
    expect((await octavo(['workspace', 'deactivate', '--name', 'acme', '--data-dir', data])).code).toBe(0);
    const s = await serve();
    expect((await fetch(`${s.url}/v1/workspaces`, { headers: { apikey: apiKey } })).status).toBe(403);
    expect((await octavo(['workspace', 'activate', '--name', 'acme', '--data-dir', data])).code).toBe(0);
    expect((await fetch(`${s.url}/v1/workspaces`, { headers: { apikey: apiKey } })).status).toBe(200);
    expect((await octavo(['workspace', 'deactivate', '--name', 'nobody', '--data-dir', data])).code).toBe(1);
  });
});
