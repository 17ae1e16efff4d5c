/**
 * `octavo render TEMPLATE.html [--data PAYLOAD.json|-] [--out OUT.pdf|-] ...` (docs/design.md §1.3).
 *
 * Exit codes: 0 success; 1 render/template error (`octavo: file:line:column: message`); 2 usage
 * error, unreadable template or data file, invalid JSON (with its line:column), unwritable output.
 * Relative URLs in the template resolve against its folder, which is also the sandbox root unless
 * `--root` names a wider folder containing it. The PDF is written to a temporary file and renamed,
 * so a failed render never leaves a partial OUT.pdf.
 */
import { readFile } from 'node:fs/promises';
import { basename, dirname, extname, isAbsolute, relative, resolve, sep } from 'node:path';
import type { CliCommand, CliIo } from '../shared/command.js';
import { UsageError, parseTemplateArgs } from '../shared/command.js';
import { InputError, readData, readTemplate } from '../shared/inputs.js';
import { fsReason, writeFileAtomic, writeStream } from '../shared/output-file.js';
import { boundHeapGrowth } from '../shared/heap-growth.js';
import type { EncryptionAlgorithm, EncryptionOptions, EngineOptions, OctavoError, Permissions, RenderOptions, RenderResult } from '../../api.js';
import { allowRemoteOrigins, remoteOptionOf } from '../shared/remote-flag.js';
import type { Attachment, FacturXProfile, PdfAConformance, SignatureOptions } from '../../options.js';
import type { JobOptions } from '../../service/renderer.js';
import { DEFAULT_LIMITS } from '../../options.js';
import { startWatchdog } from '../shared/watchdog.js';

const USAGE = `usage: octavo render TEMPLATE.html [options]

  --data FILE|-          JSON payload (file, or - for stdin); default {}
  --strict               a field the payload lacks is an error (default: prints nothing)
  --max-pages N          fail when the document would have more than N pages (default 1000)
  --timeout SECONDS      fail when rendering takes longer (default: 60, the engine's limit)
  --batch FILE.ndjson    one PDF per line of FILE (a JSON payload per line), on every core;
                         every other flag applies to each of them
  --out-dir DIR          where --batch writes its PDFs
  --name-field PATH      name each PDF after this payload field (e.g. invoice.number);
                         default: the line number
  --out FILE|-           output PDF (or - for stdout); default TEMPLATE with .pdf
  --emit-html FILE       also write the filled HTML, with a <base href> at the
                         template's folder, to open in a browser beside the PDF
  --root DIR             sandbox root for resources; must contain the template's folder
  --allow-remote ORIGIN  fetch stylesheets, fonts and images from ORIGIN
                         (https://fonts.googleapis.com; repeatable; * for any
                         public host); without it no remote URL is fetched
  --helpers FILE.mjs     template helpers: the functions FILE exports (or its default
                         export, an object of them), each callable by its name
  --font-dir DIR         font files (.ttf .otf .woff .woff2 .ttc) the document can use by
                         family name and for characters other fonts lack (repeatable)
  --user-password P      password to open the PDF
  --owner-password P     password for full rights (random when omitted)
  --deny LIST            comma-separated: printing,modifying,annotating,copying,
                         screenreaders,forms,assembly
  --encryption ALG       aes-256 (default) | aes-128 | rc4-128 | rc4-40
  --deterministic        identical input gives identical bytes
  --pdfa 2b|3b           PDF/A-2b or PDF/A-3b output (no encryption)
  --tagged               tagged PDF: structure tree for accessibility
  --shrink-to-fit        scale content wider than the page area down to fit it,
                         as Chromium prints (at most to 1/1.5)
  --whole-px-advances    glyph advances rounded to whole px, as Chromium prints
                         where fontconfig asks for full hinting
  --attach FILE          embed FILE (repeatable; MIME type from its extension)
  --facturx XML          Factur-X/ZUGFeRD invoice: PDF/A-3b with XML embedded
  --facturx-profile P    MINIMUM | "BASIC WL" | BASIC | "EN 16931" (default) |
                         EXTENDED | XRECHNUNG
  --sign P12FILE         sign with a PKCS#12 certificate (.p12/.pfx)
  --sign-passphrase P    passphrase of the PKCS#12 file
  --sign-reason TEXT     reason shown with the signature
  --sign-location TEXT   location shown with the signature`;

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
  strict: { type: 'boolean' },
  'max-pages': { type: 'string' },
  timeout: { type: 'string' },
  batch: { type: 'string' },
  'out-dir': { type: 'string' },
  'name-field': { type: 'string' },
  out: { type: 'string', short: 'o' },
  'emit-html': { type: 'string' },
  root: { type: 'string' },
  'allow-remote': { type: 'string', multiple: true },
  'user-password': { type: 'string' },
  'owner-password': { type: 'string' },
  deny: { type: 'string' },
  encryption: { type: 'string' },
  deterministic: { type: 'boolean' },
  pdfa: { type: 'string' },
  tagged: { type: 'boolean' },
  'shrink-to-fit': { type: 'boolean' },
  'whole-px-advances': { type: 'boolean' },
  attach: { type: 'string', multiple: true },
  'font-dir': { type: 'string', multiple: true },
  helpers: { type: 'string' },
  facturx: { type: 'string' },
  'facturx-profile': { type: 'string' },
  sign: { type: 'string' },
  'sign-passphrase': { type: 'string' },
  'sign-reason': { type: 'string' },
  'sign-location': { type: 'string' },
} as const;

