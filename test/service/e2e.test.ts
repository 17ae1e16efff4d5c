/**
 * End to end with the real engine: the CLI (`workspace create`, `template add`) from dist/,
 * the service with its worker pool on dist/service/render-worker.js, the fixture demo, and the
 * PDFs checked with qpdf and pdftotext. Builds dist/ first when a source file is newer.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROCESS_TEST_TIMEOUT_MS, PROCESS_TIMEOUT_MS, ensureBuilt } from '../helpers/processes.js';
import type { RunningDemo } from '../../src/service/main/demo.js';
import { startDemo } from '../../src/service/main/demo.js';
import { silentLogger } from '../../src/service/logging.js';
import type { RunningService } from '../../src/service/main/server.js';
import { startService } from '../../src/service/main/server.js';
import { createFsStorage } from '../../src/service/storage/fs.js';
import { qpdfCheck, qpdfShowEncryption } from './helpers/qpdf.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const cli = join(root, 'dist/cli/main.js');
const workerFile = join(root, 'dist/service/render-worker.js');

function octavo(args: string[]): { code: number; stdout: string; stderr: string } {
  try {
    const stdout = execFileSync(process.execPath, [cli, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: PROCESS_TIMEOUT_MS });
    return { code: 0, stdout, stderr: '' };
  } catch (error) {
    const e = error as { status: number; stdout: string; stderr: string };
    return { code: e.status, stdout: e.stdout, stderr: e.stderr };
  }
}

function pdfText(pdf: Uint8Array, password?: string): string {
  const args = [...(password === undefined ? [] : ['-upw', password]), '-', '-'];
  return execFileSync('pdftotext', args, { input: pdf, encoding: 'utf8' });
}

const TEMPLATE = `<!doctype html>
<html lang="en"><head><title>Invoice {{number}}</title>
<style>body { font-family: sans-serif; margin: 2cm } h1 { color: #1f4e79 }</style></head>
<body><h1>Invoice {{number}}</h1><p>Billed to {{customer}}, due {{formatDate due "long"}}</p>
<ul>{{#each lines}}<li>{{this}}</li>{{/each}}</ul></body></html>`;

describe('end to end with the real engine', () => {
  let dir: string;
  let service: RunningService | undefined;
  let demo: RunningDemo | undefined;

  beforeAll(async () => {
    ensureBuilt();
    dir = await mkdtemp(join(tmpdir(), 'octavo-e2e-'));
  });
  afterAll(async () => {
    await service?.close();
    await demo?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('creates a workspace and adds a template with previews from the CLI, then generates over HTTP', async () => {
    const data = join(dir, 'data');
    const created = octavo(['workspace', 'create', '--name', 'e2e', '--quota', '3', '--data-dir', data]);
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    const { workspace, apiKey } = JSON.parse(created.stdout) as { workspace: { name: string; quota: number }; apiKey: string };
    expect(workspace).toMatchObject({ name: 'e2e', quota: 3, remainingQuota: 3 });

    await writeFile(join(dir, 'invoice.html'), TEMPLATE);
    await writeFile(join(dir, 'sample.json'), JSON.stringify({ number: 'S-1', customer: 'Sample Co', due: '2024-01-31', lines: ['one'] }));
    const added = octavo(['template', 'add', join(dir, 'invoice.html'), '--workspace', 'e2e', '--name', 'Invoice', '--sample', join(dir, 'sample.json'), '--data-dir', data]);
    expect(added.stderr).toBe('');
    const { id } = JSON.parse(added.stdout) as { id: string };
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const broken = octavo(['template', 'add', join(dir, 'sample.json'), '--workspace', 'nope', '--name', 'X', '--data-dir', data]);
    expect(broken.code).toBe(1);

    service = await startService({
      storage: await createFsStorage(data), host: '127.0.0.1', port: 0, logger: silentLogger, pool: { workerFile, timeoutMs: 60_000 },
    });
    const list = (await (await fetch(`${service.url}/v1/document-templates`, { headers: { apikey: apiKey } })).json()) as { id: string; imagePreviewUrl: string; pdfPreviewUrl: string }[];
    expect(list.map((t) => t.id)).toEqual([id]);
    const preview = new Uint8Array(await (await fetch(list[0]!.pdfPreviewUrl)).arrayBuffer());
    qpdfCheck(preview);
    expect(pdfText(preview)).toContain('Sample Co');
    const png = Buffer.from(await (await fetch(list[0]!.imagePreviewUrl)).arrayBuffer());
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');

    const response = await fetch(`${service.url}/v1/pdfs`, {
      method: 'POST',
      headers: { apikey: apiKey, 'content-type': 'application/json', accept: 'text/plain' },
      body: JSON.stringify({
        template_id: id,
        payload: JSON.stringify({ number: 'A-7', customer: 'Ada Lovelace', due: '2024-02-29', lines: ['Analytical engine', 'Punch cards'] }),
        encryption_user_password: 'open',
        encryption_allow_printing: false,
      }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { download_url: string } };
    const pdf = new Uint8Array(await (await fetch(body.data.download_url)).arrayBuffer());
    expect(qpdfCheck(pdf, 'open')).toMatch(/No syntax or stream encoding errors/);
    const encryption = qpdfShowEncryption(pdf, 'open');
    expect(encryption).toMatch(/print high resolution: not allowed/);
    const text = pdfText(pdf, 'open');
    expect(text).toContain('Invoice A-7');
    expect(text).toContain('Ada Lovelace');
    expect(text).toContain('Punch cards');

    const bad = await fetch(`${service.url}/v1/pdfs`, {
      method: 'POST', headers: { apikey: apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ template_id: id, payload: { number: 1, due: 'soon' } }),
    });
    // a missing field prints nothing (Handlebars' semantics), but a helper given a bad value is a template
    // error with its location, and costs nothing
    expect(bad.status).toBe(422);
    const error = (await bad.json()) as { error_code: string; message: string };
    expect(error.error_code).toBe('template_error');
    expect(error.message).toMatch(/^formatDate: expected a date .*\(Invoice:4:\d+\)$/);
    const ws = (await (await fetch(`${service.url}/v1/workspaces`, { headers: { apikey: apiKey } })).json()) as { remainingQuota: number };
    expect(ws.remainingQuota).toBe(2);
  }, PROCESS_TEST_TIMEOUT_MS); // CLI processes and a worker pool: slow on a busy machine

  it('starts the demo with the fixture templates, and they generate', async () => {
    const output: string[] = [];
    demo = await startDemo({ dataDir: join(dir, 'demo'), port: 0, pool: { workerFile, timeoutMs: 60_000 }, out: (t) => output.push(t), cwd: root });
    const fixtures = (await readdir(join(root, 'fixtures'))).filter((name) => existsSync(join(root, 'fixtures', name, 'template.html')));
    expect(demo.templates.map((t) => t.name)).toEqual(fixtures.sort());
    const banner = output.join('');
    expect(banner).toContain(demo.apiKey);
    expect(banner).toContain(`curl -s ${demo.url}/v1/pdfs`);
    for (const t of demo.templates) {
      const payload = JSON.parse(execFileSync('cat', [t.dataFile], { encoding: 'utf8' })) as unknown;
      const response = await fetch(`${demo.url}/v1/pdfs`, {
        method: 'POST', headers: { apikey: demo.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ template_id: t.id, payload }),
      });
      expect(response.status, t.name).toBe(200);
      const { data } = (await response.json()) as { data: { download_url: string } };
      qpdfCheck(new Uint8Array(await (await fetch(data.download_url)).arrayBuffer()));
    }
  }, PROCESS_TEST_TIMEOUT_MS); // every fixture rendered twice (previews, then a generate): slow on a busy machine
});
