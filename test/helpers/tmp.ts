/** Temporary files for tests that hand PDFs to command-line tools. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Writes `pdf` to a fresh temporary folder, runs `fn(path, folder)`, then removes the folder. */
export async function withPdfFile<T>(pdf: Uint8Array, fn: (path: string, folder: string) => Promise<T> | T): Promise<T> {
  const folder = mkdtempSync(join(tmpdir(), 'octavo-test-'));
  try {
    const path = join(folder, 'document.pdf');
    writeFileSync(path, pdf);
    return await fn(path, folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
