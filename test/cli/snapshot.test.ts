/**
 * The CLI's V8 startup snapshot (src/cli/snapshot/, scripts/build-snapshot.mjs): when the launcher
 * uses the blob, and that a process started from it renders the same bytes as the CLI without it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentBuild, runFromSnapshot, snapshotBlob } from '../../src/cli/launch-snapshot.js';
import { PROCESS_TEST_TIMEOUT_MS, PROCESS_TIMEOUT_MS, ROOT, ensureBuilt } from '../helpers/processes.js';

const CLI = join(ROOT, 'dist', 'cli');
const MAIN = join(CLI, 'main.js');
const BLOB = join(CLI, 'octavo.blob');
let dir: string;

beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), 'octavo-snapshot-test-'));
}, PROCESS_TEST_TIMEOUT_MS);

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('snapshotBlob', () => {
  function folder(made: object | string, blob = true): string {
    const at = mkdtempSync(join(dir, 'cli-'));
    if (blob) writeFileSync(join(at, 'octavo.blob'), 'blob');
    writeFileSync(join(at, 'octavo.blob.json'), typeof made === 'string' ? made : JSON.stringify(made));
    return at;
  }
  const build = (at: string) => currentBuild(at);

  it('is the blob made by this Node build for this folder', () => {
    const at = folder({});
    writeFileSync(join(at, 'octavo.blob.json'), JSON.stringify(build(at)));
    expect(snapshotBlob(at, ['render', 'x.html'], {}, build(at), [])).toBe(join(at, 'octavo.blob'));
    expect(snapshotBlob(at, [], {}, build(at), [])).toBe(join(at, 'octavo.blob'));
    // a --helpers module needs a module loader, which a snapshot's process has not
    expect(snapshotBlob(at, ['render', 'x.html', '--helpers', 'h.mjs'], {}, build(at), [])).toBeUndefined();
    expect(snapshotBlob(at, ['check', 'x.html', '--helpers=h.mjs'], {}, build(at), [])).toBeUndefined();
  });

  it('is refused when made by another Node build or for another folder', () => {
    const at = folder({});
    for (const change of [{ node: 'v20.0.0' }, { v8: '1.0' }, { arch: 'arm64' }, { platform: 'win32' }, { dir: '/elsewhere' }]) {
      writeFileSync(join(at, 'octavo.blob.json'), JSON.stringify({ ...build(at), ...change }));
      expect(snapshotBlob(at, ['render'], {}, build(at), [])).toBeUndefined();
    }
  });

  it('is not used without its blob or metadata, or with unreadable metadata', () => {
    const noBlob = folder({}, false);
    writeFileSync(join(noBlob, 'octavo.blob.json'), JSON.stringify(build(noBlob)));
    expect(snapshotBlob(noBlob, ['render'], {}, build(noBlob), [])).toBeUndefined();
    const broken = folder('{ not json');
    expect(snapshotBlob(broken, ['render'], {}, build(broken), [])).toBeUndefined();
    const empty = mkdtempSync(join(dir, 'cli-'));
    expect(snapshotBlob(empty, ['render'], {}, build(empty), [])).toBeUndefined();
  });

  it('is not used when turned off, with node flags, or by the servers', () => {
    const at = folder({});
    writeFileSync(join(at, 'octavo.blob.json'), JSON.stringify(build(at)));
    expect(snapshotBlob(at, ['render'], { OCTAVO_SNAPSHOT: '0' }, build(at), [])).toBeUndefined();
    expect(snapshotBlob(at, ['render'], { NODE_OPTIONS: '--max-old-space-size=4096' }, build(at), [])).toBeUndefined();
    expect(snapshotBlob(at, ['render'], {}, build(at), ['--max-old-space-size=4096'])).toBeUndefined();
    expect(snapshotBlob(at, ['serve'], {}, build(at), [])).toBeUndefined();
    expect(snapshotBlob(at, ['preview', 'x.html'], {}, build(at), [])).toBeUndefined();
    expect(snapshotBlob(at, ['render'], { NODE_OPTIONS: ' ' }, build(at), [])).toBe(join(at, 'octavo.blob'));
  });
});

describe('the built snapshot', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  it('is made by the build, for this Node build and folder', () => {
    expect(snapshotBlob(CLI, ['render'], {}, currentBuild(CLI), [])).toBe(BLOB);
  });

  /** The CLI from the snapshot (a direct `node --snapshot-blob`, as the launcher starts it) or without it. */
  function octavo(args: string[], snapshot: boolean, input?: string) {
    const argv = snapshot ? ['--snapshot-blob', BLOB, '--', MAIN, ...args] : [MAIN, ...args];
    return spawnSync(process.execPath, argv, {
      cwd: dir, input, timeout: PROCESS_TIMEOUT_MS, env: { ...process.env, NODE_OPTIONS: '', OCTAVO_SNAPSHOT: snapshot ? '' : '0' },
    });
  }

  it.each(['invoice', 'ticket', 'book'])('renders the %s fixture to the same bytes as the CLI without it', (name) => {
    const fixture = join(ROOT, 'fixtures', name);
    const pdfs = [true, false].map((snapshot) => {
      const out = join(dir, `${name}-${String(snapshot)}.pdf`);
      const run = octavo(['render', join(fixture, 'template.html'), '--data', join(fixture, 'data.json'), '--out', out, '--deterministic'], snapshot);
      expect(run.status, String(run.stderr)).toBe(0);
      return readFileSync(out);
    });
    expect(pdfs[0]!.equals(pdfs[1]!)).toBe(true);
  });

  it('reads the payload from stdin, writes the PDF to stdout and exits as the command does', () => {
    writeFileSync(join(dir, 'hello.html'), '<p>Hello {{name}}</p>');
    const run = octavo(['render', 'hello.html', '--data', '-', '--out', '-', '--deterministic'], true, '{"name":"Ada"}');
    expect(run.status).toBe(0);
    expect(run.stdout.subarray(0, 5).toString()).toBe('%PDF-');
    const usage = octavo(['render', 'hello.html', '--bogus'], true);
    expect(usage.status).toBe(2);
    expect(String(usage.stderr)).toContain('usage: octavo render');
  });

  it('reports a blob node refuses (made with other V8 flags), so that the launcher runs without it', async () => {
    const entry = join(dir, 'tiny.cjs');
    writeFileSync(entry, 'require("node:v8").startupSnapshot.setDeserializeMainFunction(() => {});\n');
    const blob = join(dir, 'tiny.blob');
    execFileSync(process.execPath, ['--max-semi-space-size=32', '--snapshot-blob', blob, '--build-snapshot', entry], { cwd: dir, stdio: 'pipe' });
    const exitCode = process.exitCode;
    expect(await runFromSnapshot(blob, MAIN, ['--help'])).toBe(false);
    expect(process.exitCode).toBe(exitCode);
  });
});
