/**
 * The installed entry point, `node dist/cli/main.js`, end to end: real process, real exit codes
 * (the dispatcher turns usage errors into 2). dist/ is rebuilt first when any source file is newer
 * than it (`npm ci` builds it through the `prepare` script).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROCESS_TEST_TIMEOUT_MS, PROCESS_TIMEOUT_MS, ROOT, ensureBuilt } from '../helpers/processes.js';
import { pdfText, qpdfCheck } from './io.js';

const MAIN = join(ROOT, 'dist', 'cli', 'main.js');
let dir: string;

function octavo(args: string[], input?: string) {
  return spawnSync(process.execPath, [MAIN, ...args], { cwd: dir, encoding: 'utf8', input, timeout: PROCESS_TIMEOUT_MS });
}

beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), 'octavo-bin-'));
  writeFileSync(join(dir, 'card.html'), '<h1>Card for {{name}}</h1>');
  writeFileSync(join(dir, 'bad.html'), '<h1>\n  {{#if name}}x{{/each}}</h1>');
}, PROCESS_TEST_TIMEOUT_MS);

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('octavo binary', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  it('prints usage and exits 2 without a command, 0 with --help', () => {
    expect(octavo([]).status).toBe(2);
    const help = octavo(['render', '--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('usage: octavo render TEMPLATE.html');
  });

  it('exits 2 on usage errors', () => {
    const result = octavo(['render', 'card.html', '--deny', 'everything']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("octavo render: --deny: unknown permission 'everything'");
    expect(octavo(['render']).status).toBe(2);
    expect(octavo(['render', 'missing.html']).stderr).toBe("octavo render: cannot read template file 'missing.html': no such file\n");
  });

  it('exits 1 with file:line:column on a template error', () => {
    const result = octavo(['render', 'bad.html', '--data', '-'], '{"name": "x"}');
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^octavo: bad\.html:2:\d+: /);
  });

  it('--helpers FILE: the template calls the functions FILE exports, in render, render --timeout, --batch and check', () => {
    writeFileSync(join(dir, 'helpers.mjs'), 'export const shout = (text) => String(text).toUpperCase() + "!";\nexport function initials(name) { return String(name).split(" ").map((w) => w[0]).join(""); }');
    writeFileSync(join(dir, 'common.cjs'), 'module.exports = { shout: (text) => "cjs " + text };');
    writeFileSync(join(dir, 'shout.html'), '<p>{{shout name}} {{initials name}}</p>');
    for (const extra of [[], ['--timeout', '120']]) {
      const result = octavo(['render', 'shout.html', '--data', '-', '--helpers', 'helpers.mjs', '--out', 'shout.pdf', ...extra], '{"name": "Grace Hopper"}');
      expect([result.status, result.stderr]).toEqual([0, '']);
      expect(pdfText(join(dir, 'shout.pdf'))).toContain('GRACE HOPPER! GH');
    }
    writeFileSync(join(dir, 'one.html'), '<p>{{shout name}}</p>');
    writeFileSync(join(dir, 'people.ndjson'), '{"name": "Ada"}\n{"name": "Bo"}\n');
    const batch = octavo(['render', 'one.html', '--batch', 'people.ndjson', '--out-dir', 'people', '--helpers', 'common.cjs']);
    expect(batch.status).toBe(0);
    expect(pdfText(join(dir, 'people', '2.pdf'))).toContain('cjs Bo');
    expect(octavo(['check', 'shout.html', '--data', '-', '--helpers', 'helpers.mjs'], '{"name": "x"}').stdout).toContain('no problems found');
    const without = octavo(['check', 'shout.html']);
    expect([without.status, without.stdout.split('\n')[0]]).toEqual([1, "shout.html:1:4: error[template_syntax]: unknown helper 'shout'"]);
    const missing = octavo(['render', 'shout.html', '--helpers', 'nope.mjs']);
    expect([missing.status, missing.stderr]).toEqual([1, expect.stringContaining('octavo: cannot load the helpers module')]);
  });

  it('renders a PDF and exits 0', () => {
    const result = octavo(['render', 'card.html', '--data', '-', '--out', 'card.pdf'], '{"name": "Grace Hopper"}');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(qpdfCheck(join(dir, 'card.pdf')).ok).toBe(true);
    expect(pdfText(join(dir, 'card.pdf'))).toContain('Card for Grace Hopper');
  });

  it('renders the invoice fixture from the snapshot, the bundle (with or without the code cache) and the modules alike', () => {
    const invoice = (out: string) => ['render', join(ROOT, 'fixtures/invoice/template.html'), '--data', join(ROOT, 'fixtures/invoice/data.json'), '--out', join(dir, out), '--deterministic'];
    const run = (argv: string[], env: Record<string, string>) => {
      const result = spawnSync(process.execPath, argv, { cwd: dir, encoding: 'utf8', timeout: PROCESS_TIMEOUT_MS, env: { ...process.env, TMPDIR: dir, ...env } });
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
    };
    run([MAIN, ...invoice('snapshot.pdf')], { NODE_OPTIONS: '' });
    run([MAIN, ...invoice('cached.pdf')], { OCTAVO_SNAPSHOT: '0' });
    expect(readdirSync(join(dir, readdirSync(dir).find((name) => name.startsWith('octavo-compile-cache-'))!))).toHaveLength(1);
    run([MAIN, ...invoice('from-cache.pdf')], { OCTAVO_SNAPSHOT: '0' });
    run([MAIN, ...invoice('uncached.pdf')], { OCTAVO_SNAPSHOT: '0', OCTAVO_COMPILE_CACHE: '0' });
    const dispatch = pathToFileURL(join(ROOT, 'dist/cli/dispatch.js')).href;
    run(['--input-type=module', '-e', 'await (await import(process.argv[1])).runCli();', dispatch, ...invoice('modules.pdf')], {});

    const bytes = readFileSync(join(dir, 'modules.pdf'));
    for (const other of ['snapshot.pdf', 'cached.pdf', 'from-cache.pdf', 'uncached.pdf']) expect(readFileSync(join(dir, other)).equals(bytes)).toBe(true);
    expect(qpdfCheck(join(dir, 'cached.pdf')).ok).toBe(true);
    expect(pdfText(join(dir, 'cached.pdf'))).toContain('Halcyon Studio Ltd.');
  });
});
