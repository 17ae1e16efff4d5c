/**
 * Everything octavo can tell about a template without rendering it (`octavo check`), all in one
 * run: its syntax errors (recovering after each, ./recover.ts), every helper problem (not only the
 * first, as a render stops at), the partials it calls — each found one checked the same way in its
 * own file — and, given a sample payload, the fields it reads that the sample lacks: warnings, or
 * errors when missing fields would fail the render (`strict`). It also gives the source mended of
 * its errors, which a trial render can still fill to find CSS and resource problems.
 */
import type { OctavoError } from '../errors.js';
import { didYouMean } from '../did-you-mean.js';
import type { AstNode } from './ast.js';
import { locatedProblems, partialReferences, problemAt } from './check.js';
import { missingFields } from './fields.js';
import type { PartialSource } from './fields.js';
import { blankStatements, parseRecovering } from './recover.js';
import type { HelperCatalog } from './helpers/index.js';
import { OCTAVO_HELPERS } from './helpers/index.js';
import { appendAll } from '../append-all.js';

export interface TemplateFinding {
  readonly severity: 'error' | 'warning';
  readonly code: 'template_syntax' | 'missing_field';
  readonly message: string;
  readonly file: string;
  readonly line?: number;
  readonly column?: number;
  readonly hint?: string;
}

/** How `check` finds the partials a template calls (the render's own rules, ./partials.ts). */
export interface PartialFinder {
  /** The partial's source and its file name as shown in findings; undefined when there is none. */
  find(name: string): Promise<{ source: string; file: string } | undefined>;
  /** Names of the partials that exist (for "did you mean"). */
  readonly names: readonly string[];
}

export interface TemplateAnalysis {
  readonly findings: TemplateFinding[];
  /** The template with its errors blanked out (every other character in place), for a trial render. */
  readonly mended: string;
}

function fromError(error: OctavoError, file: string): TemplateFinding {
  return {
    severity: 'error', code: 'template_syntax', message: error.message, file,
    ...(error.line === undefined ? {} : { line: error.line }),
    ...(error.column === undefined ? {} : { column: error.column }),
    ...(error.hint === undefined ? {} : { hint: error.hint }),
  };
}

/** Syntax and helper errors of one source, with the nodes to blank for a trial render. */
function syntaxAndHelpers(source: string, file: string, helpers: HelperCatalog): { findings: TemplateFinding[]; ast: AstNode | undefined; mended: string; bad: AstNode[] } {
  const recovered = parseRecovering(source, file);
  const findings = recovered.errors.map((error) => fromError(error, file));
  if (recovered.ast === undefined) return { findings, ast: undefined, mended: recovered.source, bad: [] };
  const problems = locatedProblems(recovered.ast, helpers);
  for (const { problem } of problems) findings.push({ severity: 'error', code: 'template_syntax', file, ...problem });
  return { findings, ast: recovered.ast, mended: recovered.source, bad: problems.map(({ node }) => node) };
}

/** The partials reachable from `ast`, each checked once in its own file; unknown ones are errors at their call. */
async function checkPartials(ast: AstNode, file: string, partials: PartialFinder, helpers: HelperCatalog): Promise<{ findings: TemplateFinding[]; missing: AstNode[]; parsed: Map<string, { ast: AstNode; file: string }> }> {
  const findings: TemplateFinding[] = [];
  const missing: AstNode[] = [];
  const parsed = new Map<string, { ast: AstNode; file: string }>();
  const seen = new Set<string>();
  // `call`: the template's own call that leads to the partial, blanked out for the trial render when the partial is broken
  const queue = partialReferences(ast).map((reference) => ({ reference, from: file, call: reference.node }));
  for (let item = queue.shift(); item !== undefined; item = queue.shift()) {
    const { name, node } = item.reference;
    if (seen.has(name)) continue;
    seen.add(name);
    const found = await partials.find(name);
    if (found === undefined) {
      const hint = didYouMean(name, partials.names)
        ?? `put it in partials/${name}.html beside the template, define it with {{#*inline "${name}"}}, or register it on the engine`;
      findings.push({ severity: 'error', code: 'template_syntax', file: item.from, ...problemAt(node, `unknown partial '${name}'`, hint) });
      missing.push(item.call);
      continue;
    }
    const checked = syntaxAndHelpers(found.source, found.file, helpers);
    appendAll(findings, checked.findings);
    if (checked.findings.length > 0) missing.push(item.call);
    const call = item.call;
    if (checked.ast !== undefined) parsed.set(name, { ast: checked.ast, file: found.file });
    if (checked.ast !== undefined) appendAll(queue, partialReferences(checked.ast).map((reference) => ({ reference, from: found.file, call })));
  }
  return { findings, missing, parsed };
}

function missingFieldFindings(ast: AstNode, file: string, sample: unknown, strict: boolean, context: { partials: PartialSource; helpers: HelperCatalog }): TemplateFinding[] {
  return missingFields(ast, sample, context.partials, context.helpers).map((missing) => {
    const guess = didYouMean(missing.path, missing.nearby, '"');
    const advice = strict ? 'with --strict a missing field fails the render; add it to the payload or guard it with {{#if}}'
      : 'it prints nothing; add it to the sample, or guard it with {{#if}} / {{default}} if it is optional';
    return {
      severity: strict ? 'error' : 'warning', code: 'missing_field',
      message: `"${missing.path}" is not in the sample payload`,
      file: missing.file ?? file, line: missing.line, column: missing.column,
      hint: guess === undefined ? advice : `${guess} (${advice})`,
    } satisfies TemplateFinding;
  });
}

/** Where the template's partials are found, and the helpers it may call besides Handlebars' (default octavo's). */
export interface AnalysisContext {
  readonly partials?: PartialFinder;
  readonly helpers?: HelperCatalog;
}

export async function analyzeTemplate(source: string, file: string, sample: unknown, strict: boolean, context: AnalysisContext = {}): Promise<TemplateAnalysis> {
  const { partials, helpers = OCTAVO_HELPERS } = context;
  const own = syntaxAndHelpers(source, file, helpers);
  if (own.ast === undefined) return { findings: own.findings, mended: own.mended };
  const findings = [...own.findings];
  const bad = [...own.bad];
  let parsed: ReadonlyMap<string, { ast: AstNode; file: string }> = new Map();
  if (partials !== undefined) {
    const checked = await checkPartials(own.ast, file, partials, helpers);
    appendAll(findings, checked.findings);
    appendAll(bad, checked.missing);
    parsed = checked.parsed;
  }
  if (sample !== undefined) appendAll(findings, missingFieldFindings(own.ast, file, sample, strict, { partials: (name) => parsed.get(name), helpers }));
  return { findings, mended: blankStatements(own.mended, own.ast, bad) };
}
