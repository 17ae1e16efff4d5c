/**
 * Static checks of a parsed template, before it is compiled: every helper call names a known
 * helper with an accepted number of arguments, partials are named literally (so they can be
 * resolved before the run, ./partials.ts), and no decorator other than `*inline` is used. Problems
 * are `template_syntax` errors at the offending mustache, found even in branches the data never takes.
 * A mustache without arguments is a field lookup, whatever its name (./rewrite.ts); a block-only
 * helper (`each`, `if`, ...) called with arguments outside a block is an error that shows the block.
 */
import type { AstNode, CallNode } from './ast.js';
import { simpleName, walk } from './ast.js';
import { didYouMean } from '../did-you-mean.js';
import type { HelperCatalog } from './helpers/index.js';
import { BLOCK_ONLY_HELPERS, BUILTIN_ARITY, OCTAVO_HELPERS } from './helpers/index.js';

export interface TemplateProblem {
  readonly message: string;
  readonly hint?: string;
  /** 1-based line and column. */
  readonly line?: number;
  readonly column?: number;
}

const CALLS = new Set(['MustacheStatement', 'BlockStatement', 'SubExpression']);
const PARTIALS = new Set(['PartialStatement', 'PartialBlockStatement']);
const DECORATORS = new Set(['Decorator', 'DecoratorBlock']);

