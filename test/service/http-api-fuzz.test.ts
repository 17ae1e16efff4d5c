/**
 * Property-based fuzzing of the HTTP API with requests a stranger might send: every route and
 * method, ids that are not ids (traversal, NUL, 2,000 characters, another workspace's template),
 * query parameters of the wrong kind, and bodies that are random JSON or the right fields with
 * values of the wrong type, size or range (encryption passwords and flags, payloads, batches,
 * webhook URLs). Rendering with the real engine. Every answer must be a success or the error
 * contract (a 4xx JSON body with its code and correlation id) — never a 500 — and the server
 * serves the next request. FUZZ_RUNS requests (default 60), FUZZ_SEED=N for others.
 */
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLinkSigner } from '../../src/service/links.js';
import type { AsyncJobs } from '../../src/service/main/jobs-setup.js';
import { startJobs } from '../../src/service/main/jobs-setup.js';
import { addTemplate } from '../../src/service/operations.js';
import { createEngineRenderer } from '../../src/service/renderer.js';
import { createMemoryStorage } from '../../src/service/storage/memory.js';
import type { TemplateRecord } from '../../src/service/storage/types.js';
import { templatesExtension } from '../../src/service/templates-api/api.js';
import type { Tenant, TestService } from './helpers/service.js';
import { startTestService, tenant } from './helpers/service.js';

const RUNS = Number(process.env['FUZZ_RUNS'] ?? 60);
const SEED = Number(process.env['FUZZ_SEED'] ?? 0);

let service: TestService;
let jobs: AsyncJobs;
let spoolDir: string;
let acme: Tenant;
let other: Tenant;
let note: TemplateRecord;
let foreign: TemplateRecord;
/** The template DELETE and PUT may remove or change (never `note`: every generate would then be a 404). */
let spare: TemplateRecord;

beforeAll(async () => {
  // every extension `octavo serve` mounts: async jobs, batches, webhooks, template management
  const storage = createMemoryStorage();
  const renderPdf = createEngineRenderer();
  jobs = await startJobs({ storage, renderPdf, concurrency: 1, linkTtlSeconds: 600, abandonAfterSeconds: 60 });
  spoolDir = mkdtempSync(join(tmpdir(), 'octavo-api-fuzz-'));
  const signer = createLinkSigner(await storage.signingSecret());
  service = await startTestService({ storage, renderPdf, extensions: [...jobs.extensions, templatesExtension({ storage, renderPdf, signer, spoolDir })] });
  acme = await tenant(service.storage, 'acme', 1_000_000);
  other = await tenant(service.storage, 'other', 10);
  note = (await addTemplate(service.storage, service.fake.renderPdf, { workspaceName: 'acme', name: 'Note', html: '<h1>{{title}}</h1><p>{{#each items}}{{this}} {{/each}}</p>', sample: { title: 'x' } })).template;
  spare = (await addTemplate(service.storage, service.fake.renderPdf, { workspaceName: 'acme', name: 'Spare', html: '<p>{{title}}</p>' })).template;
  foreign = (await addTemplate(service.storage, service.fake.renderPdf, { workspaceName: 'other', name: 'Theirs', html: '<p>{{secret}}</p>' })).template;
});
afterAll(async () => {
  await jobs.close();
  await service.close();
  rmSync(spoolDir, { recursive: true, force: true });
});

const STRANGE = ['', ' ', '..', '../../etc/passwd', '%2e%2e%2f', '%00', 'a%00b', '\u202e', 'null', 'undefined', '__proto__', 'constructor', '0', '-1', '1e309',
  'x'.repeat(2_000), '00000000-0000-0000-0000-000000000000', 'ZZZZZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZZZZZZZZZ', '%E2%80%AE', '%ZZ', 'a/b', 'preview.pdf'];
/** An id: acme's template, the other workspace's, or something that is not an id. */
const id = (): fc.Arbitrary<string> => fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(note.id, note.id, foreign.id) },
  { weight: 3, arbitrary: fc.constantFrom(...STRANGE).map((s) => (s.includes('%') ? s : encodeURIComponent(s))) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }).map(encodeURIComponent) },
);

