/**
 * `octavo check TEMPLATE.html [--data PAYLOAD.json] [--json]` (docs/design.md §1.3): a linter for
 * templates that runs in a user's CI. It reports, each with file:line:column and a hint:
 * Handlebars syntax errors and every helper problem (./template/analyze.ts), the fields the
 * template reads that the sample payload lacks, and — by rendering it with the sample — invalid or
 * unsupported CSS, missing stylesheets, images and fonts, and layout warnings; and font-family
 * names that match no available font (../font-families.ts).
 * Exit 1 when there are errors, 0 with only warnings (2 for usage errors).
 */
import { readdir, readFile as readText } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { CliCommand, CliIo } from '../shared/command.js';
import { parseTemplateArgs } from '../shared/command.js';
import { InputError, readData, readTemplate } from '../shared/inputs.js';
import type { RenderLimits } from './render.js';
import { limitsOf } from './render.js';
import type { PartialFinder } from '../../template/analyze.js';
import type { RenderOptions } from '../../options.js';
import type { CssSource } from '../shared/font-families.js';
import type { Finding } from './check-trial.js';
import { HINTS, shownPath, trialRender } from './check-trial.js';
import { decodeText } from '../../decode-text.js';
import { quotedGenericWarning } from '../../css/model/font-types.js';

export type { Finding };

const USAGE = `usage: octavo check TEMPLATE.html [options]

  --data FILE            sample JSON payload: also reports the fields it lacks
  --json                 print the findings as JSON (for machines)
  --root DIR             sandbox root for resources; must contain the template's folder
  --strict               missing fields are errors (as they would be with render --strict)
  --max-pages N          page limit of the trial render (default 1000)
  --allow-remote ORIGIN  fetch stylesheets, fonts and images from ORIGIN (repeatable; * for any public host)
  --timeout SECONDS      time limit of the trial render
  --helpers FILE.mjs     template helpers (as render --helpers): calls to them are no errors`;

const OPTIONS = {
  data: { type: 'string' },
  json: { type: 'boolean' },
  root: { type: 'string' },
  strict: { type: 'boolean' },
  'max-pages': { type: 'string' },
  'allow-remote': { type: 'string', multiple: true },
  timeout: { type: 'string' },
  helpers: { type: 'string' },
} as const;

interface CheckArgs {
  readonly template: string;
  readonly data: string | undefined;
  readonly json: boolean;
  readonly root: string | undefined;
  readonly limits: RenderLimits;
}

function parseCheckArgs(args: readonly string[], cwd: string): CheckArgs {
  const { values, template } = parseTemplateArgs(args, OPTIONS);
  return { template, data: values.data, json: values.json ?? false, root: values.root, limits: limitsOf(values, cwd) };
}

const PARTIAL_EXTENSIONS = /\.(html|hbs|handlebars)$/;

/** Partials as the render finds them in the template's `partials/` folder (../../template/partials.ts). */
async function partialFinder(folder: string, cwd: string): Promise<PartialFinder> {
  const { findPartialFile } = await import('../../template/partials.js');
  const { OctavoError } = await import('../../errors.js');
  const names = await readdir(join(folder, 'partials'), { recursive: true }).catch(() => [] as string[]);
  const readFile = async (relativePath: string): Promise<string> => {
    try {
      return decodeText(await readText(join(folder, relativePath)), 'html');
    } catch {
      throw new OctavoError('resource_not_found', `cannot read ${relativePath}`);
    }
  };
  return {
    names: names.filter((name) => PARTIAL_EXTENSIONS.test(name)).map((name) => name.split(sep).join('/').replace(PARTIAL_EXTENSIONS, '')),
    async find(name) {
      const found = await findPartialFile(name, { readFile });
      return found === undefined ? undefined : { source: found.source, file: shownPath(join(folder, found.file), cwd) };
    },
  };
}

/** The template first, then other files by name. */
function byFile(a: Finding, b: Finding, template: string): number {
  if (a.file === b.file) return 0;
  if (a.file === template || b.file === template) return a.file === template ? -1 : 1;
  return (a.file ?? '').localeCompare(b.file ?? '');
}

function byPlace(a: Finding, b: Finding): number {
  return (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0);
}

/** All findings for a template, template problems first (in source order in each file). */
export async function checkTemplateFile(args: CheckArgs, cwd: string, io: CliIo): Promise<Finding[]> {
  const templatePath = resolve(cwd, args.template);
  const shown = shownPath(templatePath, cwd);
  const source = await readTemplate(templatePath, args.template);
  const sample = args.data === undefined ? undefined : await readData(args.data, io);
  const { analyzeTemplate } = await import('../../template/analyze.js');
  const folder = dirname(templatePath);
  const helpers = args.limits.helpersModule === undefined ? undefined
    : (await import('../../template/helpers/index.js')).helperCatalog(Object.keys(await (await import('../../helpers-module.js')).loadHelpersModule(args.limits.helpersModule)));
  const analysis = await analyzeTemplate(source, shown, sample, args.limits.strict, { partials: await partialFinder(folder, cwd), ...(helpers === undefined ? {} : { helpers }) });
  const files = [...new Set(analysis.findings.map((finding) => finding.file))];
  const findings: Finding[] = [...analysis.findings].sort((a, b) => files.indexOf(a.file) - files.indexOf(b.file) || byPlace(a, b));
  const hasErrors = findings.some((finding) => finding.severity === 'error');
  const options: RenderOptions = { template: analysis.mended, data: sample ?? {}, baseDir: folder, templateName: shown };
  if (args.root !== undefined) options.root = resolve(cwd, args.root);
  if (args.limits.strict) options.strict = true;
  // the render's warnings come as its stages and parallel loads finish: in source order, they are stable
  const rendered = (await trialRender(options, args.limits, cwd, hasErrors)).sort((a, b) => byFile(a, b, shown) || byPlace(a, b));
  const fonts = await fontFindings({ file: shown, path: templatePath, text: source, html: true }, options.root ?? folder, cwd, rendered);
  return [...findings, ...rendered, ...fonts];
}

/**
 * Font-family names that match no available font (./font-families.ts), as warnings at their
 * declaration — but a quoted generic name the trial render already warned of where text used it.
 */
async function fontFindings(template: CssSource, root: string, cwd: string, rendered: readonly Finding[]): Promise<Finding[]> {
  const { cssSources, unknownFontFamilies } = await import('../shared/font-families.js');
  const renderWarned = (family: string): boolean => rendered.some((finding) => finding.code === 'font' && finding.message.toLowerCase().startsWith(quotedGenericWarning(family).toLowerCase()));
  const families = unknownFontFamilies(await cssSources(template, root, cwd)).filter(({ family, quotedGeneric }) => !quotedGeneric || !renderWarned(family));
  return families.map(({ family, quotedGeneric, ...where }) => ({
    severity: 'warning', code: 'font', ...where,
    message: quotedGeneric
      ? `${quotedGenericWarning(family)}, and no font is named so (the render takes what the system substitutes, else the next family of the list; write ${family} without quotes for the generic family)`
      : `font-family "${family}" matches no available font: no @font-face declares it, octavo does not bundle it and it is not installed (the next family of the list is used)`,
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
    const parsed = parseCheckArgs(args, io.cwd);
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
