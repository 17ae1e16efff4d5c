/** Bytes written to a file of a temporary folder (archives are read from files, as uploads are spooled); removed by `cleanup`. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Spool {
  file(bytes: Uint8Array, name?: string): string;
  cleanup(): void;
}

export function createSpool(): Spool {
  const dir = mkdtempSync(join(tmpdir(), 'octavo-test-spool-'));
  let n = 0;
  return {
    file: (bytes, name = `f${n}`) => {
      const path = join(dir, `${n++}-${name}`);
      writeFileSync(path, bytes);
      return path;
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}
