/**
 * Engine limits set on `octavo serve`'s command line reach the renders (issue 15 "Limits ...
 * configurable in the engine and in `octavo serve`"): a real `octavo serve` process on 127.0.0.1
 * with --max-pages, --max-payload-bytes and --max-data-depth answers 422 limit_exceeded naming
 * each limit and its value, uses no quota for them, and keeps serving; a bad value is a usage
 * error. Needs `npm run build` (npm test does it).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROCESS_TEST_TIMEOUT_MS, ensureBuilt } from '../helpers/processes.js';
import type { ServeProcess } from './helpers/serve-process.js';
import { runOctavo as octavo, startServeProcess } from './helpers/serve-process.js';

let dir: string;
let server: ServeProcess | undefined;
let apiKey: string;
let templateId: string;

beforeAll(async () => {
  ensureBuilt();
  dir = await mkdtemp(join(tmpdir(), 'octavo-serve-limits-'));
  const data = join(dir, 'data');
  apiKey = (JSON.parse((await octavo(['workspace', 'create', '--name', 'limits', '--quota', '10', '--data-dir', data])).stdout) as { apiKey: string }).apiKey;
  await writeFile(join(dir, 'pages.html'), '{{#each pages}}<p style="break-after: page">{{this}}</p>{{/each}}');
  await writeFile(join(dir, 'sample.json'), '{"pages": ["one"]}');
  const added = await octavo(['template', 'add', join(dir, 'pages.html'), '--workspace', 'limits', '--name', 'Pages', '--sample', join(dir, 'sample.json'), '--data-dir', data]);
  templateId = (JSON.parse(added.stdout) as { id: string }).id;
  server = await startServeProcess(['--data-dir', data, '--workers', '1', '--max-pages', '2', '--max-payload-bytes', '400', '--max-data-depth', '5']);
}, PROCESS_TEST_TIMEOUT_MS);
afterAll(async () => {
  server?.crash();
  await server?.exited;
  await rm(dir, { recursive: true, force: true });
});

async function generate(payload: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${server!.url}/v1/pdfs`, {
    method: 'POST', headers: { apikey: apiKey, 'content-type': 'application/json' }, body: JSON.stringify({ template_id: templateId, payload }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function remainingQuota(): Promise<unknown> {
  const response = await fetch(`${server!.url}/v1/workspaces`, { headers: { apikey: apiKey } });
  return ((await response.json()) as Record<string, unknown>)['remainingQuota'];
}

describe('octavo serve engine limits', () => {
  it('answers 422 limit_exceeded naming each limit set on the command line, without using quota, and keeps serving', async () => {
    const cases: [unknown, string][] = [
      [{ pages: ['a', 'b', 'c'] }, '(limits.maxPages = 2)'],
      [{ pages: ['x'.repeat(500)] }, '(limits.maxPayloadBytes = 400)'],
      [{ pages: ['a'], deep: [[[[[['too deep']]]]]] }, 'limits.maxDataDepth = 5'],
    ];
    for (const [payload, named] of cases) {
      const { status, body } = await generate(payload);
      expect(status).toBe(422);
      expect(body['error_code']).toBe('limit_exceeded');
      expect(body['message']).toContain(named);
    }
    expect(await remainingQuota()).toBe(10);
    expect((await generate({ pages: ['a', 'b'] })).status).toBe(200);
    expect(await remainingQuota()).toBe(9);
  }, PROCESS_TEST_TIMEOUT_MS);

  it('refuses a limit that is not a whole number above 0 as a usage error', async () => {
    const zero = await octavo(['serve', '--storage', 'memory', '--port', '0', '--max-pages', '0']);
    expect(zero.code).toBe(2);
    expect(zero.stderr).toContain('--max-pages must be between 1 and');
    const fraction = await octavo(['serve', '--storage', 'memory', '--port', '0', '--max-payload-bytes', '1.5']);
    expect(fraction.code).toBe(2);
    expect(fraction.stderr).toContain('--max-payload-bytes must be a whole number');
  });
});
