/**
 * Documentation that cannot rot: every code block of README.md and docs/*.md marked runnable runs
 * as written against the built package. ```sh runnable: bash (-e, pipefail) in an empty temporary
 * folder whose `octavo` (also for `npx octavo`) is this build's CLI; ```js runnable: an ES module,
 * ```cjs runnable: a CommonJS script, ```ts runnable: TypeScript, transpiled then run as an ES
 * module — all inside the package so `'octavo'` resolves to it. A changed flag, a TypeScript-only
 * snippet in a js block or a wrong printed value (`console.log(...) // value`) fails the test.
 */
import { execFile } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const repo = fileURLToPath(new URL('../../', import.meta.url));
const scratch = join(repo, '.tmp', `runnable-${process.pid}`);
const MAIN = join(repo, 'dist', 'cli', 'main.js');

interface Block {
  readonly file: string;
  readonly line: number;
  readonly kind: 'sh' | 'js' | 'cjs' | 'ts';
  readonly code: string;
}

function runnableBlocks(): Block[] {
  const files = ['README.md', ...readdirSync(join(repo, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];
  return files.flatMap((file) => {
    const text = readFileSync(join(repo, file), 'utf8');
    return [...text.matchAll(/^```(sh|js|cjs|ts) runnable\n([\s\S]*?)^```$/gm)].map((match) => ({
      file, line: text.slice(0, match.index).split('\n').length, kind: match[1] as Block['kind'], code: match[2] ?? '',
    }));
  });
}

/** What a block says it prints: the `// text` comment after each console.log line (on it, or on one of the next two lines). */
function expectedOutput(code: string): string[] {
  const lines = code.split('\n');
  return lines.flatMap((line, index) => {
    if (!/console\.log\(/.test(line)) return [];
    const comment = (text: string | undefined) => /^\s*\/\/ (.*)$/.exec(text ?? '')?.[1];
    return /console\.log\(.*\);\s*\/\/ (.*)$/.exec(line)?.[1] ?? comment(lines[index + 1]) ?? comment(lines[index + 2]) ?? [];
  });
}

/** An empty folder where `octavo` and `npx octavo` (a local bin: npx runs it without installing) are this build's CLI. */
function shellFolder(): { cwd: string; env: NodeJS.ProcessEnv } {
  const cwd = mkdtempSync(join(tmpdir(), 'octavo-docs-'));
  const bin = join(cwd, 'node_modules', '.bin');
  mkdirSync(bin, { recursive: true });
  writeFileSync(join(bin, 'octavo'), `#!/bin/sh\nexec "${process.execPath}" "${MAIN}" "$@"\n`);
  chmodSync(join(bin, 'octavo'), 0o755);
  return { cwd, env: { ...process.env, PATH: `${bin}:${process.env['PATH'] ?? ''}`, npm_config_update_notifier: 'false' } };
}

/** A TypeScript block as the ES module it compiles to; its syntax errors fail the test. */
function transpiled(code: string): string {
  const { outputText, diagnostics } = ts.transpileModule(code, {
    reportDiagnostics: true, compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  expect((diagnostics ?? []).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))).toEqual([]);
  return outputText;
}

const blocks = runnableBlocks();
const folders: string[] = [];

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe('runnable code blocks of README.md and docs/', () => {
  it('has shell, ES module, CommonJS and TypeScript blocks', () => {
    expect(new Set(blocks.map((block) => block.kind))).toEqual(new Set(['sh', 'js', 'cjs', 'ts']));
  });

  it.each(blocks.map((block) => ({ ...block, name: `${block.file}:${block.line} (${block.kind})` })))('$name runs as written', async (block) => {
    if (block.kind === 'sh') {
      const { cwd, env } = shellFolder();
      folders.push(cwd);
      await run('bash', ['-e', '-o', 'pipefail', '-c', block.code], { cwd, env, timeout: 120_000 });
      return;
    }
    mkdirSync(scratch, { recursive: true });
    const file = join(scratch, `${block.file.replace(/\W/g, '_')}-${block.line}.${block.kind === 'cjs' ? 'cjs' : 'mjs'}`);
    writeFileSync(file, block.kind === 'ts' ? transpiled(block.code) : block.code);
    const { stdout } = await run(process.execPath, [file], { cwd: scratch, timeout: 120_000 });
    const expected = expectedOutput(block.code);
    expect(stdout.trim() === '' ? [] : stdout.trim().split('\n')).toEqual(expected);
  }, 180_000);
});
