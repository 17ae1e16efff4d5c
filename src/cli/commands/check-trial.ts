/**
 * `octavo check`'s trial render: fills the template (mended of its errors, so CSS and resources
 * are checked even when the template does not compile) with the sample, and turns the render's
 * warnings into located findings with a hint — a "did you mean" for mistyped CSS properties and
 * values. File names are shown relative to the working directory.
 */
import { isAbsolute, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Diagnostic, DiagnosticCode } from '../../diagnostics.js';
import type { RenderOptions } from '../../options.js';
import type * as CssSuggestions from '../../css/suggest.js';
import type { RenderLimits } from './render.js';
import { engineOptionsOf, renderWithFlags } from './render.js';

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
export const HINTS: Readonly<Record<DiagnosticCode, string>> = {
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

/** A path as shown in findings: relative to the working directory, with `/`. */
export function shownPath(path: string, cwd: string): string {
  return relative(cwd, path).split(sep).join('/');
}

/** The template as the trial render saw it, to locate warnings the engine gives without a line. */
interface TrialSource {
  readonly source: string;
  readonly name: string;
  /** `file:` URL of the template's folder, with a trailing slash. */
  readonly folderUrl: string;
  readonly cwd: string;
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

type Suggest = typeof CssSuggestions;

/** The hint of a warning: "did you mean `color`?" for a mistyped CSS property or keyword, else the general advice. */
function hintFor(diagnostic: Diagnostic, suggest: Suggest): string {
  const quoted = (names: string[]) => names.map((name) => `\`${name}\``).join(' or ');
  const property = /^unknown property `([^`]+)`$/.exec(diagnostic.message)?.[1];
  const nearProperties = property === undefined ? [] : suggest.suggestProperty(property);
  if (nearProperties.length > 0) return `did you mean ${quoted(nearProperties)}?`;
  const value = /^invalid value `([^`]+)` for `([^`]+)`$/.exec(diagnostic.message);
  const nearValues = value === null ? [] : suggest.suggestValue(value[2] ?? '', value[1] ?? '');
  if (nearValues.length > 0) return `did you mean ${quoted(nearValues)}?`;
  if (diagnostic.message.includes('refers to an undefined custom property')) return 'set the property on the element or an ancestor (`:root`), or give var() a fallback: `var(--name, value)`; a framework\'s optional variable may stay unset (a render does not warn of it)';
  if (diagnostic.message.startsWith('invalid value `` for ')) return 'a custom property substituted nothing (`--name: ;`): give it a value, or leave it where a framework means it empty (a render does not warn of it)';
  if (/ is (not rendered|dropped): /.test(diagnostic.message)) return 'octavo does not draw this element (said once per kind of element); the document renders without it';
  return HINTS[diagnostic.code];
}

function fromDiagnostic(diagnostic: Diagnostic, trial: TrialSource, suggest: Suggest): Finding {
  const { code, file, line, column } = diagnostic;
  // paths inside the template's folder are shown relative to it, as an author writes them
  const message = diagnostic.message.split(trial.folderUrl).join('');
  const guess = column === undefined && (file === undefined || file === trial.name) ? locate(diagnostic.message, trial) : undefined;
  const found = guess !== undefined && (line === undefined || guess.line === line) ? guess : undefined;
  const shownFile = file === undefined ? trial.name
    : file.startsWith('file:') ? shownPath(fileURLToPath(file), trial.cwd) : isAbsolute(file) ? shownPath(file, trial.cwd) : file;
  return {
    severity: 'warning', code, message, file: shownFile,
    ...(found ?? { ...(line === undefined ? {} : { line }), ...(column === undefined ? {} : { column }) }),
    hint: hintFor(diagnostic, suggest),
  };
}

/**
 * Renders with the sample (in a thread under --timeout) and turns warnings and errors into
 * findings. `templateErrors`: the template is known to have errors (already reported), so a
 * template error of the trial render, caused by them, is not reported again.
 */
export async function trialRender(options: RenderOptions, limits: RenderLimits, cwd: string, templateErrors: boolean): Promise<Finding[]> {
  const { isOctavoError } = await import('../../api.js');
  const suggest = await import('../../css/suggest.js');
  const engineOptions = engineOptionsOf(limits);
  try {
    // lint: the variables a render leaves unset without a word are reported here
    const result = await renderWithFlags({ ...options, lint: true }, engineOptions, limits);
    const trial: TrialSource = {
      source: options.template,
      name: options.templateName ?? '<template>',
      folderUrl: `${pathToFileURL(options.baseDir ?? '.').href.replace(/\/$/, '')}/`,
      cwd,
    };
    return result.diagnostics.map((diagnostic) => fromDiagnostic(diagnostic, trial, suggest));
  } catch (error) {
    if (!isOctavoError(error)) throw error;
    if (templateErrors && error.code.startsWith('template_')) return [];
    return [{
      severity: 'error', code: error.code, message: error.message,
      file: error.file ?? options.templateName ?? '<template>',
      ...(error.line === undefined ? {} : { line: error.line }), ...(error.column === undefined ? {} : { column: error.column }),
      ...(error.hint === undefined ? {} : { hint: error.hint }),
    }];
  }
}
