/**
 * `octavo check --data`: the fields a template reads that its sample payload lacks. Walks the
 * template with the sample the way Handlebars would scope it — `#each` and `#with` (and context
 * blocks) enter the value, block params name it, `../` climbs — and reports each path that cannot
 * be found, once, at its first use. Paths only tested (`{{#if note}}`, `{{#unless}}`, the first
 * argument of `default`) and paths inside a block guarded by the same path are optional by
 * design and not reported; where the sample gives no value to look into (an empty list, a
 * missing parent already reported), nothing below is guessed.
 */
import type { AstNode, CallNode, PathNode } from './ast.js';
import { isPath, simpleName } from './ast.js';
import type { HelperCatalog } from './helpers/index.js';
import { BUILTIN_ARITY, OCTAVO_HELPERS } from './helpers/index.js';
import { partialName } from './check.js';

export interface MissingField {
  readonly path: string;
  /** Paths the sample does have where this one goes astray (`customer.name` for `custmer.name`), for "did you mean". */
  readonly nearby: readonly string[];
  /** The partial's file the field is read in; undefined: the template's own. */
  readonly file?: string;
  /** 1-based. */
  readonly line: number;
  readonly column: number;
}

/** A partial's parsed source and its file name as shown in findings. */
export type PartialSource = (name: string) => { readonly ast: AstNode; readonly file: string } | undefined;

interface Scope {
  /** Context values, innermost first (what `../` climbs). */
  readonly contexts: readonly unknown[];
  readonly params: ReadonlyMap<string, unknown>;
  /** Paths tested by an enclosing #if/#with. */
  readonly guarded: ReadonlySet<string>;
  /** The partial being read (undefined: the template) and the partials whose calls lead here (no recursion). */
  readonly file?: string;
  readonly calling?: ReadonlySet<string>;
}

const UNKNOWN = Symbol('unknown');
const OPTIONAL_TESTS = new Set(['if', 'unless']);

interface Program extends AstNode {
  readonly body: readonly AstNode[];
  readonly blockParams?: readonly string[];
}

interface Block extends CallNode {
  readonly program?: Program;
  readonly inverse?: Program;
}

function own(value: unknown, key: string): unknown {
  if (value === null || typeof value !== 'object') return undefined;
  return Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined;
}

/** The sample value a path reads, undefined when missing, UNKNOWN when the sample cannot tell. */
function resolve(path: PathNode, scope: Scope): unknown {
  if (path.data) return UNKNOWN;
  const [head, ...rest] = path.parts;
  let value: unknown;
  if (path.depth === 0 && head !== undefined && scope.params.has(head)) {
    value = scope.params.get(head);
  } else {
    value = scope.contexts[Math.min(path.depth, scope.contexts.length - 1)];
    if (value === UNKNOWN) return UNKNOWN;
    if (head !== undefined) value = own(value, head);
  }
  for (const key of rest) {
    if (value === UNKNOWN) return UNKNOWN;
    value = own(value, key);
  }
  return value;
}

/** A representative element of a list (or object) for the body of `#each`: the first one. */
function element(value: unknown): unknown {
  if (value === UNKNOWN) return UNKNOWN;
  if (Array.isArray(value)) return value.length > 0 ? value[0] : UNKNOWN;
  if (value !== null && typeof value === 'object') return Object.values(value)[0] ?? UNKNOWN;
  return UNKNOWN;
}

function keysOf(value: unknown): string[] {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value) : [];
}

/** The paths the sample offers at the first segment of `path` it lacks: siblings of that segment, written like it. */
function nearbyPaths(path: PathNode, scope: Scope): string[] {
  const prefix = path.original.slice(0, path.original.length - path.parts.join('.').length);
  const [head, ...rest] = path.parts;
  if (head === undefined) return [];
  let value = path.depth === 0 && scope.params.has(head) ? undefined : scope.contexts[Math.min(path.depth, scope.contexts.length - 1)];
  if (value === UNKNOWN) return [];
  const heads = [...keysOf(value), ...(path.depth === 0 ? scope.params.keys() : [])];
  // each sibling of the first missing segment, followed by the segments written after it
  const paths = (siblings: readonly string[], index: number) =>
    siblings.map((sibling) => `${prefix}${[...path.parts.slice(0, index), sibling, ...path.parts.slice(index + 1)].join('.')}`);
  if (own(value, head) === undefined && !scope.params.has(head)) return paths(heads, 0);
  value = scope.params.get(head) ?? own(value, head);
  for (const [index, key] of rest.entries()) {
    if (value === UNKNOWN) return [];
    const next = own(value, key);
    if (next === undefined) return paths(keysOf(value), index + 1);
    value = next;
  }
  return [];
}

function isGuarded(path: PathNode, scope: Scope): boolean {
  const written = path.original.replace(/^this\./, '');
  for (const guard of scope.guarded) if (written === guard || written.startsWith(`${guard}.`)) return true;
  return false;
}

/** The context a partial call gives: its argument (else the current context), hash pairs added to it. */
function partialContext(first: AstNode | undefined, pairs: readonly { key: string; value: AstNode }[], scope: Scope): unknown {
  const base = first === undefined ? scope.contexts[0] : isPath(first) ? resolve(first, scope) ?? UNKNOWN : UNKNOWN;
  if (pairs.length === 0) return base;
  // a value not a path (a string, a subexpression) is known to be there, not what it is
  const added = Object.fromEntries(pairs.map((pair) => [pair.key, isPath(pair.value) ? resolve(pair.value, scope) ?? UNKNOWN : UNKNOWN]));
  return base !== null && typeof base === 'object' ? { ...base, ...added } : base === UNKNOWN ? UNKNOWN : added;
}

