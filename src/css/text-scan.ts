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
