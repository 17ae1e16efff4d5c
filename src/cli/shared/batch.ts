/**
 * `octavo render TEMPLATE --batch PAYLOADS.ndjson --out-dir DIR [--name-field PATH]`: one PDF per
 * NDJSON line, rendered on every core by the service's worker pool (src/service/workers.ts),
 * a bounded number of documents in flight. A progress bar on a terminal, a plain line per tenth
 * otherwise (./progress/reporter.ts); every failure with its NDJSON line number; a summary with
 * the rate over the documents written. Files are
 * named after a payload field (`--name-field invoice.number`) or the line number.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import type { CliIo } from './command.js';
import { InputError } from './inputs.js';
import { fsReason, writeFileAtomic } from './output-file.js';
import { remoteOptionOf } from './remote-flag.js';
import type { JobOptions, RenderJob } from '../../service/renderer.js';
import { decodeText } from '../../decode-text.js';

export interface BatchArgs {
  readonly template: string;
  readonly templatePath: string;
  readonly batch: string;
  readonly outDir: string;
  readonly nameField: string | undefined;
  readonly maxPages: number | undefined;
  /** `--allow-remote` origins (none: no remote fetch). */
  readonly allowRemote?: readonly string[] | undefined;
  readonly timeoutMs: number | undefined;
  /** `--font-dir` folders, resolved. */
  readonly fonts: readonly string[];
  /** `--helpers FILE`, resolved: each render process loads it. */
  readonly helpersModule?: string | undefined;
  /** The same flags as a single render's (render.ts `optionsFromFlags`), for every document. */
  readonly options: JobOptions;
}

interface Payload {
  readonly line: number;
  readonly data?: unknown;
  readonly error?: string;
}

interface Outcome {
  readonly line: number;
  readonly pages?: number;
  readonly error?: string;
}

/** Non-empty lines of the NDJSON file, parsed (a bad line becomes a failure, not an abort). */
function payloads(text: string): Payload[] {
  const result: Payload[] = [];
  // a byte-order mark before the first line is dropped, as browsers drop one
  text.replace(/^\uFEFF/, '').split('\n').forEach((raw, index) => {
    if (raw.trim() === '') return;
    try {
      result.push({ line: index + 1, data: JSON.parse(raw) as unknown });
    } catch (error) {
      result.push({ line: index + 1, error: `invalid JSON: ${error instanceof Error ? error.message : String(error)}` });
    }
  });
  return result;
}

/** A file name from a payload field (dotted path), made safe; undefined when the field is missing. */
export function outputName(data: unknown, field: string | undefined, line: number): string {
  if (field === undefined) return `${line}.pdf`;
  let value: unknown = data;
  for (const key of field.split('.')) {
    value = value !== null && typeof value === 'object' && Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined;
  }
  if (typeof value !== 'string' && typeof value !== 'number') throw new Error(`the payload has no "${field}" to name its file`);
  const safe = String(value).normalize('NFC').replace(/[^\p{L}\p{N}._-]+/gu, '_').replace(/^[._]+/, '').slice(0, 200);
  if (safe === '') throw new Error(`"${field}" (${JSON.stringify(value)}) gives no usable file name`);
  return `${safe}.pdf`;
}

export async function runBatch(args: BatchArgs, io: CliIo): Promise<number> {
  let template: string;
  let text: string;
  try {
    template = decodeText(await readFile(args.templatePath), 'html');
    text = decodeText(await readFile(resolve(io.cwd, args.batch)), 'json');
  } catch (error) {
    throw new InputError(`cannot read ${args.batch}: ${fsReason(error)}`);
  }
  const outDir = resolve(io.cwd, args.outDir);
  await mkdir(outDir, { recursive: true });
  const items = payloads(text);
  const { createWorkerPool } = await import('../../service/workers.js');
  const pool = createWorkerPool({
    ...(args.maxPages === undefined ? {} : { limits: { maxPages: args.maxPages } }),
    ...remoteOptionOf(args.allowRemote),
    ...(args.timeoutMs === undefined ? {} : { timeoutMs: args.timeoutMs }),
    fonts: args.fonts,
    ...(args.helpersModule === undefined ? {} : { helpersModule: args.helpersModule }),
  });
  const started = performance.now();
  const { progressReporter } = await import('../progress/reporter.js');
  const progress = progressReporter(io.stderr, items.length, started);
  const names = new Map<string, number>();
  const outcomes: Outcome[] = [];

  async function renderOne(item: Payload): Promise<Outcome> {
    if (item.error !== undefined) return { line: item.line, error: item.error };
    let name: string;
    try {
      name = outputName(item.data, args.nameField, item.line);
    } catch (error) {
      return { line: item.line, error: (error as Error).message };
    }
    const taken = names.get(name);
    if (taken !== undefined) return { line: item.line, error: `${name} is already the output of line ${taken}` };
    names.set(name, item.line);
    const job: RenderJob = { template, data: item.data, options: args.options };
    try {
      const { pdf, pages } = await pool.renderPdf(job);
      await writeFileAtomic(join(outDir, name), pdf);
      return { line: item.line, pages };
    } catch (error) {
      return { line: item.line, error: error instanceof Error ? error.message : String(error) };
    }
  }

  try {
    // a few documents per thread in flight keeps every core busy without holding every PDF in memory
    const inFlight = Math.max(2, pool.threads * 2);
    let next = 0;
    let written = 0;
    const worker = async (): Promise<void> => {
      while (next < items.length) {
        const item = items[next++] as Payload;
        const outcome = await renderOne(item);
        outcomes.push(outcome);
        if (outcome.error === undefined) written++;
        else progress.log(`octavo: ${args.batch}:${outcome.line}: ${outcome.error}\n`);
        progress.update(outcomes.length, written);
      }
    };
    await Promise.all(Array.from({ length: Math.min(inFlight, availableParallelism() * 4) }, worker));
  } finally {
    progress.stop();
    await pool.close();
  }
  const seconds = (performance.now() - started) / 1000;
  const failed = outcomes.filter((outcome) => outcome.error !== undefined).length;
  const pages = outcomes.reduce((sum, outcome) => sum + (outcome.pages ?? 0), 0);
  // the rate counts the documents written (none written: no rate)
  const written = outcomes.length - failed;
  const rate = written > 0 && seconds > 0 ? `, ${(written / seconds).toFixed(1)} documents/s` : '';
  io.stdout.write(`${outcomes.length} documents (${written} written to ${args.outDir}, ${failed} failed), ${pages} pages, ${seconds.toFixed(1)} s${rate}\n`);
  return failed === 0 ? 0 : 1;
}
