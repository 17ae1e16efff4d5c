/**
 * The entry of the CLI's V8 startup snapshot. scripts/build-snapshot.mjs bundles it with the whole
 * CLI into dist/cli/octavo-snapshot.cjs and runs `node --build-snapshot` on that: while the
 * snapshot is built, this renders the warm-up document through the render command, so the heap
 * written into dist/cli/octavo.blob holds the CLI's modules evaluated, the bundled fonts it used
 * parsed (with the kerning of every pair of printable ASCII characters read) and the functions the
 * render ran compiled. A process started from the blob (launch.ts)
 * runs the command line of its arguments at once.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import v8 from 'node:v8';
import { dropUnserialisableState, primeBundledFontPairs } from '../../engine-snapshot.js';
import type { CliIo } from '../shared/command.js';
import { main, runCli } from '../dispatch.js';
import { warmUpDocument } from './warm-up.js';

/** Output kept in memory: the warm-up prints nothing unless it fails. */
function memoryStream(): { stream: Writable; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({ write(chunk: Buffer | string, _encoding, done) { chunks.push(String(chunk)); done(); } });
  return { stream, text: () => chunks.join('') };
}

/** Renders the warm-up document with `octavo render` in a temporary folder; throws when it fails. */
async function warmUp(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'octavo-snapshot-'));
  try {
    const { template, data } = warmUpDocument();
    writeFileSync(join(folder, 'template.html'), template);
    writeFileSync(join(folder, 'data.json'), data);
    const out = memoryStream();
    const io: CliIo = { stdout: out.stream, stderr: out.stream, stdin: Readable.from([]), cwd: folder };
    const code = await main(['render', 'template.html', '--data', 'data.json', '--out', 'out.pdf'], io);
    if (code !== 0) throw new Error(`the warm-up render exited ${code}: ${out.text()}`);
    primeBundledFontPairs();
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

// ICU objects (Intl formatters) cannot be written into a snapshot: the helpers make them again.
v8.startupSnapshot.addSerializeCallback(dropUnserialisableState);
v8.startupSnapshot.setDeserializeMainFunction(() => void runCli());
warmUp().catch((error: unknown) => {
  process.stderr.write(`octavo snapshot: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
  process.exitCode = 1;
});
