/**
 * Scanning CSS source text that octavo reads itself (custom property values, `@supports`
 * conditions): strings are skipped whole (escapes included), parentheses counted.
 */

/** The index just after the string that starts at `start` (its quote), or the text's end. */
export function skipString(text: string, start: number): number {
  const quote = text[start];
  let i = start + 1;
  while (i < text.length && text[i] !== quote) i += text[i] === '\\' ? 2 : 1;
  return Math.min(i + 1, text.length);
}

/** The `)` that closes the `(` at `open`, or -1. */
export function matchingParen(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"' || ch === "'") { i = skipString(text, i) - 1; continue; }
    if (ch === '(') depth++;
    else if (ch === ')' && --depth === 0) return i;
  }
  return -1;
}

/** The first `separator` outside parentheses and strings, or -1. */
export function topLevelIndex(text: string, separator: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"' || ch === "'") { i = skipString(text, i) - 1; continue; }
    if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === separator && depth === 0) return i;
  }
  return -1;
}

/** A call `replaceCalls` found: where it starts and ends, the text of its arguments, and the output so far. */
export interface FoundCall {
  readonly at: number;
  readonly inner: string;
  readonly close: number;
  readonly done: string;
}

/**
 * `text` with every call `headAt` recognises at an index (the length of its name and `(`, 0 for
 * none) replaced by what `replace` makes of it; strings are copied as they are. The first result
 * of `replace` that is not a string is returned as it is (a failed substitution), and undefined
 * for a call never closed.
 */
export function replaceCalls<Stop>(text: string, headAt: (text: string, at: number) => number, replace: (call: FoundCall) => string | Stop): string | Stop | undefined {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '"' || ch === "'") {
      const end = skipString(text, i);
      out += text.slice(i, end);
      i = end;
      continue;
    }
    const head = headAt(text, i);
    if (head === 0) {
      out += ch;
      i++;
      continue;
    }
    const close = matchingParen(text, i + head - 1);
    if (close < 0) return undefined;
    const value = replace({ at: i, inner: text.slice(i + head, close), close, done: out });
    if (typeof value !== 'string') return value;
    out += value;
    i = close + 1;
  }
  return out;
}

