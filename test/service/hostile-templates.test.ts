/**
 * Hostile templates and documents (issue 26) through the CLI from dist/ and through a running
 * server with the real engine: each ends in a typed `limit_exceeded` naming its limit (or a PDF
 * with warnings), and the server keeps answering `/healthz` 200 afterwards.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTemplate } from '../../src/service/operations.js';
import { createEngineRenderer } from '../../src/service/renderer.js';
import type { Tenant, TestService } from './helpers/service.js';
import { expectError, startTestService, tenant } from './helpers/service.js';
import { HOSTILE_DOCUMENTS, HOSTILE_LAYOUTS, HOSTILE_TEMPLATES } from '../helpers/hostile.js';

const run = promisify(execFile);
const CLI = join(import.meta.dirname, '..', '..', 'dist', 'cli', 'main.js');
/** Generous: the slowest input took a few seconds by hand; the bound only catches a hang. */
const HANG = 60_000;

/** Refused inputs of every kind: the templates, plus the documents refused by a limit. */
const REFUSED = [...HOSTILE_TEMPLATES, ...[...HOSTILE_DOCUMENTS, ...HOSTILE_LAYOUTS].filter((hostile) => hostile.limit !== undefined && hostile.name !== 'a million-cell table')];

describe('hostile templates through the CLI', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'octavo-hostile-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses each with limit_exceeded naming its limit and exit code 1', async () => {
    for (const [index, hostile] of REFUSED.entries()) {
      writeFileSync(join(dir, `t${index}.html`), hostile.template);
      writeFileSync(join(dir, `d${index}.json`), JSON.stringify(hostile.data ?? {}));
      const outcome = await run('node', [CLI, 'render', `t${index}.html`, '--data', `d${index}.json`, '--out', `o${index}.pdf`], { cwd: dir, timeout: HANG })
        .then(() => ({ code: 0, stderr: '' }), (error: { code?: number; stderr?: string }) => ({ code: error.code, stderr: error.stderr ?? '' }));
      expect({ name: hostile.name, code: outcome.code }).toEqual({ name: hostile.name, code: 1 });
      expect(outcome.stderr, hostile.name).toContain(`limits.${hostile.limit}`);
    }
  }, REFUSED.length * HANG);
});

describe('hostile templates through a running server', () => {
  let service: TestService;
  let acme: Tenant;
  beforeAll(async () => {
    service = await startTestService({ renderPdf: createEngineRenderer() });
    acme = await tenant(service.storage, 'hostile', 1000);
  });
  afterAll(() => service.close());

  const generate = (templateId: string, payload: unknown): Promise<Response> => fetch(`${service.url}/v1/pdfs`, {
    method: 'POST', headers: { 'content-type': 'application/json', apikey: acme.apiKey }, body: JSON.stringify({ template_id: templateId, payload }),
  });

  it('answers 422 limit_exceeded naming the limit, then /healthz 200', async () => {
    for (const [index, hostile] of REFUSED.entries()) {
      const added = await addTemplate(service.storage, service.fake.renderPdf, { workspaceName: 'hostile', name: `Hostile ${index}`, html: hostile.template });
      const body = await expectError(await generate(added.template.id, hostile.data ?? {}), 422, 'limit_exceeded');
      expect(body['message'], hostile.name).toContain(`limits.${hostile.limit}`);
      expect((await fetch(`${service.url}/healthz`)).status).toBe(200);
    }
  }, REFUSED.length * HANG);

  it('renders the documents that only warn', async () => {
    const warned = [...HOSTILE_DOCUMENTS, ...HOSTILE_LAYOUTS].filter((hostile) => hostile.limit === undefined);
    for (const [index, hostile] of warned.entries()) {
      const added = await addTemplate(service.storage, service.fake.renderPdf, { workspaceName: 'hostile', name: `Warned ${index}`, html: hostile.template });
      const response = await generate(added.template.id, hostile.data ?? {});
      expect({ name: hostile.name, status: response.status }).toEqual({ name: hostile.name, status: 200 });
      await response.arrayBuffer();
    }
    expect((await fetch(`${service.url}/healthz`)).status).toBe(200);
  }, HANG * 4);
});
