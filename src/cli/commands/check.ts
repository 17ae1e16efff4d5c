/**
 * `octavo check TEMPLATE.html [--data PAYLOAD.json] [--json]` (docs/design.md §1.3): a linter for
 * templates that runs in a user's CI. It reports, each with file:line:column and a hint:
 * Handlebars syntax errors and every helper problem (./template/analyze.ts), the fields the
 * template reads that the sample payload lacks, and — by rendering it with the sample — invalid or
 * unsupported CSS, missing stylesheets, images and fonts, and layout warnings; and font-family
 * names that match no available font (../font-families.ts).
 * Exit 1 when there are errors, 0 with only warnings (2 for usage errors).
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { CliCommand, CliIo } from '../shared/command.js';
import { parseTemplateArgs } from '../shared/command.js';
import { InputError, readData, readTemplate } from '../shared/inputs.js';
import type { RenderLimits } from './render.js';
import { limitsOf } from './render.js';
import type { TemplateFinding } from '../../template/analyze.js';
import type { Diagnostic, DiagnosticCode } from '../../diagnostics.js';
import type { RenderOptions } from '../../options.js';
import type { CssSource } from '../shared/font-families.js';

const USAGE = `usage: octavo check TEMPLATE.html [options]

  --data FILE            sample JSON payload: also reports the fields it lacks
  --json                 print the findings as JSON (for machines)
  --root DIR             sandbox root for resources; must contain the template's folder
  --strict               missing fields are errors (as they would be with render --strict)
  --max-pages N          page limit of the trial render (default 1000)
  --timeout SECONDS      time limit of the trial render`;

const OPTIONS = {
  data: { type: 'string' },
  json: { type: 'boolean' },
  root: { type: 'string' },
  strict: { type: 'boolean' },
  'max-pages': { type: 'string' },
  timeout: { type: 'string' },
} as const;

export interface Finding {
  readonly severity: 'error' | 'warning';
  readonly code: string;
  readonly message: string;
  readonly file?: string;
  readonly line?: number;
  readonly column?: number;
  readonly hint?: string;
}

/** What to do about each kind of render warning. */
const HINTS: Readonly<Record<DiagnosticCode, string>> = {
  css_parse: 'fix the CSS syntax; the rule or declaration is dropped',
  css_unknown_property: 'check the spelling; docs/css.md lists every property octavo knows',
  css_invalid_value: 'check the value against docs/css.md; the declaration is dropped',
  css_unsupported: 'valid CSS that octavo does not implement yet (docs/css.md); the document renders without it',
  html: 'the HTML was repaired; fix the markup so it means what you expect',
  font: 'declare the font with @font-face (a file inside the template folder) or pass it to the engine\'s fonts option',
  resource: 'paths are relative to the template\'s folder, and nothing outside the sandbox root is readable',
  layout: 'the content was laid out differently than asked; see the message',
  template: 'output of {{log}} in the template',
};

interface CheckArgs {
  readonly template: string;
  readonly data: string | undefined;
  readonly json: boolean;
  readonly root: string | undefined;
  readonly limits: RenderLimits;
}

function parseCheckArgs(args: readonly string[]): CheckArgs {
  const { values, template } = parseTemplateArgs(args, OPTIONS);
  return { template, data: values.data, json: values.json ?? false, root: values.root, limits: limitsOf(values) };
}

/** The template as the trial render saw it, to locate warnings the engine gives without a line. */
interface TrialSource {
  readonly source: string;
  readonly name: string;
  /** `file:` URL of the template's folder, with a trailing slash. */
  readonly folderUrl: string;
}