function at(node: AstNode, message: string, hint?: string): TemplateProblem {
  const start = node.loc?.start;
  return {
    message,
    ...(hint === undefined ? {} : { hint }),
    ...(start === undefined ? {} : { line: start.line, column: start.column + 1 }),
  };
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

function checkArity(node: CallNode, name: string, helpers: HelperCatalog): TemplateProblem | undefined {
  const arity = helpers.get(name) ?? BUILTIN_ARITY.get(name);
  if (arity === undefined) return undefined;
  const count = node.params.length;
  if (count >= arity.minArgs && count <= arity.maxArgs) return undefined;
  const expected = arity.minArgs === arity.maxArgs ? plural(arity.minArgs, 'argument')
    : arity.maxArgs === Infinity ? `at least ${plural(arity.minArgs, 'argument')}`
      : `${arity.minArgs} to ${arity.maxArgs} arguments`;
  return at(node, `helper '${name}' expects ${expected}, got ${count}`);
}

function checkHash(node: CallNode, name: string, helpers: HelperCatalog): TemplateProblem | undefined {
  const pairs = node.hash?.pairs ?? [];
  if (pairs.length === 0) return undefined;
  const accepted = (helpers.get(name) ?? BUILTIN_ARITY.get(name))?.hashKeys ?? [];
  if (accepted === 'any') return undefined;
  const unknown = pairs.find((pair) => !accepted.includes(pair.key));
  if (unknown === undefined) return undefined;
  const known = accepted.length > 0 ? `; it accepts ${accepted.join(', ')}` : '';
  return at(node, `helper '${name}' has no option '${unknown.key}'${known}`);
}

function checkCall(node: CallNode, helpers: HelperCatalog): TemplateProblem | undefined {
  const name = simpleName(node.path);
  const isCall = node.params.length > 0 || (node.hash?.pairs.length ?? 0) > 0;
  if (name === undefined) {
    const original = (node.path as { original?: unknown } | undefined)?.original;
    return isCall ? at(node, `'${String(original ?? '?')}' is not a helper, so it cannot take arguments`) : undefined;
  }
  const known = helpers.has(name) || BUILTIN_ARITY.has(name);
  // without arguments a mustache prints a field, even one named like a helper (not the engine's own)
  const fieldLookup = !isCall && helpers.get(name)?.own !== true && (node.type === 'MustacheStatement' || !BUILTIN_ARITY.has(name));
  if (fieldLookup && node.type !== 'SubExpression') return undefined;
  if (!known) return isCall ? at(node, `unknown helper '${name}'`, unknownHelperHint(name, helpers)) : undefined;
  if (node.type !== 'BlockStatement' && BLOCK_ONLY_HELPERS.has(name)) {
    const first = (node.params[0] as { original?: unknown } | undefined)?.original;
    return at(node, `'${name}' is a block helper and cannot be used inside a mustache or as an argument`,
      `write it as a block: {{#${name}${first === undefined ? '' : ` ${String(first)}`}}}...{{/${name}}}`);
  }
  return checkArity(node, name, helpers) ?? checkHash(node, name, helpers);
}

/** "did you mean 'formatCurrency'?", or the list of helpers when no name is close. */
function unknownHelperHint(name: string, catalog: HelperCatalog): string {
  const helpers = [...BUILTIN_ARITY.keys(), ...catalog.keys()];
  return didYouMean(name, helpers) ?? `available helpers: ${helpers.join(', ')}`;
}

/** Names of the inline partials the template defines (`{{#*inline "row"}}`). */
function inlinePartials(ast: AstNode): Set<string> {
  const names = new Set<string>();
  walk(ast, (node) => {
    if (node.type !== 'DecoratorBlock') return;
    const call = node as CallNode;
    const first = call.params[0] as { value?: unknown } | undefined;
    if (simpleName(call.path) === 'inline' && typeof first?.value === 'string') names.add(first.value);
  });
  return names;
}

/** The literal name of a partial call (`{{> header}}`, `{{> "page-header"}}`), undefined when dynamic. */
export function partialName(node: CallNode): string | undefined {
  const name = node.name as (AstNode & { original?: unknown; value?: unknown; data?: boolean }) | undefined;
  if (name?.type === 'PathExpression') return name.data === true ? `@${String(name.original)}` : String(name.original);
  return typeof name?.value === 'string' ? name.value : undefined;
}

export interface PartialReference {
  readonly name: string;
  readonly node: AstNode;
}

/** Partials a template calls that it does not define inline (to be found in files or the engine). */
export function partialReferences(ast: AstNode): PartialReference[] {
  const inline = inlinePartials(ast);
  const references: PartialReference[] = [];
  walk(ast, (node) => {
    if (!PARTIALS.has(node.type)) return;
    const name = partialName(node as CallNode);
    if (name === undefined || inline.has(name) || name.startsWith('@')) return;
    references.push({ name, node });
  });
  return references;
}

function checkPartial(node: CallNode): TemplateProblem | undefined {
  if (partialName(node) !== undefined) return undefined;
  return at(node, 'dynamic partials are not supported', 'name the partial: {{> header}} or {{> "page-header"}}');
}

/** A problem at a node (for callers that find problems of their own, such as missing partials). */
export function problemAt(node: AstNode, message: string, hint?: string): TemplateProblem {
  return at(node, message, hint);
}

/** All problems of a template, in source order (the renderer reports the first). */
export function checkTemplate(ast: AstNode, helpers: HelperCatalog = OCTAVO_HELPERS): TemplateProblem[] {
  return locatedProblems(ast, helpers).map(({ problem }) => problem);
}

/** All problems of a template with the node of each (for `octavo check` to blank them out, ./recover.ts). */
export function locatedProblems(ast: AstNode, helpers: HelperCatalog = OCTAVO_HELPERS): { problem: TemplateProblem; node: AstNode }[] {
  const problems: { problem: TemplateProblem; node: AstNode }[] = [];
  walk(ast, (node) => {
    let problem: TemplateProblem | undefined;
    if (CALLS.has(node.type)) problem = checkCall(node as CallNode, helpers);
    else if (PARTIALS.has(node.type)) problem = checkPartial(node as CallNode);
    else if (DECORATORS.has(node.type) && simpleName((node as CallNode).path) !== 'inline') {
      problem = at(node, 'decorators are not supported (only {{#*inline}} partials)');
    }
    if (problem !== undefined) problems.push({ problem, node });
  });
  return problems;
}
