/** Runs a CLI command module in-process with captured streams, and PDF inspection helpers. */
import { execFileSync, spawnSync } from 'node:child_process';
import { Readable, Writable } from 'node:stream';
import type { CliCommand, CliIo } from '../../src/cli/shared/command.js';

export interface CapturedRun {
  readonly code: number;
  readonly stdout: Buffer;
  readonly stderr: string;
}

class Sink extends Writable {
  readonly chunks: Buffer[] = [];
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    callback();
  }
  bytes(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

export async function runCommand(command: CliCommand, args: string[], options: { cwd: string; stdin?: string }): Promise<CapturedRun> {
  const stdout = new Sink();
  const stderr = new Sink();
  const io: CliIo = { stdout, stderr, stdin: Readable.from(options.stdin === undefined ? [] : [Buffer.from(options.stdin)]), cwd: options.cwd };
  const code = await command.run(args, io);
  return { code, stdout: stdout.bytes(), stderr: stderr.bytes().toString('utf8') };
}

/** `qpdf --check` (exit 0, or 3 for warnings only, is a pass). */
export function qpdfCheck(path: string, password?: string): { ok: boolean; output: string } {
  const args = ['--check', ...(password === undefined ? [] : [`--password=${password}`]), path];
  const result = spawnSync('qpdf', args, { encoding: 'utf8' });
  return { ok: result.status === 0 || result.status === 3, output: `${result.stdout}${result.stderr}` };
}

export function pdfText(path: string, pages?: { first: number; last: number }, password?: string): string {
  const args = [
    '-layout', '-enc', 'UTF-8',
    ...(pages === undefined ? [] : ['-f', String(pages.first), '-l', String(pages.last)]),
    ...(password === undefined ? [] : ['-upw', password]),
    path, '-',
  ];
  return execFileSync('pdftotext', args, { encoding: 'utf8' });
}

export function pdfPages(path: string, password?: string): number {
  const info = execFileSync('pdfinfo', [...(password === undefined ? [] : ['-upw', password]), path], { encoding: 'utf8' });
  return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? NaN);
}
