/**
 * Turns what Handlebars throws into located OctavoErrors. Handlebars reports locations three ways:
 * its `Exception` carries `lineNumber` and a 0-based `column`; the jison parser only says
 * "Parse error on line N" but leaves the lexer's position of the offending token behind; and
 * JavaScript TypeErrors from the compiled code (`{{#if a.b}}` with `a` missing) carry nothing, so
 * the property they name is looked up in the template's AST.
 */
import { OctavoError } from '../errors.js';
import type { AstNode, CallNode } from './ast.js';
import { isPath, walk } from './ast.js';
import type { TemplateProblem } from './check.js';
import { HelperError } from './helpers/define.js';
import type { BlockProblem } from './blocks.js';
import { closingTag, findBlockProblem } from './blocks.js';
import { writtenPath } from './rewrite.js';

interface HandlebarsException extends Error {
  readonly lineNumber?: number;
  readonly column?: number;
}

/** The jison lexer state Handlebars' shared parser keeps after a failed parse. */
export interface LexerState {
  readonly yylloc?: { readonly first_line: number; readonly first_column: number };
}

const STRICT_MISSING = /^"(.+)" not defined in .*$/s;
const LOCATION_SUFFIX = / - \d+:\d+$/;
const MISSING_HINT = 'strict mode: every field a template prints must exist in the data; for optional fields write '
  + '{{default field ""}} or wrap them in {{#if field}}...{{/if}}';

export function problemError(problem: TemplateProblem, file: string): OctavoError {
  return new OctavoError('template_syntax', problem.message, {
    file,
    ...(problem.line === undefined ? {} : { line: problem.line }),
    ...(problem.column === undefined ? {} : { column: problem.column }),
    ...(problem.hint === undefined ? {} : { hint: problem.hint }),
  });
}

/** A block structure problem in words, located at the block that is opened and not (properly) closed. */
export function blockError(problem: BlockProblem, file: string, cause?: unknown): OctavoError {
  if (problem.kind === 'stray') {
    const { close } = problem;
    return new OctavoError('template_syntax', `${close.display} closes no open block`, {
      file, line: close.line, column: close.column, cause, hint: `remove it, or open the block with {{#${close.name} ...}} before it`,
    });
  }
  const { open } = problem;
  const where = { file, line: open.line, column: open.column, cause };
  if (problem.kind === 'unclosed') {
    return new OctavoError('template_syntax', `${open.display} is never closed`, { ...where, hint: `add ${closingTag(open)} where the block ends` });
  }
  const { close } = problem;
  return new OctavoError('template_syntax',
    `${open.display} is closed by ${close.display} at line ${close.line}, column ${close.column}`,
    { ...where, hint: `close ${open.display} with ${closingTag(open)} before ${close.display}` });
}

/** A failure of `Handlebars.parse` (syntax). */
export function parseError(error: unknown, lexer: LexerState | undefined, file: string, source: string): OctavoError {
  const exception = error as HandlebarsException;
  const raw = error instanceof Error ? error.message : String(error);
  if (raw.includes(" doesn't match ") || /got 'EOF'/.test(raw)) {
    const problem = findBlockProblem(source);
    if (problem !== undefined) return blockError(problem, file, error);
  }
  if (typeof exception.lineNumber === 'number') {
    return new OctavoError('template_syntax', raw.replace(LOCATION_SUFFIX, ''), {
      file, line: exception.lineNumber, column: (exception.column ?? 0) + 1, cause: error,
    });
  }
  const expecting = /\n(Expecting .*)$/s.exec(raw)?.[1];
  const message = expecting !== undefined ? `invalid Handlebars syntax: ${expecting.replace(/'/g, '')}`
    : `invalid Handlebars syntax: ${raw.split('\n')[0] ?? raw}`;
  const where = lexer?.yylloc;
  const lineFromMessage = /on line (\d+)/.exec(raw)?.[1];
  const line = where?.first_line ?? (lineFromMessage === undefined ? undefined : Number(lineFromMessage));
  return new OctavoError('template_syntax', message, {
    file,
    ...(line === undefined ? {} : { line }),
    ...(where === undefined ? {} : { column: where.first_column + 1 }),
    cause: error,
  });
}

/** The first path in the template that reads `property` below its first segment. */
function findPropertyRead(ast: AstNode, property: string, fromSegment: number): AstNode | undefined {
  let found: AstNode | undefined;
  walk(ast, (node) => {
    if (found === undefined && isPath(node) && node.parts.slice(fromSegment).includes(property)) found = node;
  });
  return found;
}

function typeErrorLocation(error: TypeError, ast: AstNode): { property: string; node: AstNode | undefined } | undefined {
  const below = /reading '([^']*)'/.exec(error.message)?.[1];
  if (below !== undefined) return { property: below, node: findPropertyRead(ast, below, 1) };
  // strict mode tests `name in context`, which throws when the context is a string or number
  const inPrimitive = /search for '([^']*)' in/.exec(error.message)?.[1];
  if (inPrimitive !== undefined) return { property: inPrimitive, node: findPropertyRead(ast, inPrimitive, 0) };
  return undefined;
}

/**
 * Handlebars locates strict-mode misses at the path (`customer.name`); octavo reports the
 * mustache that contains it (`{{customer.name}}`), where an author looks.
 */
function mustacheAt(ast: AstNode, line: number, column: number): { line: number; column: number; path?: string } {
  let found: { line: number; column: number; path?: string } | undefined;
  walk(ast, (node) => {
    const path = (node as CallNode).path;
    const start = path?.loc?.start;
    if (found === undefined && node.loc !== undefined && start !== undefined && start.line === line && start.column === column) {
      found = { line: node.loc.start.line, column: node.loc.start.column + 1, ...(isPath(path) ? { path: writtenPath(path) } : {}) };
    }
  });
  return found ?? { line, column: column + 1 };
}

/** A failure while running a compiled template. */
export function runtimeError(error: unknown, ast: AstNode, file: string): OctavoError {
  if (error instanceof OctavoError) return error;
  if (error instanceof HelperError) {
    return new OctavoError('template_runtime', error.message, {
      file, ...(error.loc === undefined ? {} : { line: error.loc.line, column: error.loc.column + 1 }), cause: error,
    });
  }
  if (error instanceof TypeError) {
    const where = typeErrorLocation(error, ast);
    if (where !== undefined) {
      const start = where.node?.loc?.start;
      return new OctavoError('template_runtime', `cannot read "${where.property}" of a missing or non-object value`, {
        file, ...(start === undefined ? {} : mustacheAt(ast, start.line, start.column)), hint: 'guard the path with {{#if}} or {{#with}} on its parent', cause: error,
      });
    }
  }
  const exception = error as HandlebarsException;
  const raw = error instanceof Error ? error.message : String(error);
  const { path, ...location } = typeof exception.lineNumber === 'number'
    ? mustacheAt(ast, exception.lineNumber, exception.column ?? 0) : { path: undefined };
  const missing = STRICT_MISSING.exec(raw.replace(LOCATION_SUFFIX, ''));
  if (missing !== null) {
    // name the whole path as written ("customer.name"), not only its last segment
    const name = path !== undefined && path.split('.').includes(missing[1] ?? '') ? path : missing[1];
    return new OctavoError('template_runtime', `"${name}" is not defined in the data`, {
      file, ...location, hint: MISSING_HINT, cause: error,
    });
  }
  const code = raw.startsWith('You specified knownHelpersOnly') || raw.includes(" doesn't match ") ? 'template_syntax' : 'template_runtime';
  return new OctavoError(code, raw.replace(LOCATION_SUFFIX, ''), { file, ...location, cause: error });
}
