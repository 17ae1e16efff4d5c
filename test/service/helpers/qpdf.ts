import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Runs `qpdf --check` on the bytes; throws (with qpdf's output) if the PDF is broken. */
export function qpdfCheck(pdf: Uint8Array, password?: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'octavo-qpdf-'));
  try {
    const file = join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    const args = password === undefined ? ['--check', file] : [`--password=${password}`, '--check', file];
    return execFileSync('qpdf', args, { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `qpdf --show-encryption` of the bytes (opened with `password`). */
export function qpdfShowEncryption(pdf: Uint8Array, password: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'octavo-qpdf-'));
  try {
    const file = join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    return execFileSync('qpdf', ['--show-encryption', `--password=${password}`, file], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
