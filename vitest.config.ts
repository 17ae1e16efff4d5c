import { availableParallelism } from 'node:os';
import { relative } from 'node:path';
import { BaseSequencer } from 'vitest/node';
import type { TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * Files that need a process of their own: those that mock modules with `vi.mock` (a module another
 * file already imported would not be replaced) and those about what happens once per process.
 * Every other file shares a worker process with the files before it (`isolate: false`): a fresh
 * process per file re-imported and re-warmed the engine (fonts, shaping caches, JIT) for each of
 * 140 files, three quarters of the suite's CPU time.
 */
const FRESH_PROCESS_FILES = [
  'test/cli/heap-growth.test.ts', // vi.mock('node:v8')
  'test/net/fetch-hardening.test.ts', // vi.mock('node:dns/promises')
  'test/pdf/font-embed.test.ts', // vi.mock of pdf modules
  'test/pdf/subset-pdf.test.ts', // vi.mock of the subsetter
  'test/render/dom-lifetime.test.ts', // vi.mock of the page painter; counts every live DOM element of the process
  'test/render/unexpected-errors.test.ts', // vi.mock of the page painter
  'test/text/registry.test.ts', // bundled fonts parsed once per process
];

/**
 * Files whose tests bound the CPU time of one hostile input at the 5 s: they run last, in
 * a process of their own, with nothing beside them. On a 2-core machine whose cores are two
 * hyperthreads, a process's CPU time for the same work nearly doubles while the other worker
 * runs (100,000 empty blocks: 2.2 s alone, 5.5 s once in CI beside the rest of the suite).
 */
const ALONE_AT_THE_END_FILES = [
  'test/render/expansion-budgets.test.ts',
];

/**
 * The longest files (CPU and waiting, measured), started first so that the workers end together
 * instead of one of them running a long file alone at the end; the rest run in the usual order.
 */
const LONGEST_FIRST = [
  'test/cli/batch.test.ts',
  'test/service/soak.test.ts',
  'test/service/e2e.test.ts',
  'test/service/templates-e2e.test.ts',
  'test/cli/binary.test.ts',
  'test/service/scale-out-crash.test.ts',
  'test/render/fuzz.test.ts',
  'test/cli/snapshot.test.ts',
  'test/service/storage-postgres.test.ts',
  'test/text/fast-layout.test.ts',
  'test/cli/preview.test.ts',
];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification): number => {
      const index = LONGEST_FIRST.indexOf(relative(spec.project.config.root, spec.moduleId));
      return index === -1 ? LONGEST_FIRST.length : index;
    };
    // the projects keep the base sequencer's order (one project's files after the other's)
    const sorted = await super.sort(files);
    const projects = [...new Set(sorted.map((spec) => spec.project.name))];
    return sorted.sort((a, b) => projects.indexOf(a.project.name) - projects.indexOf(b.project.name) || rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    // limits that catch a hang, not speed budgets (bench/ has those): a test of a few seconds of
    // CPU time takes a minute on a machine loaded 15 times over, where 30 s failed right tests
    testTimeout: 300_000,
    hookTimeout: 300_000,
    pool: 'forks',
    // installed fonts vary by machine: engines see only the bundled ones unless a test asks
    // (createEngine({ systemFonts: true })); the CLI and servers the tests start inherit this too
    env: { OCTAVO_SYSTEM_FONTS: 'off' },
    // vitest's default leaves a core idle on a 2-core machine (cores - 1 workers); test files
    // wait on subprocesses (poppler, qpdf, the CLI, servers) much of the time
    maxWorkers: Math.max(2, availableParallelism()),
    sequence: { sequencer: LongestFirst },
    projects: [
      { extends: true, test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: [...FRESH_PROCESS_FILES, ...ALONE_AT_THE_END_FILES], isolate: false } },
      { extends: true, test: { name: 'fresh', include: FRESH_PROCESS_FILES, isolate: true } },
      // projects of a higher groupOrder start when those of lower ones have ended
      { extends: true, test: { name: 'alone', include: ALONE_AT_THE_END_FILES, isolate: true, sequence: { groupOrder: 1 } } },
    ],
  },
});
