/**
 * JSON text for a tree of plain data that reads back as the same tree, where JSON alone would not:
 * `undefined` (kept as a key with that value, and in arrays), numbers JSON has no form for (NaN,
 * ±Infinity, -0) and objects reached twice (read back as one object again). Used for the UA
 * stylesheets' parsed form, made at build time (prebuilt-sheet.ts).
 *
 * Such a value is written as an object with the one key TAG: `{TAG: 'u'}` undefined,
 * `{TAG: 'n', v: 'NaN'}` a number, `{TAG: 'd', i, v}` the first time a shared object is written
 * (number i) and `{TAG: 'r', i}` the later times. Functions, symbols and objects other than plain
 * objects and arrays cannot be written: toExactJson throws, naming where.
 */

const TAG = '\u0000';

type Tagged = { readonly [TAG]: 'u' } | { readonly [TAG]: 'n'; readonly v: string } | { readonly [TAG]: 'd'; readonly i: number; readonly v: unknown } | { readonly [TAG]: 'r'; readonly i: number };

/** `value` as JSON text that fromExactJson reads back as an equal tree, with the same objects shared. */
export function toExactJson(value: unknown): string {
  const seen = new Set<object>();
  const shared = new Set<object>();
  countShared(value, { seen, shared, open: new Set() }, '');
  const ids = new Map<object, number>();
  return JSON.stringify(encode(value, shared, ids));
}

/** The tree toExactJson wrote. */
export function fromExactJson(text: string): unknown {
  return decode(JSON.parse(text) as unknown, []);
}

interface Walk {
  readonly seen: Set<object>;
  readonly shared: Set<object>;
  /** The objects being walked: one met again inside itself is a cycle. */
  readonly open: Set<object>;
}

function countShared(value: unknown, walk: Walk, path: string): void {
  if (typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint') throw new Error(`exact JSON: ${typeof value} at ${path || 'the root'}`);
  if (value === null || typeof value !== 'object') return;
  if (walk.open.has(value)) throw new Error(`exact JSON: cycle at ${path}`);
  if (walk.seen.has(value)) { walk.shared.add(value); return; }
  walk.seen.add(value);
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== Array.prototype) throw new Error(`exact JSON: not a plain object or array at ${path || 'the root'}`);
  if (Object.getOwnPropertySymbols(value).length > 0) throw new Error(`exact JSON: symbol key at ${path || 'the root'}`);
  if (!Array.isArray(value) && TAG in value) throw new Error(`exact JSON: key \\u0000 at ${path || 'the root'}`);
  walk.open.add(value);
  for (const [key, child] of Object.entries(value)) countShared(child, walk, `${path}.${key}`);
  walk.open.delete(value);
}

function encode(value: unknown, shared: ReadonlySet<object>, ids: Map<object, number>): unknown {
  if (value === undefined) return { [TAG]: 'u' };
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0) ? value : { [TAG]: 'n', v: Object.is(value, -0) ? '-0' : String(value) };
  if (value === null || typeof value !== 'object') return value;
  const id = ids.get(value);
  if (id !== undefined) return { [TAG]: 'r', i: id };
  const isShared = shared.has(value);
  if (isShared) ids.set(value, ids.size);
  const encoded = Array.isArray(value)
    ? value.map((child: unknown) => encode(child, shared, ids))
    : Object.fromEntries(Object.entries(value).map(([key, child]) => [key, encode(child, shared, ids)]));
  return isShared ? { [TAG]: 'd', i: ids.get(value), v: encoded } : encoded;
}

/** Replaces the tagged values of a parsed tree, in place, in the order encode wrote them. */
function decode(value: unknown, defined: unknown[]): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = decode(value[i], defined);
    return value;
  }
  const record = value as Record<string, unknown>;
  if (TAG in record) return decodeTagged(record as Tagged, defined);
  for (const key in record) record[key] = decode(record[key], defined);
  return record;
}

function decodeTagged(tagged: Tagged, defined: unknown[]): unknown {
  switch (tagged[TAG]) {
    case 'u': return undefined;
    case 'n': return tagged.v === '-0' ? -0 : Number(tagged.v);
    case 'r': return defined[tagged.i];
    case 'd': {
      // numbered before its contents, as encode numbered it
      const index = defined.length;
      defined.push(undefined);
      const decoded = decode(tagged.v, defined);
      defined[index] = decoded;
      return decoded;
    }
  }
}