function lineColumn(source: string, index: number): { line: number; column: number } {
  const before = source.slice(0, index);
  return { line: before.split('\n').length, column: index - before.lastIndexOf('\n') };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Where in the template a warning without a location comes from: the first place the resource
 * it names (`logo.png`) or the declaration it names (`display: grid`) is written.
 */
function locate(message: string, trial: TrialSource): { line: number; column: number } | undefined {
  const needles: RegExp[] = [];
  for (const url of message.match(/file:\/\/\S+?(?=[:,]?(\s|$))/g) ?? []) {
    if (url.startsWith(trial.folderUrl)) needles.push(new RegExp(escapeRegExp(decodeURI(url.slice(trial.folderUrl.length)))));
  }
  const declaration = /^([a-z-]+): ([a-z-]+) /.exec(message);
  if (declaration !== null) needles.push(new RegExp(`${escapeRegExp(declaration[1] ?? '')}\\s*:\\s*${escapeRegExp(declaration[2] ?? '')}`));
  for (const needle of needles) {
    const index = trial.source.search(needle);
    if (index !== -1) return lineColumn(trial.source, index);
  }
  return undefined;
}

function fromDiagnostic(diagnostic: Diagnostic, trial: TrialSource): Finding {
  const { code, file, line, column } = diagnostic;
  // paths inside the template's folder are shown relative to it
  const message = diagnostic.message.split(trial.folderUrl).join('');
  const guess = column === undefined && (file === undefined || file === trial.name) ? locate(diagnostic.message, trial) : undefined;
  const found = guess !== undefined && (line === undefined || guess.line === line) ? guess : undefined;
  const folder = fileURLToPath(trial.folderUrl);
  return {
    severity: 'warning', code, message,
    file: file === undefined ? trial.name : file.startsWith(folder) ? file.slice(folder.length) : file,
    ...(found ?? { ...(line === undefined ? {} : { line }), ...(column === undefined ? {} : { column }) }),
    hint: HINTS[code],
  };
}

/** Renders with the sample (in a thread under --timeout) and turns warnings and errors into findings. */
async function trialRender(options: RenderOptions, limits: RenderLimits): Promise<Finding[]> {
  const { createEngine, isOctavoError } = await import('../../index.js');
  const engineOptions = limits.maxPages === undefined ? {} : { limits: { maxPages: limits.maxPages } };
  try {
    const result = limits.timeoutMs === undefined ? await createEngine(engineOptions).renderDetailed(options)
      : await (await import('../shared/render-thread.js')).renderInThread(options, engineOptions, limits.timeoutMs);
    const trial: TrialSource = {
      source: options.template,
      name: options.templateName ?? '<template>',
      folderUrl: `${pathToFileURL(options.baseDir ?? '.').href.replace(/\/$/, '')}/`,
    };
    return result.diagnostics.map((diagnostic) => fromDiagnostic(diagnostic, trial));
  } catch (error) {
    if (!isOctavoError(error)) throw error;
    return [{
      severity: 'error', code: error.code, message: error.message,
      file: error.file ?? options.templateName ?? '<template>',
      ...(error.line === undefined ? {} : { line: error.line }), ...(error.column === undefined ? {} : { column: error.column }),
      ...(error.hint === undefined ? {} : { hint: error.hint }),
    }];
  }
}

/** All findings for a template, template problems first. */
export async function checkTemplateFile(args: CheckArgs, cwd: string, io: CliIo): Promise<Finding[]> {
  const templatePath = resolve(cwd, args.template);
  const source = await readTemplate(templatePath, args.template);
  const sample = args.data === undefined ? undefined : await readData(args.data, io);
  const { analyzeTemplate } = await import('../../template/analyze.js');
  const findings: Finding[] = analyzeTemplate(source, args.template, sample, args.limits.strict).map((finding: TemplateFinding) => finding);
  if (findings.some((finding) => finding.severity === 'error')) return findings;
  const options: RenderOptions = { template: source, data: sample ?? {}, baseDir: dirname(templatePath), templateName: args.template };
  if (args.root !== undefined) options.root = resolve(cwd, args.root);
  if (args.limits.strict) options.strict = true;
  const fonts = await fontFindings({ file: args.template, path: templatePath, text: source, html: true }, options.root ?? dirname(templatePath));
  return [...findings, ...await trialRender(options, args.limits), ...fonts];
}

/** Font-family names that match no available font (./font-families.ts), as warnings at their declaration. */
async function fontFindings(template: CssSource, root: string): Promise<Finding[]> {
  const { cssSources, unknownFontFamilies } = await import('../shared/font-families.js');
  return unknownFontFamilies(await cssSources(template, root)).map(({ family, ...where }) => ({
    severity: 'warning', code: 'font', ...where,
    message: `font-family "${family}" matches no available font: no @font-face declares it and octavo does not bundle it (the next family of the list is used)`,
    hint: HINTS.font,
  }));
}

function where(finding: Finding): string {
  if (finding.file === undefined) return '';
  return `${finding.file}${finding.line === undefined ? '' : `:${finding.line}`}${finding.line !== undefined && finding.column !== undefined ? `:${finding.column}` : ''}: `;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

export function formatFindings(findings: readonly Finding[]): string {
  const lines = findings.flatMap((finding) => [
    `${where(finding)}${finding.severity}[${finding.code}]: ${finding.message}`,
    ...(finding.hint === undefined ? [] : [`  hint: ${finding.hint}`]),
  ]);
  const errors = findings.filter((finding) => finding.severity === 'error').length;
  lines.push(findings.length === 0 ? 'no problems found' : `${plural(errors, 'error')}, ${plural(findings.length - errors, 'warning')}`);
  return `${lines.join('\n')}\n`;
}

const command: CliCommand = {
  summary: 'octavo check: lint a template (syntax, helpers, fields the sample lacks, CSS, resources, fonts)',
  usage: USAGE,
  async run(args, io) {
    const parsed = parseCheckArgs(args);
    let findings: Finding[];
    try {
      findings = await checkTemplateFile(parsed, io.cwd, io);
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      io.stderr.write(`octavo check: ${error.message}\n`);
      return 2;
    }
    const errors = findings.filter((finding) => finding.severity === 'error').length;
    if (parsed.json) {
      io.stdout.write(`${JSON.stringify({ ok: errors === 0, errors, warnings: findings.length - errors, findings }, null, 2)}\n`);
    } else {
      io.stdout.write(formatFindings(findings));
    }
    return errors === 0 ? 0 : 1;
  },
};

export default command;
