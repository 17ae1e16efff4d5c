/**
 * `octavo gallery [--out DIR] [--fixtures DIR]` (what `npm start` runs): renders every fixture
 * (FIXTURES/<name>/template.html filled with its data.json) into DIR/<name>.pdf with one engine,
 * and prints pages, size and time for each. Exit code 1 when any fixture fails.
 */
import { readdir, readFile, mkdir, stat } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CliCommand, CliIo } from '../shared/command.js';
import { UsageError, parseOptions } from '../shared/command.js';
import { parseJson } from '../shared/json-error.js';
import { fsReason, writeFileAtomic } from '../shared/output-file.js';
import type { Engine } from '../../api.js';
import type * as octavoModule from '../../api.js';
import { maxOf } from '../../append-all.js';

/** The package's fixtures/ folder, from src/cli/commands/ and dist/cli/commands/ alike. */
const DEFAULT_FIXTURES = fileURLToPath(new URL('../../../fixtures/', import.meta.url));

const USAGE = `usage: octavo gallery [--out DIR] [--fixtures DIR]

  --out DIR        where the PDFs go (default: ./out)
  --fixtures DIR   folder of <name>/template.html + data.json (default: the package's fixtures/)`;

interface GalleryEntry {
  readonly name: string;
  readonly pages: number;
  readonly bytes: number;
  readonly ms: number;
  readonly path: string;
}

async function fixtureNames(folder: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch (error) {
    throw new UsageError(`cannot read fixtures folder '${folder}': ${fsReason(error)}`);
  }
  const names: string[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory()) continue;
    const template = await stat(join(folder, entry.name, 'template.html')).catch(() => undefined);
    if (template?.isFile() === true) names.push(entry.name);
  }
  return names.sort();
}

async function readFixtureData(folder: string): Promise<unknown> {
  const text = await readFile(join(folder, 'data.json'), 'utf8').catch(() => undefined);
  if (text === undefined) return {};
  const parsed = parseJson(text);
  if (!parsed.ok) throw new Error(`data.json ${parsed.error.line}:${parsed.error.column}: ${parsed.error.message}`);
  return parsed.value;
}

type EngineModule = typeof octavoModule;

/** One gallery run: the engine module and engine it renders with, the fixtures folder, the output folder, the terminal. */
interface GalleryRun {
  readonly octavo: EngineModule;
  readonly engine: Engine;
  readonly fixtures: string;
  readonly out: string;
  readonly io: CliIo;
}

async function renderFixture({ octavo, engine, fixtures, out, io }: GalleryRun, name: string): Promise<GalleryEntry> {
  const folder = join(fixtures, name);
  const templatePath = join(folder, 'template.html');
  const template = await readFile(templatePath, 'utf8');
  const data = await readFixtureData(folder);
  const started = performance.now();
  const result = await engine.renderDetailed({
    template, data, baseDir: folder, templateName: relative(io.cwd, templatePath), deterministic: true,
  });
  const ms = performance.now() - started;
  for (const diagnostic of result.diagnostics) io.stderr.write(`octavo: ${octavo.formatDiagnostic(diagnostic)}\n`);
  const path = join(out, `${name}.pdf`);
  await writeFileAtomic(path, result.pdf);
  return { name, pages: result.pages, bytes: result.pdf.byteLength, ms, path };
}

function table(entries: readonly GalleryEntry[], cwd: string): string {
  const rows = entries.map((entry) => [
    entry.name, String(entry.pages), `${(entry.bytes / 1024).toFixed(1)} KiB`, `${entry.ms.toFixed(0)} ms`, relative(cwd, entry.path) || entry.path,
  ]);
  const header = ['fixture', 'pages', 'size', 'time', 'file'];
  const widths = header.map((title, column) => Math.max(title.length, maxOf(rows.map((row) => (row[column] ?? '').length))));
  const format = (row: readonly string[]): string => row
    .map((cell, column) => (column === 1 || column === 2 || column === 3 ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0)))
    .join('  ').trimEnd();
  return [format(header), ...rows.map(format)].join('\n');
}

const command: CliCommand = {
  summary: 'octavo gallery: render every fixture to out/<name>.pdf',
  usage: USAGE,
  async run(args, io) {
    const { values, positionals } = parseOptions(args, { out: { type: 'string' }, fixtures: { type: 'string' } } as const);
    if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`);
    const fixtures = values.fixtures === undefined ? DEFAULT_FIXTURES : resolve(io.cwd, values.fixtures);
    const out = resolve(io.cwd, values.out ?? 'out');
    const names = await fixtureNames(fixtures);
    if (names.length === 0) throw new UsageError(`no fixtures (<name>/template.html) in '${fixtures}'`);
    await mkdir(out, { recursive: true });

    const octavo = await import('../../api.js');
    const engine = octavo.createEngine();
    const run: GalleryRun = { octavo, engine, fixtures, out, io };
    const entries: GalleryEntry[] = [];
    let failed = 0;
    for (const name of names) {
      try {
        entries.push(await renderFixture(run, name));
      } catch (error) {
        failed++;
        const where = octavo.isOctavoError(error) && error.location !== undefined ? `${error.location}: ` : '';
        io.stderr.write(`octavo gallery: ${name}: ${where}${error instanceof Error ? error.message : String(error)}\n`);
      }
    }
    if (entries.length > 0) io.stdout.write(`${table(entries, io.cwd)}\n`);
    io.stdout.write(`${entries.length} of ${names.length} fixtures rendered into ${relative(io.cwd, out) || '.'}${failed > 0 ? `, ${failed} failed` : ''}\n`);
    return failed > 0 ? 1 : 0;
  },
};

export default command;