const PDFA_LEVELS: readonly PdfAConformance[] = ['2b', '3b'];
const FACTURX_PROFILES: readonly FacturXProfile[] = ['MINIMUM', 'BASIC WL', 'BASIC', 'EN 16931', 'EXTENDED', 'XRECHNUNG'];

/** MIME types of common attachments by extension (anything else: application/octet-stream). */
const MIME_TYPES: Readonly<Record<string, string>> = {
  '.xml': 'text/xml', '.json': 'application/json', '.csv': 'text/csv', '.txt': 'text/plain', '.pdf': 'application/pdf',
  '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.html': 'text/html', '.zip': 'application/zip',
};

/** PDF output options that name files: read once the template is known to be readable. */
interface OutputArgs {
  readonly pdfa: PdfAConformance | undefined;
  readonly tagged: boolean;
  readonly attach: readonly string[];
  readonly facturx: { readonly file: string; readonly profile: FacturXProfile } | undefined;
  readonly sign: { readonly file: string; readonly passphrase?: string; readonly reason?: string; readonly location?: string } | undefined;
}

type OutputValues = {
  pdfa?: string; tagged?: boolean; attach?: string[]; facturx?: string; 'facturx-profile'?: string;
  sign?: string; 'sign-passphrase'?: string; 'sign-reason'?: string; 'sign-location'?: string;
};

function outputOf(values: OutputValues): OutputArgs | undefined {
  const given = (['pdfa', 'tagged', 'attach', 'facturx', 'facturx-profile', 'sign', 'sign-passphrase', 'sign-reason', 'sign-location'] as const)
    .some((flag) => values[flag] !== undefined);
  if (!given) return undefined;
  if (values.pdfa !== undefined && !(PDFA_LEVELS as readonly string[]).includes(values.pdfa)) {
    throw new UsageError(`--pdfa: unknown level '${values.pdfa}' (expected ${PDFA_LEVELS.join(', ')})`);
  }
  const profile = values['facturx-profile'];
  if (profile !== undefined && !(FACTURX_PROFILES as readonly string[]).includes(profile.toUpperCase())) {
    throw new UsageError(`--facturx-profile: unknown profile '${profile}' (expected ${FACTURX_PROFILES.join(', ')})`);
  }
  if (profile !== undefined && values.facturx === undefined) throw new UsageError('--facturx-profile needs --facturx XML');
  for (const flag of ['sign-passphrase', 'sign-reason', 'sign-location'] as const) {
    if (values[flag] !== undefined && values.sign === undefined) throw new UsageError(`--${flag} needs --sign P12FILE`);
  }
  const sign = values.sign === undefined ? undefined : {
    file: values.sign,
    ...(values['sign-passphrase'] === undefined ? {} : { passphrase: values['sign-passphrase'] }),
    ...(values['sign-reason'] === undefined ? {} : { reason: values['sign-reason'] }),
    ...(values['sign-location'] === undefined ? {} : { location: values['sign-location'] }),
  };
  return {
    pdfa: values.pdfa as PdfAConformance | undefined,
    tagged: values.tagged ?? false,
    attach: values.attach ?? [],
    facturx: values.facturx === undefined ? undefined : { file: values.facturx, profile: (profile?.toUpperCase() ?? 'EN 16931') as FacturXProfile },
    sign,
  };
}

