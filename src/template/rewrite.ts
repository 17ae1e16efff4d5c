/**
 * "A field of the current context wins over a helper of the same name when the mustache has no
 * arguments" (docs/design.md §1.1). Handlebars itself calls the helper, so `{{first}}` inside
 * `{{#with customer}}` would print the `first` helper's result instead of the customer's first
 * name. Before compiling, such mustaches get their path marked as a context lookup (`this.first`),
 * which is how Handlebars tells fields from helpers; nothing else changes.
 */
import type { AstNode, CallNode, PathNode } from './ast.js';
import { simpleName, walk } from './ast.js';
import type { HelperCatalog } from './helpers/index.js';
import { BUILTIN_ARITY, OCTAVO_HELPERS } from './helpers/index.js';

/**
 * Every helper name is a field in a mustache without arguments (`{{raw}}`, `{{each}}` print the
 * field); block helpers keep their meaning in a block (`{{#if}}` alone is an arity error, not a
 * field); the engine's own helpers stay helpers, as Handlebars calls them.
 */
function isHelperName(name: string, block: boolean, helpers: HelperCatalog): boolean {
  const helper = helpers.get(name);
  if (helper?.own === true) return false;
  if (block) return helper !== undefined;
  return helper !== undefined || BUILTIN_ARITY.has(name);
}

/** Rewrites the parsed template in place (it is the engine's own freshly parsed copy). */
export function preferFieldsOverHelpers(ast: AstNode, helpers: HelperCatalog = OCTAVO_HELPERS): void {
  walk(ast, (node) => {
    if (node.type !== 'MustacheStatement' && node.type !== 'BlockStatement') return;
    const call = node as CallNode;
    if (call.params.length > 0 || (call.hash?.pairs.length ?? 0) > 0) return;
    const name = simpleName(call.path);
    if (name === undefined || !isHelperName(name, node.type === 'BlockStatement', helpers)) return;
    (call.path as unknown as { original: string }).original = `this.${name}`;
  });
}

/** The path as the author wrote it (undoes the rewrite's `this.` marker for messages). */
export function writtenPath(path: PathNode): string {
  return path.original.startsWith('this.') && path.parts.length === 1 ? path.parts[0] ?? path.original : path.original;
}