const PATHS: readonly ((i: string) => string)[] = [
  () => '/v1/document-templates', (i) => `/v1/document-templates/${i}`, (i) => `/v1/document-templates/${i}/versions`,
  (i) => `/v1/document-templates/${i}/preview.pdf`, (i) => `/v1/document-templates/${i}/preview.png`, () => '/v1/pdfs', (i) => `/v1/pdfs/${i}`,
  (i) => `/v1/pdf-jobs/${i}`, () => '/v1/pdf-batches', (i) => `/v1/pdf-batches/${i}`, () => '/v1/workspaces', () => '/v1/webhook-settings',
  () => '/v1/webhook-settings/rotate-secret', () => '/v1/webhook-deliveries', () => '/v1/errors', () => '/v1/openapi.json', (i) => `/v1/${i}`,
];
/** The routes the API has (openapi.json), by method. */
const ROUTES: readonly (readonly [string, (i: string) => string])[] = [
  ['GET', () => '/v1/document-templates'], ['POST', () => '/v1/document-templates'], ['POST', () => '/v1/pdfs'], ['POST', () => '/v1/pdfs'],
  ['POST', () => '/v1/pdfs'], ['POST', () => '/v1/pdfs'], ['POST', () => '/v1/pdfs'], ['POST', () => '/v1/pdf-batches'], ['GET', (i) => `/v1/pdfs/${i}`], ['GET', (i) => `/v1/document-templates/${i}/preview.pdf`],
  ['GET', (i) => `/v1/document-templates/${i}/preview.png`], ['GET', () => '/v1/workspaces'], ['GET', (i) => `/v1/pdf-jobs/${i}`],
  ['GET', () => '/v1/webhook-settings'], ['PUT', () => '/v1/webhook-settings'], ['POST', () => '/v1/webhook-settings/rotate-secret'],
  ['GET', () => '/v1/webhook-deliveries'], ['POST', () => '/v1/pdf-batches'], ['POST', () => '/v1/pdf-batches'], ['GET', (i) => `/v1/pdf-batches/${i}`],
  ['GET', (i) => `/v1/document-templates/${i}`], ['PUT', (i) => `/v1/document-templates/${i === note.id ? spare.id : i}`], ['DELETE', (i) => `/v1/document-templates/${i === note.id ? spare.id : i}`],
  ['GET', (i) => `/v1/document-templates/${i}/versions`],
];
const QUERY_KEYS = ['Page', 'PageSize', 'page', 'limit', 'cursor', 'expires', 'signature', 'job_id', 'batch_id', 'format', 'version', 'apikey'];
const query = fc.array(fc.tuple(fc.constantFrom(...QUERY_KEYS), fc.oneof(fc.constantFrom(...STRANGE), fc.integer().map(String), fc.double().map(String))), { maxLength: 3 })
  .map((pairs) => (pairs.length === 0 ? '' : `?${pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}`));

/** A value of any JSON type, or an edge of one. */
const anyValue = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(null, true, false, '', ' ', 0, -1, 1e308, -1e-308, '\u0000', 'x'.repeat(5_000), '{"a":1}', '[1,2]', 'http://127.0.0.1:1/hook', 'https://example.invalid/hook', 'javascript:alert(1)'),
);
const PERMISSIONS = ['printing', 'modifying', 'modify_annotations', 'content_copying', 'screenreaders', 'form_filling', 'document_assembly'].map((p) => `encryption_allow_${p}`);