async function readInput(cwd: string, file: string, what: string): Promise<Uint8Array> {
  try {
    return new Uint8Array(await readFile(resolve(cwd, file)));
  } catch (error) {
    throw new InputError(`cannot read ${what} '${file}': ${fsReason(error)}`);
  }
}

/** Reads the files the output options name and sets them on the render options. */
async function applyOutput(options: JobOptions, output: OutputArgs, cwd: string): Promise<void> {
  if (output.pdfa !== undefined) options.pdfa = output.pdfa;
  if (output.tagged) options.tagged = true;
  if (output.attach.length > 0) {
    const attachments: Attachment[] = [];
    for (const file of output.attach) {
      attachments.push({ name: basename(file), content: await readInput(cwd, file, 'attachment'), mimeType: MIME_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream' });
    }
    options.attachments = attachments;
  }
  if (output.facturx !== undefined) options.facturx = { xml: await readInput(cwd, output.facturx.file, 'Factur-X XML'), profile: output.facturx.profile };
  if (output.sign !== undefined) {
    const { file, ...rest } = output.sign;
    const signature: SignatureOptions = { p12: await readInput(cwd, file, 'PKCS#12 file'), ...rest };
    options.signature = signature;
  }
}

interface RenderArgs {
  readonly template: string;
  readonly data: string | undefined;
  readonly out: string | undefined;
  /** `--emit-html FILE`: also write the filled HTML. */
  readonly emitHtml: string | undefined;
  readonly root: string | undefined;
  /** `--font-dir`: folders (or files) given to the engine's `fonts`, as given. */
  readonly fontDirs: readonly string[];
  readonly encryption: EncryptionOptions | undefined;
  readonly deterministic: boolean;
  /** `--shrink-to-fit`: content wider than the page area scaled down to fit. */
  readonly shrinkToFit: boolean;
  /** `--whole-px-advances`: glyph advances rounded to whole px (RenderOptions.glyphAdvances). */
  readonly wholePxAdvances: boolean;
  readonly limits: RenderLimits;
  readonly batch: { readonly file: string; readonly outDir: string; readonly nameField: string | undefined } | undefined;
  /** PDF/A, tagging, attachments, Factur-X, signature flags (undefined when none is given). */
  readonly output: OutputArgs | undefined;
}

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

export function parseRenderArgs(args: readonly string[], cwd = process.cwd()): RenderArgs {
  const { values, template } = parseTemplateArgs(args, OPTIONS);
  return {
    template,
    data: values.data,
    out: values.out,
    emitHtml: values['emit-html'],
    root: values.root,
    fontDirs: values['font-dir'] ?? [],
    encryption: encryptionOf(values),
    deterministic: values.deterministic ?? false,
    shrinkToFit: values['shrink-to-fit'] ?? false,
    wholePxAdvances: values['whole-px-advances'] ?? false,
    limits: limitsOf(values, cwd),
    batch: batchOf(values),
    output: outputOf(values),
  };
}

/** TEMPLATE.html -> TEMPLATE.pdf (a name without a known extension gets `.pdf` appended). */
export function defaultOutput(template: string): string {
  const extension = extname(template);
  return ['.html', '.htm', '.hbs', '.handlebars', '.xhtml'].includes(extension.toLowerCase())
    ? `${template.slice(0, -extension.length)}.pdf` : `${template}.pdf`;
}

function checkRoot(root: string, folder: string): void {
  const rel = relative(root, folder);
  if (rel !== '' && (rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel))) {
    throw new InputError(`--root ${root} must contain the template's folder ${folder}`);
  }
}

/**
 * Every render option the flags give but the template and its data — the sandbox (`--root`),
 * `--strict`, `--shrink-to-fit`, `--whole-px-advances`, encryption, `--deterministic`, PDF/A, tagging, attachments, Factur-X, signature:
 * one parser for a single render and for `--batch`, whose every document gets the same options.
 */
async function optionsFromFlags(args: RenderArgs, io: CliIo, templatePath: string): Promise<JobOptions> {
  const baseDir = dirname(templatePath);
  const root = args.root === undefined ? undefined : resolve(io.cwd, args.root);
  if (root !== undefined) checkRoot(root, baseDir);
  const options: JobOptions = { baseDir, templateName: args.template, deterministic: args.deterministic };
  if (args.limits.strict) options.strict = true;
  if (args.shrinkToFit) options.shrinkToFit = true;
  if (args.wholePxAdvances) options.glyphAdvances = 'whole-px';
  if (root !== undefined) options.root = root;
  if (args.encryption !== undefined) options.encryption = args.encryption;
  if (args.output !== undefined) await applyOutput(options, args.output, io.cwd);
  return options;
}

/** `--emit-html FILE`; exit code 1 (after the error) when the template cannot be filled. */
async function writeFilledHtml(options: RenderOptions, args: RenderArgs, io: CliIo): Promise<number | undefined> {
  const { isOctavoError } = await import('../../api.js');
  const file = resolve(io.cwd, args.emitHtml ?? '');
  try {
    await (await import('./emit-html.js')).emitHtml(options, file, args.limits);
  } catch (error) {
    if (isOctavoError(error)) return reportError(error, io);
    throw new InputError(`cannot write '${args.emitHtml}': ${fsReason(error)}`);
  }
  return undefined;
}

function reportError(error: OctavoError, io: CliIo): number {
  io.stderr.write(`octavo: ${error.location === undefined ? '' : `${error.location}: `}${error.message}\n`);
  if (error.hint !== undefined) io.stderr.write(`  hint: ${error.hint}\n`);
  return 1;
}

async function renderCommand(args: RenderArgs, io: CliIo): Promise<number> {
  const templatePath = resolve(io.cwd, args.template);
  const template = await readTemplate(templatePath, args.template);
  const data = await readData(args.data, io);
  const options: RenderOptions = { ...(await optionsFromFlags(args, io, templatePath)), template, data };

  // the engine is loaded only once the inputs are known to be good (fast usage errors)
  const { formatDiagnostic, isOctavoError } = await import('../../api.js');
  const started = performance.now();
  if (args.emitHtml !== undefined) {
    const failed = await writeFilledHtml(options, args, io);
    if (failed !== undefined) return failed;
  }
  const engineOptions = {
    ...engineOptionsOf(args.limits),
    ...(args.fontDirs.length === 0 ? {} : { fonts: args.fontDirs.map((dir) => resolve(io.cwd, dir)) }),
  };
  let result;
  // without --timeout: the engine's default budget, and a watchdog for a render stuck past it
  const stopWatchdog = args.limits.timeoutMs === undefined ? startWatchdog(DEFAULT_LIMITS.maxRenderMs) : undefined;
  try {
    result = await renderWithFlags(options, engineOptions, args.limits);
  } catch (error) {
    if (!isOctavoError(error)) throw error;
    return reportError(error, io);
  } finally {
    stopWatchdog?.();
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

/** `--strict`, `--max-pages`, `--timeout`, `--allow-remote`, `--helpers`: shared by render, check, preview and batch. */
export interface RenderLimits {
  readonly strict: boolean;
  readonly maxPages?: number;
  readonly timeoutMs?: number;
  /** Origins remote resources may come from (`--allow-remote`, repeatable); none: no remote fetch. */
  readonly allowRemote?: readonly string[];
  /** `--helpers FILE`: the module of the template helpers, resolved against the working folder (`cwd` of limitsOf). */
  readonly helpersModule?: string;
}

/** The engine options the flags give: `--max-pages`, `--allow-remote` (and `--helpers`, loaded by engineOf). */
export function engineOptionsOf(limits: RenderLimits): EngineOptions {
  return {
    ...(limits.maxPages === undefined ? {} : { limits: { maxPages: limits.maxPages } }),
    ...remoteOptionOf(limits.allowRemote),
  };
}

/**
 * Renders with the flags' engine: in this process, or with `--timeout` in a thread that can be
 * stopped (which loads the `--helpers` module itself: functions do not cross to a thread).
 */
export async function renderWithFlags(options: RenderOptions, engineOptions: EngineOptions, limits: RenderLimits): Promise<RenderResult> {
  if (limits.timeoutMs !== undefined) return (await import('../shared/render-thread.js')).renderInThread(options, engineOptions, { timeoutMs: limits.timeoutMs, helpersModule: limits.helpersModule });
  const { createEngine } = await import('../../api.js');
  const helpers = limits.helpersModule === undefined ? undefined : await (await import('../../helpers-module.js')).loadHelpersModule(limits.helpersModule);
  return createEngine(helpers === undefined ? engineOptions : { ...engineOptions, helpers }).renderDetailed(options);
}


function positiveNumber(flag: string, text: string, integer: boolean): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value))) {
    throw new UsageError(`--${flag}: expected a positive ${integer ? 'whole ' : ''}number, got '${text}'`);
  }
  return value;
}

