/**
 * A package copied without its `fonts/` folder (dist/ alone deployed) fails with a typed error
 * naming the missing file and what to do, from the library and from the CLI — not a bare ENOENT
 * reported as an internal error.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Octavo from '../../src/api.js';
import { PROCESS_TEST_TIMEOUT_MS, PROCESS_TIMEOUT_MS, ROOT, ensureBuilt } from '../helpers/processes.js';

let dir: string;

beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), 'octavo-nofonts-'));
  cpSync(join(ROOT, 'dist'), join(dir, 'dist'), { recursive: true });
  cpSync(join(ROOT, 'package.json'), join(dir, 'package.json'));
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  writeFileSync(join(dir, 'card.html'), '<p>Card</p>');
}, PROCESS_TEST_TIMEOUT_MS);

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('a package without its fonts', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  it('throws render_error naming the font file from the library', async () => {
    const lib = await import(pathToFileURL(join(dir, 'dist', 'index.js')).href) as typeof Octavo;
    const failure = await lib.render({ template: '<p>x</p>', data: {} }).then(() => undefined, (error: unknown) => error);
    expect(failure).toBeInstanceOf(lib.OctavoError);
    expect((failure as { code: string }).code).toBe('render_error');
    expect((failure as Error).message).toMatch(/^bundled font liberation\/Liberation\w+-Regular\.ttf cannot be read at /);
    expect((failure as { hint: string }).hint).toContain('fonts/ folder');
  });

  it('exits 1 from the CLI with the message and the hint, not an internal error', () => {
    const result = spawnSync(process.execPath, [join(dir, 'dist', 'cli', 'main.js'), 'render', 'card.html', '--out', 'card.pdf'], { cwd: dir, encoding: 'utf8', timeout: PROCESS_TIMEOUT_MS });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^octavo: bundled font .* cannot be read at .*\n {2}hint: octavo ships its fonts in the fonts\/ folder/);
    expect(result.stderr).not.toContain('internal error');
  });
});
