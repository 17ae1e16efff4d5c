/** The CLI's answers to operating mistakes and typos: one line, a suggestion, exit code 2 (issue 31). */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/dispatch.js';

let dir: string;
let busy: Server;
let busyPort: number;

async function octavo(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const sink = (into: string[]) => new Writable({ write(chunk, _encoding, done) { into.push(String(chunk)); done(); } });
  const code = await main(args, { stdout: sink(out), stderr: sink(err), stdin: Readable.from([]), cwd: dir });
  return { code, stdout: out.join(''), stderr: err.join('') };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'octavo-operating-'));
  writeFileSync(join(dir, 'a-file'), 'not a folder');
  writeFileSync(join(dir, 't.html'), '<p>x</p>');
  busy = createServer();
  await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
  busyPort = (busy.address() as { port: number }).port;
});

afterAll(async () => {
  await new Promise((resolve) => busy.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe('octavo help and typos', () => {
  it('lists every command with one line of description', async () => {
    const { code, stdout } = await octavo(['--help']);
    expect(code).toBe(0);
    const commands = stdout.split('\n').filter((line) => /^ {2}\w/.test(line));
    expect(commands.map((line) => line.trim().split(/\s+/)[0])).toEqual(['render', 'check', 'preview', 'gallery', 'serve', 'worker', 'workspace', 'template']);
    for (const line of commands) expect(line.trim().split(/\s{2,}/)[1]).toMatch(/^[a-z].{20,}$/);
  });

  it('suggests the command meant', async () => {
    const { code, stderr } = await octavo(['rendr', 'x.html']);
    expect(code).toBe(2);
    expect(stderr.split('\n')[0]).toBe("octavo: unknown command 'rendr' (did you mean 'render'?)");
  });

  it.each([
    [['check', 't.html', '--dat', 'x.json'], "octavo check: unknown option '--dat' (did you mean '--data'?)"],
    [['render', 't.html', '--stict'], "octavo render: unknown option '--stict' (did you mean '--strict'?)"],
    [['serve', '--prot', '1'], "octavo serve: unknown option '--prot' (did you mean '--port'?)"],
    [['check', 't.html', '--data'], 'octavo check: --data needs a value'],
    [['check', 't.html', '--zzzzzz'], "octavo check: unknown option '--zzzzzz'"],
  ])('%j: one line with a suggestion, exit 2', async (args, first) => {
    const { code, stderr } = await octavo(args);
    expect(code).toBe(2);
    expect(stderr.split('\n')[0]).toBe(first);
  });
});

describe('octavo serve: operating mistakes are one line and exit 2, never a stack trace', () => {
  it('says the port is in use (npm start runs serve --demo)', async () => {
    for (const args of [['serve', '--demo'], ['serve', '--storage', 'memory']]) {
      const { code, stderr } = await octavo([...args, '--port', String(busyPort), '--host', '127.0.0.1', '--data-dir', join(dir, 'data')]);
      expect(code).toBe(2);
      expect(stderr).toBe(`octavo serve: port ${busyPort} is already in use (127.0.0.1:${busyPort}): stop the program using it, or pick another with --port (--port 0 picks a free one)\n`);
    }
  }, 120_000); // the demo prepares its workspace and render threads before it listens

  it('says the data folder is not writable', async () => {
    const dataDir = join(dir, 'a-file', 'data');
    const { code, stderr } = await octavo(['serve', '--port', '0', '--data-dir', dataDir]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^octavo serve: data folder not writable: cannot write .*a-file.*: a part of the path is a file; fix its permissions or pick another with --data-dir \(or OCTAVO_DATA_DIR\)\n$/);
  });

  it('says the database is unreachable', async () => {
    const { code, stderr } = await octavo(['serve', '--port', '0', '--database-url', 'postgres://octavo@127.0.0.1:1/octavo']);
    expect(code).toBe(2);
    expect(stderr).toBe('octavo serve: database unreachable at 127.0.0.1:1: connection refused; check --database-url (or DATABASE_URL) and that PostgreSQL is running\n');
  });
});