/**
 * The fields the template reads that `sample` lacks, located; with `partials`, the fields each
 * partial reads in the context its call gives it (`{{> row item}}`, `{{> row label=name}}`), located
 * in the partial's file.
 */
export function missingFields(ast: AstNode, sample: unknown, partials?: PartialSource, helpers: HelperCatalog = OCTAVO_HELPERS): MissingField[] {
  const found = new Map<string, MissingField>();

  /** `at`: the mustache to report (where an author looks), else the path itself. */
  function usePath(node: AstNode | undefined, scope: Scope, at: AstNode | undefined = node): unknown {
    if (!isPath(node)) return UNKNOWN;
    const value = resolve(node, scope);
    const start = at?.loc?.start;
    const file = scope.file;
    const key = `${file ?? ''}|${node.original}`;
    if (value === undefined && !isGuarded(node, scope) && start !== undefined && !found.has(key)) {
      found.set(key, { path: node.original, nearby: nearbyPaths(node, scope), ...(file === undefined ? {} : { file }), line: start.line, column: start.column + 1 });
    }
    return value;
  }

  function visitCall(call: CallNode, scope: Scope): void {
    const name = simpleName(call.path);
    const isHelper = name !== undefined && (helpers.has(name) || BUILTIN_ARITY.has(name))
      && (call.params.length > 0 || (call.hash?.pairs.length ?? 0) > 0 || call.type === 'SubExpression' || helpers.get(name)?.own === true);
    if (!isHelper) {
      // with arguments it is an unknown helper, reported as a syntax problem instead
      if (call.params.length === 0) usePath(call.path, scope, call.type === 'MustacheStatement' ? call : call.path);
      return;
    }
    call.params.forEach((param, index) => {
      if (index === 0 && (name === 'default' || OPTIONAL_TESTS.has(name ?? ''))) return;
      visitExpression(param, scope);
    });
    for (const pair of (call.hash?.pairs ?? []) as unknown as { value: AstNode }[]) visitExpression(pair.value, scope);
  }

  function visitExpression(node: AstNode, scope: Scope): void {
    if (node.type === 'SubExpression') visitCall(node as CallNode, scope);
    else if (isPath(node)) usePath(node, scope);
  }

  function enter(program: Program | undefined, scope: Scope, context: unknown, bound: readonly unknown[] = [], guard?: string): void {
    if (program === undefined) return;
    const params = new Map(scope.params);
    (program.blockParams ?? []).forEach((name, index) => params.set(name, bound[index] ?? UNKNOWN));
    const guarded = guard === undefined ? scope.guarded : new Set([...scope.guarded, guard]);
    const contexts = context === scope.contexts[0] ? scope.contexts : [context, ...scope.contexts];
    visitBody(program.body, { ...scope, contexts, params, guarded });
  }

  function visitBlock(block: Block, scope: Scope): void {
    const name = simpleName(block.path);
    const first = block.params[0];
    const guard = isPath(first) ? first.original.replace(/^this\./, '') : undefined;
    if (name === 'each' || name === 'with') {
      const value = usePath(first, scope);
      const context = name === 'each' ? element(value) : value === undefined ? UNKNOWN : value;
      enter(block.program, scope, context, name === 'each' ? [context, UNKNOWN] : [context], guard);
    } else if (name !== undefined && OPTIONAL_TESTS.has(name)) {
      enter(block.program, scope, scope.contexts[0], [], guard);
    } else if (block.params.length === 0 && isPath(block.path) && name !== 'raw' && !helpers.has(name ?? '')) {
      // a context block ({{#person}}): optional like #if, enters the value
      const value = resolve(block.path, scope);
      enter(block.program, scope, Array.isArray(value) ? element(value) : value ?? UNKNOWN, [], block.path.original);
    } else {
      visitCall(block, scope);
      enter(block.program, scope, scope.contexts[0]);
    }
    enter(block.inverse, scope, scope.contexts[0]);
  }

  /** `{{> name context key=value}}`: the partial's body with the context it is given (hash pairs added to it). */
  function visitPartial(call: CallNode, scope: Scope): void {
    const name = partialName(call);
    const pairs = (call.hash?.pairs ?? []) as unknown as { key: string; value: AstNode }[];
    for (const node of [...call.params.slice(0, 1), ...pairs.map((pair) => pair.value)]) visitExpression(node, scope);
    const block = (call as Block).program;
    if (block !== undefined) enter(block, scope, scope.contexts[0]); // {{#> layout}}…{{/layout}}: its content, here
    const partial = name === undefined || scope.calling?.has(name) === true ? undefined : partials?.(name);
    if (partial === undefined || name === undefined) return;
    const contexts = [partialContext(call.params[0], pairs, scope), ...scope.contexts];
    visitBody((partial.ast as Program).body, { ...scope, contexts, file: partial.file, calling: new Set([...(scope.calling ?? []), name]) });
  }

  function visitBody(body: readonly AstNode[], scope: Scope): void {
    for (const node of body) {
      if (node.type === 'MustacheStatement') visitCall(node as CallNode, scope);
      else if (node.type === 'BlockStatement') visitBlock(node as Block, scope);
      else if (node.type === 'PartialStatement' || node.type === 'PartialBlockStatement') visitPartial(node as CallNode, scope);
    }
  }

  visitBody((ast as Program).body, { contexts: [sample], params: new Map(), guarded: new Set() });
  return [...found.values()];
}
