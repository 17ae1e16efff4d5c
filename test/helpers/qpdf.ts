/**
 * qpdf for tests: structural checks and encryption details of a PDF.
 *
 *   await qpdfCheck(pdf)                      // throws unless `qpdf --check` is clean (exit 0)
 *   await qpdfCheck(pdf, 'secret')            // same, opening with a password
 *   await qpdfShowEncryption(pdf, 'secret')   // `qpdf --show-encryption` output
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { withPdfFile } from './tmp.js';

const run = promisify(execFile);

export interface QpdfResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs qpdf with `args` on the PDF (its path is appended); never throws on a non-zero exit. */
export function qpdf(pdf: Uint8Array, args: readonly string[]): Promise<QpdfResult> {
  return withPdfFile(pdf, async (path) => {
    try {
      const { stdout, stderr } = await run('qpdf', [...args, path]);
      return { code: 0, stdout, stderr };
    } catch (error) {
      const e = error as { code?: number; stdout?: string; stderr?: string };
      return { code: typeof e.code === 'number' ? e.code : -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
    }
  });
}

const passwordArgs = (password: string | undefined): string[] => (password === undefined ? [] : [`--password=${password}`]);

/** `qpdf --check`: resolves with its report when the file is clean, throws with the report otherwise (warnings included). */
export async function qpdfCheck(pdf: Uint8Array, password?: string): Promise<string> {
  const result = await qpdf(pdf, ['--check', ...passwordArgs(password)]);
  if (result.code !== 0 || !result.stdout.includes('No syntax or stream encoding errors found')) {
    throw new Error(`qpdf --check failed (exit ${result.code}):\n${result.stdout}\n${result.stderr}`);
  }
  return result.stdout;
}

/** `qpdf --show-encryption` with the given password (its output, whatever the exit code). */
export async function qpdfShowEncryption(pdf: Uint8Array, password?: string): Promise<QpdfResult> {
  return qpdf(pdf, ['--show-encryption', ...passwordArgs(password)]);
}
