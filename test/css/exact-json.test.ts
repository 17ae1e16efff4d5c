import { describe, expect, it } from 'vitest';
import { fromExactJson, toExactJson } from '../../src/css/exact-json.js';

describe('exact JSON (exact-json.ts)', () => {
  it('reads back undefined keys and array items, non-finite numbers and -0', () => {
    const value = { a: undefined, b: [1, undefined, Number.NaN], c: Number.POSITIVE_INFINITY, d: Number.NEGATIVE_INFINITY, e: -0, f: null, g: 'x', h: { i: true } };
    const back = fromExactJson(toExactJson(value)) as typeof value;
    expect(back).toStrictEqual(value);
    expect(Object.keys(back)).toEqual(Object.keys(value));
    expect(Object.is(back.e, -0)).toBe(true);
    expect(Object.is(back.b[2], Number.NaN)).toBe(true);
    expect(fromExactJson(toExactJson(undefined))).toBeUndefined();
    expect(Object.is(fromExactJson(toExactJson(-0)), -0)).toBe(true);
  });

  it('reads an object reached twice back as one object', () => {
    const shared = { value: [1, 2] };
    const inner = [3];
    const value = { first: shared, list: [shared, { again: shared, inner }], inner };
    const back = fromExactJson(toExactJson(value)) as typeof value;
    expect(back).toStrictEqual(value);
    expect(back.list[0]).toBe(back.first);
    expect(back.first.value).toEqual([1, 2]);
    expect((back.list[1] as { again: unknown }).again).toBe(back.first);
    expect((back.list[1] as { inner: unknown }).inner).toBe(back.inner);
  });

  it('refuses what it cannot write back, naming where', () => {
    expect(() => toExactJson({ rules: [{ match: () => true }] })).toThrow('exact JSON: function at .rules.0.match');
    expect(() => toExactJson({ at: new Map() })).toThrow('not a plain object or array at .at');
    expect(() => toExactJson(JSON.parse('{"a": {"__proto__": 1}}'))).toThrow('key __proto__ at .a');
    const cycle: { self?: unknown } = {};
    cycle.self = { cycle };
    expect(() => toExactJson(cycle)).toThrow('cycle at .self.cycle');
  });
});
