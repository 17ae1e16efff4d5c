/**
 * Partials (`{{> header}}`): besides the template's own `{{#*inline}}` ones, a partial is read from
 * the template's `partials/` folder (`partials/header.html`, `.hbs` or `.handlebars`, through the
 * render's sandboxed loader, so it can never reach outside the root), else taken from the partials
 * registered on the engine. All partials a template can reach are resolved before it runs (their
 * names are literal), compiled through the engine's cache, and wrapped so that an error inside one
 * is located in its own file.
 */
import { OctavoError } from '../errors.js';
import type { AstNode } from './ast.js';
import type { PartialReference } from './check.js';
import { partialReferences, problemAt } from './check.js';
import { problemError, runtimeError } from './errors.js';
import { partialStep } from './budget.js';

export interface PartialSources {
  /** Reads a file relative to the template's folder (sandboxed); absent when the template has none. */
  readonly readFile?: (relativePath: string) => Promise<string>;
  /** Partials registered on the engine (name -> Handlebars source). */
  readonly registered?: ReadonlyMap<string, string>;
}

/** What the resolver needs of a compiled template. */
export interface PartialTemplate {
  readonly ast: AstNode;
  readonly template: (context: unknown, options?: unknown) => string;
}

export type PartialFunction = (context: unknown, options?: unknown) => string;

/** Partial calls of a compiled template, found once (compiled templates are cached and immutable). */
const referencesOf = new WeakMap<AstNode, readonly PartialReference[]>();

function references(ast: AstNode): readonly PartialReference[] {
  let found = referencesOf.get(ast);
  if (found === undefined) {
    found = partialReferences(ast);
    referencesOf.set(ast, found);
  }
  return found;
}

const EXTENSIONS = ['.html', '.hbs', '.handlebars'];
/** Names that map to a file inside `partials/` (no `..`, no absolute paths). */
const SAFE_NAME = /^[A-Za-z0-9_][\w-]*(\/[A-Za-z0-9_][\w-]*)*$/;

/** The file `partials/NAME.html` (or `.hbs`, `.handlebars`) of a partial, through the sandboxed reader. */
export async function findPartialFile(name: string, sources: PartialSources): Promise<{ source: string; file: string } | undefined> {
  if (sources.readFile === undefined || !SAFE_NAME.test(name)) return undefined;
  for (const extension of EXTENSIONS) {
    const file = `partials/${name}${extension}`;
    try {
      return { source: await sources.readFile(file), file };
    } catch (error) {
      if (!(error instanceof OctavoError) || error.code !== 'resource_not_found') throw error;
    }
  }
  return undefined;
}

async function findPartial(name: string, sources: PartialSources): Promise<{ source: string; file: string } | undefined> {
  const fromFile = await findPartialFile(name, sources);
  if (fromFile !== undefined) return fromFile;
  const registered = sources.registered?.get(name);
  return registered === undefined ? undefined : { source: registered, file: `<partial ${name}>` };
}

function wrap(name: string, entry: PartialTemplate, file: string): PartialFunction {
  return (context, options) => {
    try {
      return partialStep(name, file, entry.ast, () => entry.template(context, options));
    } catch (error) {
      throw error instanceof OctavoError && error.file !== undefined ? error : runtimeError(error, entry.ast, file);
    }
  };
}

/**
 * Every partial reachable from `root` (partials may call partials), compiled; a name found nowhere
 * is a `template_syntax` error at the `{{> name}}` that calls it.
 */
export async function resolvePartials(
  root: PartialTemplate,
  rootFile: string,
  sources: PartialSources,
  compile: (source: string, file: string) => PartialTemplate,
): Promise<Record<string, PartialFunction>> {
  const resolved: Record<string, PartialFunction> = {};
  const queue: { reference: PartialReference; from: string }[] = references(root.ast).map((reference) => ({ reference, from: rootFile }));
  for (let item = queue.shift(); item !== undefined; item = queue.shift()) {
    const { name, node } = item.reference;
    if (Object.hasOwn(resolved, name)) continue;
    const found = await findPartial(name, sources);
    if (found === undefined) {
      throw problemError(problemAt(node, `unknown partial '${name}'`,
        `put it in partials/${name}.html beside the template, define it with {{#*inline "${name}"}}, or register it on the engine`), item.from);
    }
    const entry = compile(found.source, found.file);
    resolved[name] = wrap(name, entry, found.file);
    for (const reference of references(entry.ast)) queue.push({ reference, from: found.file });
  }
  return resolved;
}