/** The requests, made once the templates exist (their ids are among the values). */
function requests() {
  /** Mostly a value the field takes, sometimes anything. */
  const field = <T>(plausible: fc.Arbitrary<T>): fc.Arbitrary<unknown> => fc.oneof({ weight: 15, arbitrary: plausible }, { weight: 1, arbitrary: anyValue });
  const text = fc.string({ maxLength: 40, unit: 'grapheme' });
  const payload = fc.record({ title: text, items: fc.array(text, { maxLength: 5 }) }, { requiredKeys: [] });
  const options = {
    payload: field(fc.oneof(payload, payload.map((p) => JSON.stringify(p)))),
    reference_id: field(fc.option(text, { nil: null })),
    encryption_user_password: field(fc.option(text, { nil: null })),
    encryption_owner_password: field(fc.option(text, { nil: null })),
    ...Object.fromEntries(PERMISSIONS.map((p) => [p, field(fc.option(fc.boolean(), { nil: null }))])),
  };
  const webhook = field(fc.constantFrom(null, 'https://example.invalid/hook', 'http://127.0.0.1:1/hook', 'ftp://x/'));
  const generate = fc.record({ template_id: field(fc.constantFrom(note.id, note.id, foreign.id)), ...options, webhook_url: webhook }, { requiredKeys: ['template_id'] });
  const batch = fc.record({
    template_id: field(fc.constantFrom(note.id, foreign.id)),
    items: field(fc.array(fc.record(options, { requiredKeys: [] }), { minLength: 1, maxLength: 4 })),
    webhook_url: webhook,
  }, { requiredKeys: ['template_id', 'items'] });
  const templateBody = fc.record({ name: field(text), html: field(fc.constantFrom('<p>{{x}}</p>', '{{#each}}', '<p>{{> nope}}</p>')), sample: anyValue }, { requiredKeys: [] });
  const body = fc.oneof(
    { weight: 6, arbitrary: generate }, { weight: 3, arbitrary: batch }, { weight: 1, arbitrary: templateBody },
    { weight: 1, arbitrary: fc.record({ url: webhook }) }, { weight: 1, arbitrary: anyValue },
  ).map((value) => JSON.stringify(value));
  const route = fc.oneof(
    { weight: 5, arbitrary: fc.tuple(fc.constantFrom(...ROUTES), id()).map(([[method, path], i]) => ({ method, path: path(i) })) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD'), fc.constantFrom(...PATHS), id()).map(([method, path, i]) => ({ method, path: path((method === 'DELETE' || method === 'PUT') && i === note.id ? spare.id : i) })) },
  );
  return fc.record({
    route,
    query,
    key: fc.constantFrom('acme', 'acme', 'acme', 'acme', 'acme', 'other', 'none', 'wrong'),
    contentType: fc.oneof({ weight: 12, arbitrary: fc.constant('application/json') }, { weight: 1, arbitrary: fc.constantFrom('text/plain', 'multipart/form-data; boundary=x', '', 'application/json; charset=latin1') }),
    body: fc.option(body, { nil: undefined, freq: 8 }),
    prefer: fc.constantFrom(undefined, undefined, 'respond-async', 'respond-async, wait=1', 'x'),
    idempotencyKey: fc.oneof({ weight: 6, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constantFrom('k1', 'k2', '', 'x'.repeat(300), '\u00e9') }),
  });
}

describe('the HTTP API under random requests', () => {
  it('answers each with a success or the error contract, never a 500, and keeps serving', async () => {
    const statuses = new Map<number, number>();
    await fc.assert(fc.asyncProperty(requests(), async ({ route, ...r }) => {
      const { method, path } = route;
      const headers: Record<string, string> = {};
      if (r.key === 'acme') headers['apikey'] = acme.apiKey;
      else if (r.key === 'other') headers['apikey'] = other.apiKey;
      else if (r.key === 'wrong') headers['apikey'] = 'not-a-key';
      if (r.contentType !== '') headers['content-type'] = r.contentType;
      if (r.prefer !== undefined) headers['prefer'] = r.prefer;
      if (r.idempotencyKey !== undefined) headers['idempotency-key'] = encodeURIComponent(r.idempotencyKey);
      const withBody = r.body !== undefined && method !== 'GET' && method !== 'HEAD';
      const response = await fetch(`${service.url}${path}${r.query}`, { method: method, headers, ...(withBody ? { body: r.body } : {}), redirect: 'manual' });
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      const text = await response.text();
      const what = `${method} ${path.slice(0, 120)}${r.query.slice(0, 80)} ${withBody ? r.body!.slice(0, 200) : ''}: ${response.status} ${text.slice(0, 300)}`;
      expect(response.status, what).toBeLessThan(500);
      // acme never reaches the other workspace's template, by path or by template_id
      const parsed: unknown = withBody ? JSON.parse(r.body!) : undefined;
      const generates = method === 'POST' && (path === '/v1/pdfs' || path === '/v1/pdf-batches');
      const namesForeign = path.includes(foreign.id) || (generates && typeof parsed === 'object' && parsed !== null && (parsed as { template_id?: unknown }).template_id === foreign.id);
      if (r.key === 'acme' && namesForeign) expect(response.status, what).toBeGreaterThanOrEqual(400);
      if (response.status >= 400 && method !== 'HEAD') {
        const error = JSON.parse(text) as Record<string, unknown>;
        expect(Object.keys(error).sort(), what).toEqual(['correlation_id', 'documentation_url', 'error_code', 'message']);
      }
    }), { numRuns: RUNS, seed: SEED + 31 });
    const workspaces = await fetch(`${service.url}/v1/workspaces`, { headers: { apikey: acme.apiKey } });
    expect(workspaces.status).toBe(200);
    console.log(`fuzz http api: ${RUNS} requests, statuses ${[...statuses].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s}×${n}`).join(', ')}`);
  }, Math.max(60_000, RUNS * 2_000));
});
