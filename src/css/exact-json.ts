/**
 * JSON text for a tree of plain data that reads back as the same tree, where JSON alone would not:
 * `undefined` (kept as a key with that value, and in arrays), numbers JSON has no form for (NaN,
 * ±Infinity, -0) and objects reached twice (read back as one object again). Used for the UA
 * stylesheets' parsed form, made at build time (prebuilt-sheet.ts).
 *
 * The text is `{"tree": …, "patches": […]}`: the tree as JSON with null where such a value is, and
 * one patch for each of those — its path from the root, then `u` (undefined), `n` and the number's
 * text, or `r` and the path of where the object was first written. Reading is JSON.parse and the
 * patches, not a walk of the whole tree (~8,000 objects for ua.css: walking them cost a fresh
 * process 15-30 ms, JSON.parse 2). Functions, symbols and objects other than plain objects and
 * arrays cannot be written: toExactJson throws, naming where.
 */

type Key = string | number;
type Patch = readonly [path: readonly Key[], kind: 'u'] | readonly [path: readonly Key[], kind: 'n', text: string] | readonly [path: readonly Key[], kind: 'r', target: readonly Key[]];

interface Writing {
  /** Where each object was first written. */
  readonly written: Map<object, readonly Key[]>;
  /** The objects being written: one met again inside itself is a cycle. */
  readonly open: Set<object>;
  readonly patches: Patch[];
}

/** `value` as JSON text that fromExactJson reads back as an equal tree, with the same objects shared. */
export function toExactJson(value: unknown): string {
  const writing: Writing = { written: new Map(), open: new Set(), patches: [] };
  const tree = encode(value, [], writing);
  return JSON.stringify({ tree, patches: writing.patches });
}

/** The tree toExactJson wrote. */
export function fromExactJson(text: string): unknown {
  const { tree, patches } = JSON.parse(text) as { tree: unknown; patches: readonly Patch[] };
  // indexed loops: a fresh process runs this once, in V8's interpreter, where iterators cost ~10x
  for (let i = 0; i < patches.length; i++) {
    const patch = patches[i]!;
    const path = patch[0];
    const value = patch[1] === 'u' ? undefined : patch[1] === 'n' ? Number(patch[2]) : follow(tree, patch[2], patch[2].length);
    if (path.length === 0) return value;
    (follow(tree, path, path.length - 1) as Record<Key, unknown>)[path[path.length - 1]!] = value;
  }
  return tree;
}

/** What the first `length` keys of `path` lead to from `tree`. */
function follow(tree: unknown, path: readonly Key[], length: number): unknown {
  let value = tree;
  for (let i = 0; i < length; i++) value = (value as Record<Key, unknown>)[path[i]!];
  return value;
}

function encode(value: unknown, path: Key[], writing: Writing): unknown {
  const where = (): string => (path.length === 0 ? 'the root' : `.${path.join('.')}`);
  if (typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint') throw new Error(`exact JSON: ${typeof value} at ${where()}`);
  if (value === undefined) return patched(writing, [path, 'u']);
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0) ? value : patched(writing, [path, 'n', Object.is(value, -0) ? '-0' : String(value)]);
  if (value === null || typeof value !== 'object') return value;
  if (writing.open.has(value)) throw new Error(`exact JSON: cycle at ${where()}`);
  const first = writing.written.get(value);
  if (first !== undefined) return patched(writing, [path, 'r', first]);
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== Array.prototype) throw new Error(`exact JSON: not a plain object or array at ${where()}`);
  if (Object.getOwnPropertySymbols(value).length > 0) throw new Error(`exact JSON: symbol key at ${where()}`);
  // a patch's assignment to it would set the prototype
  if (Object.hasOwn(value, '__proto__')) throw new Error(`exact JSON: key __proto__ at ${where()}`);
  writing.written.set(value, [...path]);
  writing.open.add(value);
  const child = (key: Key, item: unknown): unknown => encode(item, [...path, key], writing);
  const encoded = Array.isArray(value)
    ? value.map((item: unknown, index) => child(index, item))
    : Object.fromEntries(Object.entries(value).map(([key, item]) => [key, child(key, item)]));
  writing.open.delete(value);
  return encoded;
}

function patched(writing: Writing, patch: Patch): null {
  writing.patches.push(patch);
  return null;
}
