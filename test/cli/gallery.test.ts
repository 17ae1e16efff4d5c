import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import command from '../../src/cli/commands/gallery.js';
import { UsageError } from '../../src/cli/shared/command.js';
import { pdfPages, pdfText, qpdfCheck, runCommand } from './io.js';
import { galleryStderr } from './gallery-expected.js';

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'octavo-gallery-'));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('octavo gallery', () => {
  it('renders every fixture of the package into out/<name>.pdf', async () => {
    const result = await runCommand(command, [], { cwd: dir });
    // only the warnings pinned in gallery-expected.ts; their locations depend on where the package lives
    const stderr = result.stderr.toString().replace(/^octavo: \S*fixtures\/[^:]+:\d+:\d+: /gm, 'octavo: ').replace(/ \(\d+ occurrences\)$/gm, '');
    expect(stderr).toBe(galleryStderr());
    expect(result.code).toBe(0);
    const output = result.stdout.toString();
    expect(output).toMatch(/^fixture\s+pages\s+size\s+time\s+file$/m);
    expect(output).toMatch(/^invoice\s+1\s+[\d.]+ KiB\s+\d+ ms\s+out\/invoice\.pdf$/m);
    expect(output).toMatch(/^report\s+[3-5]\s+[\d.]+ KiB\s+\d+ ms\s+out\/report\.pdf$/m);
    expect(output).toMatch(/fixtures rendered into out\n$/);
    for (const name of ['invoice', 'report']) expect(qpdfCheck(join(dir, 'out', `${name}.pdf`)).ok).toBe(true);
  });

  it('takes --out and --fixtures, and reports a failing fixture with exit code 1', async () => {
    const fixtures = join(dir, 'fixtures');
    mkdirSync(join(fixtures, 'good'), { recursive: true });
    mkdirSync(join(fixtures, 'bad'), { recursive: true });
    mkdirSync(join(fixtures, 'not-a-fixture'), { recursive: true });
    writeFileSync(join(fixtures, 'good', 'template.html'), '<p>{{greeting}}</p>');
    writeFileSync(join(fixtures, 'good', 'data.json'), '{"greeting": "hello gallery"}');
    writeFileSync(join(fixtures, 'bad', 'template.html'), '<p>\n{{nope 1}}</p>');
    const result = await runCommand(command, ['--fixtures', 'fixtures', '--out', 'pdfs'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe("octavo gallery: bad: fixtures/bad/template.html:2:1: unknown helper 'nope'\n");
    expect(result.stdout.toString()).toContain('1 of 2 fixtures rendered into pdfs, 1 failed');
    expect(pdfPages(join(dir, 'pdfs', 'good.pdf'))).toBe(1);
    expect(pdfText(join(dir, 'pdfs', 'good.pdf'))).toContain('hello gallery');
  });

  it('refuses an empty fixtures folder and unknown options', async () => {
    mkdirSync(join(dir, 'empty'));
    await expect(runCommand(command, ['--fixtures', 'empty'], { cwd: dir })).rejects.toThrow(UsageError);
    await expect(runCommand(command, ['--bogus'], { cwd: dir })).rejects.toThrow(UsageError);
  });
});
