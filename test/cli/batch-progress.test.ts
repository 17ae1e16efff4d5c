/** `octavo render --batch`: a progress bar on a terminal, rates over the documents written (issue 31). */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import command from '../../src/cli/commands/render.js';
import { runCommand } from './io.js';

let dir: string;

/** A stderr that says it is a terminal, as process.stderr does on one. */
class Terminal extends Writable {
  readonly isTTY = true;
  readonly columns = 100;
  text = '';
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: () => void): void {
    this.text += String(chunk);
    done();
  }
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'octavo-batch-progress-'));
  writeFileSync(join(dir, 'note.html'), '<p>{{text}} {{formatNumber n}}</p>');
  writeFileSync(join(dir, 'bad.ndjson'), ['{"n": "x"', 'nope', '{"n": '].join('\n'));
  writeFileSync(join(dir, 'some.ndjson'), ['{"text": "a", "n": 1}', 'nope', '{"text": "b", "n": 2}', '{"text": "c", "n": 3}'].join('\n'));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('octavo render --batch progress and rates', () => {
  it('gives no documents-per-second rate when every line failed', async () => {
    const result = await runCommand(command, ['note.html', '--batch', 'bad.ndjson', '--out-dir', 'bad'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stdout.toString('utf8')).toMatch(/^3 documents \(0 written to bad, 3 failed\), 0 pages, [\d.]+ s\n$/);
    expect(result.stderr.split('\n').filter((line) => line.startsWith('octavo:')).length).toBe(3);
  });

  it('draws a bar on a terminal, prints failures above it and counts the rate over the documents written', async () => {
    const terminal = new Terminal();
    const stdout = new Terminal();
    const code = await command.run(['note.html', '--batch', 'some.ndjson', '--out-dir', 'some'], { stdout, stderr: terminal, stdin: Readable.from([]), cwd: dir });
    expect(code).toBe(1);
    expect(terminal.text).toMatch(/█+ 4\/4 documents \| 1 failed \| [\d.]+ documents\/s/);
    expect(terminal.text).toContain('octavo: some.ndjson:2: invalid JSON');
    const summary = /^4 documents \(3 written to some, 1 failed\), 3 pages, ([\d.]+) s, ([\d.]+) documents\/s\n$/.exec(stdout.text);
    expect(summary).not.toBeNull();
    const [seconds, rate] = [Number(summary![1]), Number(summary![2])];
    expect(Math.abs(rate - 3 / seconds) / rate).toBeLessThan(0.2); // 3 written, not 4 lines, over the time (rounded)
  });
});
