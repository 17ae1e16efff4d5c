/**
 * Command output is written through a temporary file renamed over the destination; a destination
 * that is no regular file must not be replaced by one (`-o /dev/null` run as root replaced the
 * machine's /dev/null with a file).
 */
import { execFileSync, spawn } from 'node:child_process';
import { lstatSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../src/cli/shared/output-file.js';

describe('writeFileAtomic', () => {
  const dir = mkdtempSync(join(tmpdir(), 'octavo-out-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes into a FIFO and leaves it a FIFO', async () => {
    const fifo = join(dir, 'pipe');
    execFileSync('mkfifo', [fifo]);
    const reader = spawn('cat', [fifo]);
    const read = new Promise<string>((resolve) => {
      let out = '';
      reader.stdout.on('data', (chunk: Buffer) => { out += chunk.toString(); });
      reader.on('close', () => resolve(out));
    });
    await writeFileAtomic(fifo, Buffer.from('%PDF-bytes'));
    expect(await read).toBe('%PDF-bytes');
    expect(lstatSync(fifo).isFIFO()).toBe(true);
  });

  it('replaces the file a symbolic link names, not the link, and leaves no temporary file', async () => {
    const file = join(dir, 'real.pdf');
    const link = join(dir, 'link.pdf');
    writeFileSync(file, 'old');
    symlinkSync(file, link);
    await writeFileAtomic(link, Buffer.from('new'));
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe('new');
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});
