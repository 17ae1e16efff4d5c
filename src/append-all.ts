/**
 * Loops in place of spreads of a list as the arguments of a call (`push(...xs)`, `Math.min(...xs)`,
 * `String.fromCodePoint(...xs)`): a spread puts every element on the stack, and past ~100k elements
 * V8 throws "Maximum call stack size exceeded", which a long input reaches (the lint rule in
 * eslint.config.js forbids the spreads in src/).
 */

/**
 * Appends `source` to `target` one element at a time and returns `target`: unlike
 * `target.push(...source)` it has no argument-count limit and makes no spread of `source`, and
 * unlike `concat` it makes no new list (hot paths append many short lists).
 */
export function appendAll<T>(target: T[], source: readonly T[]): T[] {
  for (let i = 0; i < source.length; i++) target.push(source[i]!);
  return target;
}

/**
 * The least of `values`, or `empty` when there are none, as `Math.min(...values)` gives it
 * (`Infinity` for none, NaN when one is NaN, -0 below 0) with no argument-count limit.
 */
export function minOf(values: readonly number[], empty = Infinity): number {
  if (values.length === 0) return empty;
  let least = values[0]!;
  for (let i = 1; i < values.length; i++) {
    const value = values[i]!;
    if (value < least || Number.isNaN(value) || (value === 0 && least === 0 && Object.is(value, -0))) least = value;
  }
  return least;
}

/**
 * The greatest of `values`, or `empty` when there are none, as `Math.max(...values)` gives it
 * (`-Infinity` for none, NaN when one is NaN, 0 above -0) with no argument-count limit.
 */
export function maxOf(values: readonly number[], empty = -Infinity): number {
  if (values.length === 0) return empty;
  let greatest = values[0]!;
  for (let i = 1; i < values.length; i++) {
    const value = values[i]!;
    if (value > greatest || Number.isNaN(value) || (value === 0 && greatest === 0 && Object.is(greatest, -0))) greatest = value;
  }
  return greatest;
}

/** Code units per `String.fromCharCode`/`String.fromCodePoint` call: far below the stack's limit. */
const CHUNK = 4096;

/**
 * The string of the code units `units[start]` … `units[end - 1]`, as
 * `String.fromCharCode(...units.slice(start, end))` gives it (bytes read as latin-1, such as a
 * chunk's four-letter tag), built `CHUNK` units per call.
 */
export function fromCharCodes(units: ArrayLike<number>, start = 0, end = units.length): string {
  let text = '';
  for (let from = start; from < end; from += CHUNK) {
    const to = Math.min(from + CHUNK, end);
    const chunk: number[] = [];
    for (let i = from; i < to; i++) chunk.push(units[i]!);
    text += String.fromCharCode.apply(null, chunk);
  }
  return text;
}

/**
 * The string of `codePoints`, as `String.fromCodePoint(...codePoints)` gives it (a RangeError for
 * a value that is not a code point), built `CHUNK` code points per call.
 */
export function fromCodePoints(codePoints: readonly number[]): string {
  let text = '';
  for (let from = 0; from < codePoints.length; from += CHUNK) text += String.fromCodePoint.apply(null, codePoints.slice(from, from + CHUNK));
  return text;
}

/** The code point that ends at `index` of `text` (a surrogate pair read whole); undefined at the start. */
export function codePointBefore(text: string, index: number): number | undefined {
  if (index <= 0) return undefined;
  const low = text.charCodeAt(index - 1);
  return low >= 0xdc00 && low <= 0xdfff && index >= 2 ? text.codePointAt(index - 2) : low;
}

/** A big-endian unsigned 32-bit read (font tables, PNG chunks); the caller checks `at + 4 <= bytes.length`. */
export function u32(bytes: Uint8Array, at: number): number {
  return ((bytes[at]! << 24) >>> 0) + ((bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!);
}
