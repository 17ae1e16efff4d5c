/**
 * The package's entry as an application loads it (dist/index.js, src/index.ts): from the bundled
 * API with V8's code cache, imported or required, and the same PDF as from the modules.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROCESS_TEST_TIMEOUT_MS, PROCESS_TIMEOUT_MS, ROOT, ensureBuilt } from './helpers/processes.js';

const ENTRY = join(ROOT, 'dist', 'index.js');
const MODULES = join(ROOT, 'dist', 'api.js');
const TEMPLATE = join(ROOT, 'fixtures/invoice/template.html');
const DATA = join(ROOT, 'fixtures/invoice/data.json');

let dir: string;
beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), 'octavo-entry-'));
}, PROCESS_TEST_TIMEOUT_MS);
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** An application rendering the invoice fixture with the module at argv[1] into argv[2], then checking a failed render's error class. */
const APP = `
  const { readFileSync, writeFileSync } = require('node:fs');
  const { dirname } = require('node:path');
  module.exports = async (octavo, template, data, out) => {
    const engine = octavo.createEngine();
    const pdf = await engine.render({ template: readFileSync(template, 'utf8'), data: JSON.parse(readFileSync(data, 'utf8')), baseDir: dirname(template), deterministic: true });
    writeFileSync(out, pdf);
    const failed = await octavo.render({ template: '{{#each}}' }).catch((error) => error);
    if (!(failed instanceof octavo.OctavoError) || !octavo.isOctavoError(failed) || octavo.isUnexpectedError(failed)) throw new Error('not a refusal: ' + failed);
  };`;

function run(script: string, args: readonly string[], env: Record<string, string> = {}): void {
  const result = spawnSync(process.execPath, ['-e', script, '--', ...args], { cwd: dir, encoding: 'utf8', timeout: PROCESS_TIMEOUT_MS, env: { ...process.env, TMPDIR: dir, ...env } });
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
}

const importing = (module: string, out: string) =>
  run(`const app = (m => { ${APP}; return module.exports; })({}); import(process.argv[1]).then((o) => app(o, ...process.argv.slice(2)));`,
    [pathToFileURL(module).href, TEMPLATE, DATA, join(dir, out)]);
const requiring = (out: string, env: Record<string, string> = {}) =>
  run(`${APP}; module.exports(require(process.argv[1]), ...process.argv.slice(2));`, [ENTRY, TEMPLATE, DATA, join(dir, out)], env);

const cacheFiles = (): string[] => {
  const folder = readdirSync(dir).find((name) => name.startsWith('octavo-compile-cache-'));
  return folder === undefined ? [] : readdirSync(join(dir, folder));
};

describe('the package entry', () => {
  it('loads the bundled API, writes its code cache after the first render, and prints what the modules print', () => {
    expect(existsSync(join(ROOT, 'dist', 'octavo.cjs'))).toBe(true);
    run('require(process.argv[1])', [ENTRY]);
    expect(cacheFiles()).toEqual([]);

    importing(ENTRY, 'imported.pdf');
    expect(cacheFiles()).toHaveLength(1);
    importing(ENTRY, 'from-cache.pdf');
    requiring('required.pdf');
    requiring('uncached.pdf', { OCTAVO_COMPILE_CACHE: '0' });
    expect(cacheFiles()).toHaveLength(1);
    importing(MODULES, 'modules.pdf');

    const bytes = readFileSync(join(dir, 'modules.pdf'));
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    for (const other of ['imported.pdf', 'from-cache.pdf', 'required.pdf', 'uncached.pdf']) expect(readFileSync(join(dir, other)).equals(bytes)).toBe(true);
  }, PROCESS_TEST_TIMEOUT_MS);
});
