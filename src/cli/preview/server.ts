/**
 * `octavo preview`: a local HTTP server on 127.0.0.1 that renders the template with its payload,
 * re-renders within a moment whenever a file in the template's folder or the payload changes,
 * and pushes each result to the page (./page.ts) over server-sent events. A failed render shows
 * its error while the last good PDF stays on screen.
 */
import type { FSWatcher } from 'node:fs';
import { watch } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { basename, dirname, join, resolve } from 'node:path';
import { parseJson } from '../shared/json-error.js';
import type { RenderLimits } from '../commands/render.js';
import { engineOptionsOf } from '../commands/render.js';
import { previewPage } from './page.js';
import type { Engine, EngineOptions, RenderOptions } from '../../api.js';
import { decodeText } from '../../decode-text.js';

export interface PreviewOptions {
  readonly templatePath: string;
  /** As the user wrote it, for messages. */
  readonly templateName: string;
  readonly dataPath?: string;
  readonly root?: string;
  readonly limits: RenderLimits;
  /** 0 picks a free port. */
  readonly port: number;
}

export interface PreviewServer {
  readonly url: string;
  close(): Promise<void>;
}

interface PreviewState {
  /** Number of the last good render (0: none yet). */
  version: number;
  pdf: Uint8Array | undefined;
  pages: number;
  ms: number;
  rendering: boolean;
  error: string | undefined;
  diagnostics: string[];
}

const DEBOUNCE_MS = 60;

function pdfjsFile(name: string): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('pdfjs-dist/package.json')), 'build', name);
}

async function readPayload(path: string | undefined): Promise<unknown> {
  if (path === undefined) return {};
  const result = parseJson(decodeText(await readFile(path), 'json'));
  if (!result.ok) throw new Error(`invalid JSON in ${basename(path)} at ${result.error.line}:${result.error.column}: ${result.error.message}`);
  return result.value;
}

/** What one render needs: the engine, the options it was made with, the template's folder. */
interface RenderSetup {
  readonly options: PreviewOptions;
  readonly engine: Engine;
  readonly engineOptions: EngineOptions;
  readonly folder: string;
}

/** Renders the template once into `state`: a new good render, or the error beside the last good one. */
async function renderInto(state: PreviewState, setup: RenderSetup): Promise<void> {
  const { formatDiagnostic, isOctavoError } = await import('../../api.js');
  const { options, engine, engineOptions, folder } = setup;
  const started = performance.now();
  try {
    const request: RenderOptions = {
      template: decodeText(await readFile(options.templatePath), 'html'),
      data: await readPayload(options.dataPath),
      baseDir: dirname(options.templatePath),
      templateName: options.templateName,
      ...(options.root === undefined ? {} : { root: options.root }),
      ...(options.limits.strict ? { strict: true } : {}),
    };
    const result = options.limits.timeoutMs === undefined ? await engine.renderDetailed(request)
      : await (await import('../shared/render-thread.js')).renderInThread(request, engineOptions, { timeoutMs: options.limits.timeoutMs });
    Object.assign(state, {
      version: state.version + 1, pdf: result.pdf, pages: result.pages, error: undefined,
      ms: Math.round(performance.now() - started),
      // files beside the template are shown relative to its folder
      diagnostics: result.diagnostics.map((diagnostic) => formatDiagnostic(diagnostic).split(`${folder}/`).join('')),
    });
  } catch (error) {
    const message = isOctavoError(error)
      ? `${error.location === undefined ? '' : `${error.location}: `}${error.message}${error.hint === undefined ? '' : `\nhint: ${error.hint}`}`
      : error instanceof Error ? error.message : String(error);
    Object.assign(state, { error: message, diagnostics: [] });
  }
}

/** The preview's routes: the page, its state, the PDF, pdf.js, and the change events. */
async function handleRequest(request: IncomingMessage, response: ServerResponse, state: PreviewState, listeners: Set<ServerResponse>, templateName: string): Promise<void> {
  const path = new URL(request.url ?? '/', 'http://localhost').pathname;
  const send = (status: number, type: string, body: string | Uint8Array): void => {
    response.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
    response.end(body);
  };
  if (path === '/') return send(200, 'text/html; charset=utf-8', previewPage(templateName));
  if (path === '/state') {
    const { pdf: _pdf, ...rest } = state;
    return send(200, 'application/json', JSON.stringify(rest));
  }
  if (path === '/document.pdf') {
    return state.pdf === undefined ? send(404, 'text/plain', 'no render yet') : send(200, 'application/pdf', state.pdf);
  }
  if (path === '/pdfjs/pdf.min.mjs' || path === '/pdfjs/pdf.worker.min.mjs') {
    return send(200, 'text/javascript', await readFile(pdfjsFile(basename(path))));
  }
  if (path === '/events') {
    response.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
    response.write(`data: ${state.version}\n\n`);
    listeners.add(response);
    request.on('close', () => listeners.delete(response));
    return;
  }
  send(404, 'text/plain', 'not found');
}

export async function startPreview(options: PreviewOptions): Promise<PreviewServer> {
  const { createEngine } = await import('../../api.js');
  const engineOptions = engineOptionsOf(options.limits);
  const engine: Engine = createEngine(engineOptions);
  const state: PreviewState = { version: 0, pdf: undefined, pages: 0, ms: 0, rendering: false, error: undefined, diagnostics: [] };
  const listeners = new Set<ServerResponse>();
  const notify = (): void => {
    for (const response of listeners) response.write(`data: ${state.version}\n\n`);
  };

  const folder = dirname(options.templatePath);
  const setup: RenderSetup = { options, engine, engineOptions, folder };

  // one render at a time; changes during a render ask for one more afterwards
  let pending = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  function schedule(): void {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (state.rendering) {
        pending = true;
        return;
      }
      state.rendering = true;
      running = renderInto(state, setup).finally(() => {
        state.rendering = false;
        notify();
        if (pending) {
          pending = false;
          schedule();
        }
      });
    }, DEBOUNCE_MS);
  }

  const watchers: FSWatcher[] = [watch(folder, { recursive: true }, schedule)];
  if (options.dataPath !== undefined && !resolve(options.dataPath).startsWith(`${folder}/`)) {
    const dataName = basename(options.dataPath);
    watchers.push(watch(dirname(options.dataPath), (_event, name) => {
      if (name === dataName) schedule();
    }));
  }

  const server = createServer((request, response) => {
    handleRequest(request, response, state, listeners, options.templateName).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'Content-Type': 'text/plain' });
      response.end(String(error));
    });
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port, '127.0.0.1', done);
  });
  schedule();
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    async close() {
      clearTimeout(timer);
      for (const watcher of watchers) watcher.close();
      for (const response of listeners) response.end();
      await running.catch(() => undefined);
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}
