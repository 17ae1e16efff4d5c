/**
 * `npm start` / `octavo serve --demo`: the service on the embedded default (fs storage) with a
 * `demo` workspace holding the fixture templates (fixtures/<name>/template.html + data.json),
 * and a ready-to-paste API key and curl command. Idempotent: a second start reuses the
 * workspace and templates and rotates the key (only hashes are stored, so a key is shown once).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isServiceError } from '../api/errors.js';
import { collectTemplateFiles } from '../storage/template-files.js';
import { addTemplate, createWorkspace, issueApiKey } from '../operations.js';
import type { RenderPdf } from '../renderer.js';
import type { RequestLogger } from '../logging.js';
import type { RunningService } from './server.js';
import { startService } from './server.js';
import { UPLOAD_SPOOL_FOLDER, createFsStorage } from '../storage/fs.js';
import type { Storage, Workspace } from '../storage/types.js';
import type { WorkerPoolOptions } from '../workers.js';
import { createWorkerPool } from '../workers.js';

export const DEMO_WORKSPACE = 'demo';
export const DEMO_QUOTA = 1000;

export interface DemoOptions {
  readonly dataDir: string;
  readonly port: number;
  readonly host?: string;
  /** Default: the package's fixtures/ folder. */
  readonly fixturesDir?: string;
  readonly baseUrl?: string;
  readonly linkTtlSeconds?: number;
  /** Where the banner goes (default stdout). */
  readonly out?: (text: string) => void;
  /** Default: the worker pool. */
  readonly renderPdf?: RenderPdf;
  readonly pool?: WorkerPoolOptions;
  /** Folder the printed `curl` commands' file paths are relative to (default: the process's cwd). */
  readonly cwd?: string;
  /** Default: JSON lines on stdout at level info. */
  readonly logger?: RequestLogger;
}

export interface RunningDemo extends RunningService {
  readonly apiKey: string;
  readonly templates: readonly DemoTemplate[];
}

export interface DemoTemplate {
  readonly name: string;
  readonly id: string;
  readonly dataFile: string;
}

export function defaultFixturesDir(): string {
  return fileURLToPath(new URL('../../../fixtures/', import.meta.url));
}

async function demoWorkspace(storage: Storage): Promise<{ workspace: Workspace; apiKey: string }> {
  const existing = await storage.findWorkspaceByName(DEMO_WORKSPACE);
  if (existing === undefined) return createWorkspace(storage, { name: DEMO_WORKSPACE, quota: DEMO_QUOTA });
  return { workspace: existing, apiKey: await issueApiKey(storage, existing.id, true) };
}

/** Adds each fixture not yet in the workspace; a fixture that does not render is reported and skipped. */
async function demoTemplates(
  storage: Storage, renderPdf: RenderPdf, workspace: Workspace, fixturesDir: string, out: (text: string) => void,
): Promise<DemoTemplate[]> {
  const present = new Map((await storage.listTemplates(workspace.id, { offset: 0, limit: 10_000 })).items.map((t) => [t.name, t.id]));
  const fixtures = existsSync(fixturesDir) ? readdirSync(fixturesDir).sort() : [];
  const result: DemoTemplate[] = [];
  for (const name of fixtures) {
    const folder = join(fixturesDir, name);
    const html = join(folder, 'template.html');
    const data = join(folder, 'data.json');
    if (!existsSync(html) || !existsSync(data)) continue;
    let id = present.get(name);
    if (id === undefined) {
      try {
        const sample = JSON.parse(readFileSync(data, 'utf8')) as unknown;
        const { files } = await collectTemplateFiles(folder, html);
        id = (await addTemplate(storage, renderPdf, {
          workspaceName: workspace.name, name, html: readFileSync(html, 'utf8'), sample, baseDir: folder, files,
        })).template.id;
      } catch (error) {
        out(`  skipped fixture ${name}: ${isServiceError(error) || error instanceof Error ? error.message : String(error)}\n`);
        continue;
      }
    }
    result.push({ name, id, dataFile: data });
  }
  return result;
}

function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

function banner(url: string, apiKey: string, templates: readonly DemoTemplate[], cwd: string): string {
  const lines = [
    '',
    `octavo document API: ${url}/v1   (OpenAPI: ${url}/v1/openapi.json)`,
    `workspace '${DEMO_WORKSPACE}', API key (shown once per start):`,
    `  ${apiKey}`,
    '',
    'try:',
    `  curl -s ${url}/v1/workspaces -H ${shellQuote(`apikey: ${apiKey}`)}`,
    `  curl -s ${url}/v1/document-templates -H ${shellQuote(`apikey: ${apiKey}`)}`,
  ];
  const first = templates[0];
  if (first !== undefined) {
    const dataFile = relative(cwd, first.dataFile) || first.dataFile;
    lines.push(
      `  curl -s ${url}/v1/pdfs -H ${shellQuote(`apikey: ${apiKey}`)} -H 'Content-Type: application/json' \\`,
      `    -d "{\\"template_id\\":\\"${first.id}\\",\\"payload\\":$(cat ${shellQuote(dataFile)})}"`,
      '  then open the "download_url" of the answer (valid for 10 minutes).',
    );
  } else {
    lines.push('  (no fixture templates found: add one with `octavo template add`)');
  }
  lines.push('', 'request log (JSON lines) follows; Ctrl-C stops.', '');
  return lines.join('\n');
}

export async function startDemo(options: DemoOptions): Promise<RunningDemo> {
  const out = options.out ?? ((text: string) => { process.stdout.write(text); });
  const storage = await createFsStorage(resolve(options.dataDir));
  const pool = options.renderPdf === undefined ? createWorkerPool(options.pool) : undefined;
  const renderPdf = options.renderPdf ?? pool!.renderPdf;
  try {
    const { workspace, apiKey } = await demoWorkspace(storage);
    const templates = await demoTemplates(storage, renderPdf, workspace, options.fixturesDir ?? defaultFixturesDir(), out);
    const service = await startService({
      storage, renderPdf, host: options.host ?? '127.0.0.1', port: options.port, uploadSpoolDir: join(resolve(options.dataDir), UPLOAD_SPOOL_FOLDER),
      ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
      ...(options.linkTtlSeconds === undefined ? {} : { linkTtlSeconds: options.linkTtlSeconds }),
      ...(options.logger === undefined ? {} : { logger: options.logger }),
    });
    out(banner(options.baseUrl ?? service.url, apiKey, templates, options.cwd ?? process.cwd()));
    return {
      ...service,
      apiKey,
      templates,
      close: async () => { await service.close(); await pool?.close(); },
    };
  } catch (error) {
    await pool?.close();
    await storage.close();
    throw error;
  }
}
