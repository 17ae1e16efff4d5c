/** `octavo workspace create`, argument parsing, and the demo (fake renderer; its printed curl commands run as printed). */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROCESS_TEST_TIMEOUT_MS } from '../helpers/processes.js';
import type { CliIo } from '../../src/cli/shared/command.js';
import { UsageError } from '../../src/cli/shared/command.js';
import workspaceCommand from '../../src/cli/commands/workspace.js';
import { parseArgs } from '../../src/cli/shared/service-options.js';
import { startDemo } from '../../src/service/main/demo.js';
import { createFsStorage } from '../../src/service/storage/fs.js';
import { fakeRenderer } from './helpers/fake-renderer.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
let dir: string;
beforeAll(async () => { dir = await mkdtemp(join(tmpdir(), 'octavo-cli-')); });
afterAll(() => rm(dir, { recursive: true, force: true }));

function io(): CliIo & { out: () => string; err: () => string } {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  stdout.on('data', (c: Buffer) => out.push(c));
  stderr.on('data', (c: Buffer) => err.push(c));
  return {
    stdout, stderr, stdin: new PassThrough(), cwd: dir,
    out: () => Buffer.concat(out).toString('utf8'), err: () => Buffer.concat(err).toString('utf8'),
  };
}

describe('octavo workspace create', () => {
  it('prints the workspace and its API key as JSON, and refuses a taken name', async () => {
    const first = io();
    expect(await workspaceCommand.run(['create', '--name', 'acme', '--quota', '42', '--data-dir', 'store'], first)).toBe(0);
    const printed = JSON.parse(first.out()) as { workspace: Record<string, unknown>; apiKey: string };
    expect(printed.workspace).toMatchObject({ name: 'acme', active: true, quota: 42, remainingQuota: 42 });
    expect(printed.workspace['modified']).toBe(printed.workspace['created']);
    expect(printed.apiKey).toMatch(/^oct_[A-Za-z0-9_-]{43}$/);
    const storage = await createFsStorage(join(dir, 'store'));
    expect((await storage.findWorkspaceByName('acme'))?.quota).toBe(42);
    const again = io();
    expect(await workspaceCommand.run(['create', '--name=acme', '--data-dir', 'store'], again)).toBe(1);
    expect(again.err()).toContain("'acme' exists");
  });

  it('reports usage errors', async () => {
    await expect(workspaceCommand.run(['create'], io())).rejects.toBeInstanceOf(UsageError);
    await expect(workspaceCommand.run(['delete', '--name', 'x'], io())).rejects.toBeInstanceOf(UsageError);
    await expect(workspaceCommand.run(['create', '--name', 'x', '--quota', '-1'], io())).rejects.toBeInstanceOf(UsageError);
    await expect(workspaceCommand.run(['create', '--name', 'x', '--colour', 'red'], io())).rejects.toBeInstanceOf(UsageError);
  });

  it('parses --flag value, --flag=value and booleans', () => {
    const parsed = parseArgs(['a.html', '--name', 'N', '--port=0', '--demo'], { name: 'string', port: 'string', demo: 'boolean' });
    expect(parsed.positional).toEqual(['a.html']);
    expect(parsed.strings.get('name')).toBe('N');
    expect(parsed.strings.get('port')).toBe('0');
    expect(parsed.booleans.has('demo')).toBe(true);
    expect(() => parseArgs(['--name'], { name: 'string' })).toThrow(UsageError);
  });
});

describe('demo', () => {
  it('creates the demo workspace with the fixtures, prints curl commands that work as printed, and is idempotent', async () => {
    const fake = fakeRenderer();
    const output: string[] = [];
    const dataDir = join(dir, 'demo');
    const demo = await startDemo({ dataDir, port: 0, renderPdf: fake.renderPdf, out: (t) => output.push(t), cwd: root });
    let second: Awaited<ReturnType<typeof startDemo>> | undefined;
    try {
      expect(demo.templates.length).toBeGreaterThan(0);
      const banner = output.join('');
      expect(banner).toContain(demo.apiKey);
      const commands = banner.replace(/\\\n\s*/g, '').split('\n').map((l) => l.trim()).filter((l) => l.startsWith('curl '));
      expect(commands).toHaveLength(3);
      // asynchronously: the server answering curl runs in this very process
      const run = async (command: string) => (await promisify(execFile)('bash', ['-c', command], { cwd: root, encoding: 'utf8' })).stdout;
      expect(JSON.parse(await run(commands[0]!))).toMatchObject({ name: 'demo', quota: 1000 });
      expect((JSON.parse(await run(commands[1]!)) as unknown[]).length).toBe(demo.templates.length);
      const generated = JSON.parse(await run(commands[2]!)) as { status: string; data: { download_url: string } };
      expect(generated.status).toBe('success');
      expect((await fetch(generated.data.download_url)).status).toBe(200);
      const lastJob = fake.jobs[fake.jobs.length - 1]!;
      expect(lastJob.data).toEqual(JSON.parse(execFileSync('cat', [demo.templates[0]!.dataFile], { encoding: 'utf8' })));
      await demo.close();

      second = await startDemo({ dataDir, port: 0, renderPdf: fake.renderPdf, out: () => undefined, cwd: root });
      expect(second.templates.map((t) => t.id)).toEqual(demo.templates.map((t) => t.id));
      expect(second.apiKey).not.toBe(demo.apiKey);
      const old = await fetch(`${second.url}/v1/workspaces`, { headers: { apikey: demo.apiKey } });
      expect(old.status).toBe(401); // the key rotates on every start
      const fresh = await fetch(`${second.url}/v1/workspaces`, { headers: { apikey: second.apiKey } });
      expect(((await fresh.json()) as { remainingQuota: number }).remainingQuota).toBe(999);
    } finally {
      await second?.close();
      await demo.close().catch(() => undefined);
    }
  }, PROCESS_TEST_TIMEOUT_MS); // twelve fixtures' previews are rasterized: slow on a busy machine
});
