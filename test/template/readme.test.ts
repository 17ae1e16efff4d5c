/** The README's TypeScript examples run as written against the built package (imported as 'octavo'). */
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { PROCESS_TEST_TIMEOUT_MS, PROCESS_TIMEOUT_MS } from '../helpers/processes.js';

const run = promisify(execFile);
const repo = fileURLToPath(new URL('../../', import.meta.url));
// inside the package, so `import ... from 'octavo'` resolves to this package (self-reference)
const scratch = join(repo, '.tmp', `readme-${process.pid}`);
const blocks = [...readFileSync(join(repo, 'README.md'), 'utf8').matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** What a block says it prints: its `// a b c` comments right after a console.log line, in order. */
function expectedOutput(code: string): string[] {
  const lines = code.split('\n');
  const expected: string[] = [];
  lines.forEach((line, index) => {
    const trailing = /console\.log\(.*\);\s*\/\/ (.*)$/.exec(line)?.[1];
    if (trailing !== undefined) expected.push(trailing);
    else if (/console\.log\(/.test(line)) {
      const next = /^\s*\/\/ (.*)$/.exec(lines[index + 1] ?? '')?.[1] ?? /^\s*\/\/ (.*)$/.exec(lines[index + 2] ?? '')?.[1];
      if (next !== undefined) expected.push(next);
    }
  });
  return expected;
}

describe('README code blocks', () => {
  it('has TypeScript examples', () => {
    expect(blocks.length).toBeGreaterThan(0);
  });

  it.each(blocks.map((code, index) => ({ index, code })))('block $index runs and prints what it says', async ({ index, code }) => {
    const { outputText, diagnostics } = ts.transpileModule(code, {
      reportDiagnostics: true,
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    });
    expect(diagnostics ?? []).toEqual([]);
    mkdirSync(scratch, { recursive: true });
    const file = join(scratch, `block-${index}.mjs`);
    writeFileSync(file, outputText);
    const { stdout } = await run(process.execPath, [file], { cwd: scratch, timeout: PROCESS_TIMEOUT_MS });
    expect(stdout.trim().split('\n')).toEqual(expectedOutput(code));
  }, PROCESS_TEST_TIMEOUT_MS);
});
