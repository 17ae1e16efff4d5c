import { describe, expect, it } from 'vitest';
import { parseJson } from '../../src/cli/shared/json-error.js';

describe('parseJson', () => {
  it('parses valid JSON (with a BOM)', () => {
    expect(parseJson('\uFEFF{"a": [1, 2.5e3, "x\\n", true, null]}')).toEqual({ ok: true, value: { a: [1, 2500, 'x\n', true, null] } });
  });

  it.each([
    ['{"a":}', 1, 6, 'unexpected "}", expected a value'],
    ['{\n  "a": 1,\n}', 3, 1, 'expected a double-quoted property name'],
    ['[1 2]', 1, 4, "expected ',' or ']'"],
    ['{"a": tru}', 1, 7, 'expected a value'],
    ['', 1, 1, 'unexpected end of input'],
    ['{"a": "x\ny"}', 1, 9, 'control character in string'],
    ['{"a": 1} x', 1, 10, 'unexpected content after the JSON value'],
    ["{'a': 1}", 1, 2, 'expected a double-quoted property name'],
    ['{"a": 01}', 1, 8, "expected ',' or '}'"],
    ['{"a": "\\x"}', 1, 8, 'invalid escape'],
    ['"unterminated', 1, 14, 'unterminated string'],
  ])('locates the error in %j', (text, line, column, message) => {
    const result = parseJson(text);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect([result.error.line, result.error.column]).toEqual([line, column]);
    expect(result.error.message).toContain(message);
  });
});
