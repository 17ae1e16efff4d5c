/**
 * Fuzzing with fast-check (issue 15): random HTML, CSS, templates and payloads, and mutations of
 * a real template. The engine either returns a PDF that passes `qpdf --check` or throws an
 * OctavoError — never another exception, never a hang past its time budget. A short budget
 * runs here (FUZZ_RUNS, default 25 per property); `npm run soak` runs the long one.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createEngine, OctavoError } from '../../src/index.js';
import { qpdfCheck } from '../helpers/qpdf.js';
import { htmlDocument, mutatedTemplate, templateAndPayload } from '../helpers/fuzz-arbitraries.js';

const RUNS = Number(process.env['FUZZ_RUNS'] ?? 25);
/** Each property's time: enough for RUNS renders on a slow machine. */
const TIMEOUT = Math.max(120_000, RUNS * 2_000);
const engine = createEngine({ limits: { maxRenderMs: 10_000, maxPages: 50 } });

/** Renders; a PDF must pass qpdf, a failure must be an OctavoError. */
async function survives(template: string, data: unknown = {}): Promise<void> {
  let pdf: Uint8Array | undefined;
  try {
    pdf = await engine.render({ template, data });
  } catch (error) {
    if (!(error instanceof OctavoError)) throw new Error(`not an OctavoError for ${JSON.stringify(template).slice(0, 300)}: ${String(error)}`, { cause: error });
    return;
  }
  expect(await qpdfCheck(pdf)).toMatch(/No syntax or stream encoding errors/);
}

describe('fuzzing the engine', () => {
  it('random HTML and CSS render or fail with an OctavoError', async () => {
    await fc.assert(fc.asyncProperty(htmlDocument(), (html) => survives(html)), { numRuns: RUNS, seed: 15 });
  }, TIMEOUT);

  it('random templates and payloads render or fail with an OctavoError', async () => {
    await fc.assert(fc.asyncProperty(templateAndPayload(), ({ template, data }) => survives(template, data)), { numRuns: RUNS, seed: 16 });
  }, TIMEOUT);

  it('mutations of a real template render or fail with an OctavoError', async () => {
    await fc.assert(fc.asyncProperty(mutatedTemplate(), ({ template, data }) => survives(template, data)), { numRuns: RUNS, seed: 17 });
  }, TIMEOUT);
});
