/** Starts the API on a real socket (127.0.0.1, ephemeral port) with memory storage and a fake renderer. */
import { expect } from 'vitest';
import { createApiHandler } from '../../../src/service/main/http.js';
import type { ApiHandler, ApiOptions } from '../../../src/service/main/http.js';
import { jsonLineLogger } from '../../../src/service/logging.js';
import { startNodeServer } from '../../../src/service/node-server.js';
import type { NodeServerOptions } from '../../../src/service/node-server.js';
import { addTemplate, createWorkspace } from '../../../src/service/operations.js';
import type { RenderPdf } from '../../../src/service/renderer.js';
import { createMemoryStorage } from '../../../src/service/storage/memory.js';
import type { Storage, TemplateRecord, Workspace } from '../../../src/service/storage/types.js';
import { fakeRenderer } from './fake-renderer.js';
import type { FakeRenderer } from './fake-renderer.js';

export interface TestService {
  readonly url: string;
  readonly storage: Storage;
  readonly handler: ApiHandler;
  readonly fake: FakeRenderer;
  /** Every log line written, as text. */
  readonly logLines: string[];
  close(): Promise<void>;
}

export async function startTestService(
  options: Partial<Omit<ApiOptions, 'logger'>> & { renderPdf?: RenderPdf; server?: Pick<NodeServerOptions, 'headersTimeoutMs' | 'requestTimeoutMs' | 'drainLimitBytes'> } = {},
): Promise<TestService> {
  const storage = options.storage ?? createMemoryStorage();
  const fake = fakeRenderer();
  const logLines: string[] = [];
  const handler = await createApiHandler({
    ...options,
    storage,
    renderPdf: options.renderPdf ?? fake.renderPdf,
    logger: jsonLineLogger((line) => logLines.push(line)),
  });
  const server = await startNodeServer({
    handler: handler.fetch, port: 0, host: '127.0.0.1', ...options.server, logger: jsonLineLogger((line) => logLines.push(line)),
  });
  return {
    url: server.url, storage, handler, fake, logLines,
    close: async () => { await server.close(); await storage.close(); },
  };
}

export interface Tenant {
  readonly workspace: Workspace;
  readonly apiKey: string;
}

export async function tenant(storage: Storage, name: string, quota = 100): Promise<Tenant> {
  return createWorkspace(storage, { name, quota });
}

/** A template with its previews, rendered by the given renderer from `sample`. */
export async function template(storage: Storage, renderPdf: RenderPdf, ws: Workspace, name: string, sample: unknown = { title: name }): Promise<TemplateRecord> {
  return (await addTemplate(storage, renderPdf, { workspaceName: ws.name, name, html: `<h1>{{title}}</h1>`, sample })).template;
}

/** Asserts the error contract: status, code, body shape, correlation id in body and header. */
export async function expectError(response: Response, status: number, code: string): Promise<Record<string, string>> {
  const body = (await response.json()) as Record<string, string>;
  expect({ status: response.status, code: body['error_code'] }).toEqual({ status, code });
  expect(Object.keys(body).sort()).toEqual(['correlation_id', 'documentation_url', 'error_code', 'message']);
  expect(body['correlation_id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  expect(response.headers.get('x-correlation-id')).toBe(body['correlation_id']);
  expect(body['documentation_url']).toMatch(new RegExp(`/v1/errors#${code}$`));
  expect(response.headers.get('content-type')).toMatch(/^(application|text)\/json/);
  return body;
}

export function generateBody(templateId: string, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ template_id: templateId, payload: { title: 'Hello' }, ...extra });
}
