/**
 * The lint rule against a spread of a list as the arguments of a variadic call (eslint.config.js,
 * `spreadRules`): past ~100k elements it overflows the stack. It holds in every folder of src/,
 * those whose `no-restricted-syntax` list also forbids a library included.
 */
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: ROOT });

/** The `no-restricted-syntax` reports on `code` as a file at `path`, by column. */
async function spreadReports(code: string, path = 'src/paint/probe.ts'): Promise<number[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, path) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax' && /overflows the stack/.test(m.message)).map((m) => m.column);
}

const FORBIDDEN = [
  'out.push(...items);',
  'out.push(a, ...items);',
  'out.unshift(...items);',
  'out.splice(0, 0, ...items);',
  'Math.min(...values);',
  'Math.max(0, ...values.map((v) => v + 1));',
  'String.fromCharCode(...bytes.subarray(0, 4));',
  'String.fromCodePoint(...codePoints);',
  'out.push(...[...items, last]);',
];

const ALLOWED = [
  'out.push(...[a, b]);',
  'out.push(a, ...[b]);',
  'Math.max(a, b);',
  'const all = [...items, last];',
  'f(...args);',
  'appendAll(out, items);',
];

describe('no spread of a list as the arguments of push, unshift, splice, Math.min/max, String.fromCharCode/fromCodePoint', () => {
  for (const code of FORBIDDEN) {
    it(`reports ${code}`, async () => {
      expect(await spreadReports(`declare const out: number[], items: number[]; ${code}`)).toHaveLength(1);
    });
  }
  for (const code of ALLOWED) {
    it(`allows ${code}`, async () => {
      expect(await spreadReports(code)).toEqual([]);
    });
  }
  for (const folder of ['src', 'src/pdf', 'src/text', 'src/service/templates-api/zip', 'src/cli/progress']) {
    it(`holds in ${folder}/`, async () => {
      expect(await spreadReports('out.push(...items);', `${folder}/probe.ts`)).toHaveLength(1);
    });
  }
});
