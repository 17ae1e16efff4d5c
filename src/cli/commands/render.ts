/**
 * `octavo render TEMPLATE.html [--data PAYLOAD.json|-] [--out OUT.pdf|-] ...` (DESIGN.md §1.3).
 *
 * Exit codes: 0 success; 1 render/template error (`octavo: file:line:column: message`); 2 usage
 * error, unreadable template or data file, invalid JSON (with its line:column), unwritable output.
 * Relative URLs in the template resolve against its folder, which is also the sandbox root unless
 * `--root` names a wider folder containing it. The PDF is written to a temporary file and renamed,
 * so a failed render never leaves a partial OUT.pdf.
 */
import { readFile } from 'node:fs/promises';
import { dirname, extname, isAbsolute, relative, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import type { CliCommand, CliIo } from '../command.js';
import { UsageError } from '../command.js';
import { parseJson } from '../json-error.js';
import { fsReason, writeFileAtomic, writeStream } from '../output-file.js';
import type { EncryptionAlgorithm, EncryptionOptions, Permissions, RenderOptions } from '../../index.js';

const USAGE = `usage: octavo render TEMPLATE.html [options]

  --data FILE|-          JSON payload (file, or - for stdin); default {}
  --out FILE|-           output PDF (or - for stdout); default TEMPLATE with .pdf
  --root DIR             sandbox root for resources; must contain the template's folder
  --user-password P      password to open the PDF
  --owner-password P     password for full rights (random when omitted)
  --deny LIST            comma-separated: printing,modifying,annotating,copying,
                         screenreaders,forms,assembly
  --encryption ALG       aes-256 (default) | aes-128 | rc4-128 | rc4-40
  --deterministic        identical input gives identical bytes`;

const PERMISSION_FLAGS: Readonly<Record<string, keyof Permissions>> = {
  printing: 'printing',
  modifying: 'modifying',
  annotating: 'annotating',
  copying: 'copying',
  screenreaders: 'contentAccessibility',
  forms: 'fillingForms',
  assembly: 'documentAssembly',
};

const ALGORITHMS: readonly EncryptionAlgorithm[] = ['aes-256', 'aes-128', 'rc4-128', 'rc4-40'];

const OPTIONS = {
  data: { type: 'string' },
  out: { type: 'string', short: 'o' },
  root: { type: 'string' },
  'user-password': { type: 'string' },
  'owner-password': { type: 'string' },
  deny: { type: 'string' },
  encryption: { type: 'string' },
  deterministic: { type: 'boolean' },
} as const;

interface RenderArgs {
  readonly template: string;
  readonly data: string | undefined;
  readonly out: string | undefined;
  readonly root: string | undefined;
  readonly encryption: EncryptionOptions | undefined;
  readonly deterministic: boolean;
}

/** A problem with the command's inputs: printed without usage text, exit code 2. */
class InputError extends Error {}

function parseDeny(list: string): Permissions {
  const permissions: Permissions = {};
  for (const item of list.split(',').map((entry) => entry.trim().toLowerCase()).filter(Boolean)) {
    const key = PERMISSION_FLAGS[item];
    if (key === undefined) throw new UsageError(`--deny: unknown permission '${item}' (expected ${Object.keys(PERMISSION_FLAGS).join(', ')})`);
    permissions[key] = false;
  }
  return permissions;
}

function encryptionOf(values: { 'user-password'?: string; 'owner-password'?: string; deny?: string; encryption?: string }): EncryptionOptions | undefined {
  const encryption: EncryptionOptions = {};
  if (values['user-password'] !== undefined) encryption.userPassword = values['user-password'];
  if (values['owner-password'] !== undefined) encryption.ownerPassword = values['owner-password'];
  if (values.deny !== undefined) encryption.permissions = parseDeny(values.deny);
  if (values.encryption !== undefined) {
    if (!(ALGORITHMS as readonly string[]).includes(values.encryption)) {
      throw new UsageError(`--encryption: unknown algorithm '${values.encryption}' (expected ${ALGORITHMS.join(', ')})`);
    }
    encryption.algorithm = values.encryption as EncryptionAlgorithm;
  }
  return Object.keys(encryption).length === 0 ? undefined : encryption;
}

export function parseRenderArgs(args: readonly string[]): RenderArgs {
  let parsed;
  try {
    parsed = parseArgs({ args: [...args], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 1 || positionals[0] === undefined) {
    throw new UsageError(positionals.length === 0 ? 'missing TEMPLATE.html' : `expected one template, got ${positionals.length}`);
  }
  return {
    template: positionals[0],
    data: values.data,
    out: values.out,
    root: values.root,
    encryption: encryptionOf(values),
    deterministic: values.deterministic ?? false,
  };
}

/** TEMPLATE.html -> TEMPLATE.pdf (a name without a known extension gets `.pdf` appended). */
export function defaultOutput(template: string): string {
  const extension = extname(template);
  return ['.html', '.htm', '.hbs', '.handlebars', '.xhtml'].includes(extension.toLowerCase())
    ? `${template.slice(0, -extension.length)}.pdf` : `${template}.pdf`;
}

async function readStdin(stdin: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}

async function readData(spec: string | undefined, io: CliIo): Promise<unknown> {
  if (spec === undefined) return {};
  let text: string;
  try {
    text = spec === '-' ? await readStdin(io.stdin) : await readFile(resolve(io.cwd, spec), 'utf8');
  } catch (error) {
    throw new InputError(`cannot read data file '${spec}': ${fsReason(error)}`);
  }
  const result = parseJson(text);
  if (!result.ok) {
    const name = spec === '-' ? '<stdin>' : spec;
    throw new InputError(`invalid JSON in data file '${name}' at ${result.error.line}:${result.error.column}: ${result.error.message}`);
  }
  return result.value;
}

function checkRoot(root: string, folder: string): void {
  const rel = relative(root, folder);
  if (rel !== '' && (rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel))) {
    throw new InputError(`--root ${root} must contain the template's folder ${folder}`);
  }
}

async function renderCommand(args: RenderArgs, io: CliIo): Promise<number> {
  const templatePath = resolve(io.cwd, args.template);
  let template: string;
  try {
    template = await readFile(templatePath, 'utf8');
  } catch (error) {
    throw new InputError(`cannot read template file '${args.template}': ${fsReason(error)}`);
  }
  const data = await readData(args.data, io);
  const baseDir = dirname(templatePath);
  const root = args.root === undefined ? undefined : resolve(io.cwd, args.root);
  if (root !== undefined) checkRoot(root, baseDir);

  const options: RenderOptions = { template, data, baseDir, templateName: args.template, deterministic: args.deterministic };
  if (root !== undefined) options.root = root;
  if (args.encryption !== undefined) options.encryption = args.encryption;

  // the engine is loaded only once the inputs are known to be good (fast usage errors)
  const { createEngine, formatDiagnostic, isOctavoError } = await import('../../index.js');
  const started = performance.now();
  let result;
  try {
    result = await createEngine().renderDetailed(options);
  } catch (error) {
    if (!isOctavoError(error)) throw error;
    io.stderr.write(`octavo: ${error.location === undefined ? '' : `${error.location}: `}${error.message}\n`);
    if (error.hint !== undefined) io.stderr.write(`  hint: ${error.hint}\n`);
    return 1;
  }
  for (const diagnostic of result.diagnostics) io.stderr.write(`octavo: ${formatDiagnostic(diagnostic)}\n`);

  const out = args.out ?? defaultOutput(args.template);
  if (out === '-') {
    await writeStream(io.stdout, result.pdf);
    return 0;
  }
  try {
    await writeFileAtomic(resolve(io.cwd, out), result.pdf);
  } catch (error) {
    throw new InputError(`cannot write '${out}': ${fsReason(error)}`);
  }
  const ms = Math.round(performance.now() - started);
  io.stdout.write(`${out}: ${result.pages} page${result.pages === 1 ? '' : 's'}, ${result.pdf.byteLength} bytes, ${ms} ms\n`);
  return 0;
}

const command: CliCommand = {
  summary: 'octavo render: fill an HTML/Handlebars template with JSON and write a PDF',
  usage: USAGE,
  async run(args, io) {
    const parsed = parseRenderArgs(args);
    try {
      return await renderCommand(parsed, io);
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      io.stderr.write(`octavo render: ${error.message}\n`);
      return 2;
    }
  },
};

export default command;