function batchOf(values: { batch?: string; 'out-dir'?: string; 'name-field'?: string; data?: string; out?: string; 'emit-html'?: string }): RenderArgs['batch'] {
  if (values.batch === undefined) {
    if (values['out-dir'] !== undefined || values['name-field'] !== undefined) throw new UsageError('--out-dir and --name-field go with --batch');
    return undefined;
  }
  if (values['out-dir'] === undefined) throw new UsageError('--batch needs --out-dir DIR');
  if (values.data !== undefined || values.out !== undefined) throw new UsageError('--batch reads its payloads from the NDJSON file: drop --data and --out');
  if (values['emit-html'] !== undefined) throw new UsageError('--emit-html writes the HTML of one render: drop it with --batch');
  return { file: values.batch, outDir: values['out-dir'], nameField: values['name-field'] };
}

export function limitsOf(values: { strict?: boolean; 'max-pages'?: string; timeout?: string; 'allow-remote'?: string[]; helpers?: string }, cwd = process.cwd()): RenderLimits {
  const allowRemote = allowRemoteOrigins(values['allow-remote']);
  return {
    strict: values.strict ?? false,
    ...(values.helpers === undefined ? {} : { helpersModule: resolve(cwd, values.helpers) }),
    ...(allowRemote === undefined ? {} : { allowRemote }),
    ...(values['max-pages'] === undefined ? {} : { maxPages: positiveNumber('max-pages', values['max-pages'], true) }),
    ...(values.timeout === undefined ? {} : { timeoutMs: Math.round(positiveNumber('timeout', values.timeout, false) * 1000) }),
  };
}

const command: CliCommand = {
  summary: 'octavo render: fill an HTML/Handlebars template with JSON and write a PDF',
  usage: USAGE,
  async run(args, io) {
    const parsed = parseRenderArgs(args, io.cwd);
    try {
      if (parsed.batch !== undefined) {
        const templatePath = resolve(io.cwd, parsed.template);
        const options = await optionsFromFlags(parsed, io, templatePath);
        const { runBatch } = await import('../shared/batch.js');
        return await runBatch({
          template: parsed.template, templatePath, batch: parsed.batch.file,
          outDir: parsed.batch.outDir, nameField: parsed.batch.nameField, maxPages: parsed.limits.maxPages, allowRemote: parsed.limits.allowRemote,
          timeoutMs: parsed.limits.timeoutMs, options, fonts: parsed.fontDirs.map((dir) => resolve(io.cwd, dir)), helpersModule: parsed.limits.helpersModule,
        }, io);
      }
      boundHeapGrowth();
      return await renderCommand(parsed, io);
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      io.stderr.write(`octavo render: ${error.message}\n`);
      return 2;
    }
  },
};

export default command;
