/**
 * Fuzzing with fast-check (issue 15): random HTML, random CSS, templates and payloads, and
 * mutations of the gallery templates and their payloads. The engine either returns a PDF that
 * passes `qpdf --check` or throws an OctavoError — never another exception, never a hang past its
 * time budget. A short budget runs here (FUZZ_RUNS, default 25 per property); `npm run soak`
 * runs the long one (500 per property) and each property prints its figures; FUZZ_SEED=N tries
 * other inputs.
 */
import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createEngine } from '../../src/api.js';
import { refusalCode } from '../helpers/refusal.js';
import { createInternalEngine } from '../../src/render.js';
import type { Fragment } from '../../src/layout/types.js';
import { cpuTime } from '../helpers/cpu-time.js';
import { qpdfCheck } from '../helpers/qpdf.js';
import { cssText, htmlDocument, templateAndPayload } from '../helpers/fuzz-arbitraries.js';
import { svgPage } from '../helpers/fuzz-svg.js';
import { mutatedGalleryTemplate } from '../helpers/fuzz-gallery.js';

const RUNS = Number(process.env['FUZZ_RUNS'] ?? 25);
/** FUZZ_SEED moves every property to other inputs (a long run by hand tries a new seed). */
const SEED = Number(process.env['FUZZ_SEED'] ?? 0);
/** Each property's time limit: enough for RUNS renders on a loaded machine (a hang, not a budget). */
const TIMEOUT = Math.max(300_000, RUNS * 10_000);
const BUDGET_MS = 10_000;
/**
 * A render may overrun its budget by the work between two checks, never by more than this: in
 * CPU time, which unlike wall time does not grow with the machine's load (the budget is wall
 * time, so on a loaded machine the engine stops a render after even less CPU time).
 */
const OVERRUN_MS = 10_000;
const engine = createEngine({ limits: { maxRenderMs: BUDGET_MS, maxPages: 50 } });
const layoutEngine = createInternalEngine({ limits: { maxRenderMs: BUDGET_MS, maxPages: 50 } });

/**
 * Lays the template out and fails on a fragment whose place or size is not a finite number: the
 * PDF writer holds such a number at 0 or ±1e9 (pdf/content.ts `num`), so the PDF alone cannot show
 * it (a table of percentage columns summing to 100 % once had a NaN width, and drew nothing).
 */
async function layoutIsFinite(template: string): Promise<void> {
  let laid;
  try {
    laid = await layoutEngine.layout({ template, data: {} });
  } catch (error) {
    refusalCode(error, `layout of ${JSON.stringify(template).slice(0, 300)}`);
    return;
  }
  const visit = (f: Fragment, path: string): void => {
    const numbers = [f.x, f.y, f.width, f.height];
    if (!numbers.every(Number.isFinite)) throw new Error(`a ${f.kind} fragment at ${path} is at ${numbers.join(', ')} for ${JSON.stringify(template).slice(0, 300)}`);
    if (f.kind === 'box' || f.kind === 'line') f.children.forEach((child, i) => visit(child, `${path}/${i}`));
  };
  laid.pages.forEach((page, p) => page.children.forEach((f, i) => visit(f, `page ${p + 1}/${i}`)));
}

interface Figures { runs: number; pdfs: number; errors: Map<string, number>; slowestMs: number; started: number; ended: number }
const figures = new Map<string, Figures>();

function figuresOf(property: string): Figures {
  let entry = figures.get(property);
  if (entry === undefined) {
    entry = { runs: 0, pdfs: 0, errors: new Map(), slowestMs: 0, started: Date.now(), ended: Date.now() };
    figures.set(property, entry);
  }
  return entry;
}

/** Renders; a PDF must pass qpdf, a failure must be a refusal of the input (helpers/refusal.ts), and neither may take past the budget. */
async function survives(property: string, input: { template: string; data?: unknown; baseDir?: string }): Promise<void> {
  const tally = figuresOf(property);
  tally.runs++;
  const started = performance.now();
  const { result: pdf, ms: cpuMs } = await cpuTime(async () => {
    try {
      return await engine.render({ template: input.template, data: input.data ?? {}, ...(input.baseDir === undefined ? {} : { baseDir: input.baseDir }) });
    } catch (error) {
      const code = refusalCode(error, `render of ${JSON.stringify(input.template).slice(0, 300)}`);
      tally.errors.set(code, (tally.errors.get(code) ?? 0) + 1);
      return undefined;
    }
  });
  tally.slowestMs = Math.max(tally.slowestMs, performance.now() - started);
  tally.ended = Date.now();
  expect(cpuMs, 'render CPU time').toBeLessThan(BUDGET_MS + OVERRUN_MS);
  if (pdf === undefined) return;
  tally.pdfs++;
  expect(await qpdfCheck(pdf)).toMatch(/No syntax or stream encoding errors/);
}

afterAll(() => {
  for (const [property, f] of figures) {
    const errors = [...f.errors].map(([code, count]) => `${code} ${count}`).join(', ') || 'none';
    console.log(`fuzz ${property}: ${f.runs} runs, ${f.pdfs} PDFs, OctavoErrors: ${errors}; slowest ${f.slowestMs.toFixed(0)} ms; ${((f.ended - f.started) / 1000).toFixed(0)} s`);
  }
});

describe('fuzzing the engine', () => {
  it('random HTML and CSS render or fail with an OctavoError', async () => {
    await fc.assert(fc.asyncProperty(htmlDocument(), (template) => survives('html', { template })), { numRuns: RUNS, seed: SEED + 15 });
  }, TIMEOUT);

  it('random HTML and CSS lay out at finite places and sizes', async () => {
    await fc.assert(fc.asyncProperty(htmlDocument(), layoutIsFinite), { numRuns: RUNS, seed: SEED + 19 });
  }, TIMEOUT);

  it('random stylesheets (token soup) render or fail with an OctavoError', async () => {
    await fc.assert(fc.asyncProperty(cssText(), (template) => survives('css', { template })), { numRuns: RUNS, seed: SEED + 18 });
  }, TIMEOUT);

  it('random templates and payloads render or fail with an OctavoError', async () => {
    await fc.assert(fc.asyncProperty(templateAndPayload(), (input) => survives('template', input)), { numRuns: RUNS, seed: SEED + 16 });
  }, TIMEOUT);

  it('random SVG (filters, patterns, markers, text on paths), inline and as images, render or fail with an OctavoError', async () => {
    await fc.assert(fc.asyncProperty(svgPage(), (template) => survives('svg', { template })), { numRuns: RUNS, seed: SEED + 20 });
  }, TIMEOUT);

  it('mutations of the gallery templates and payloads render or fail with an OctavoError', async () => {
    await fc.assert(fc.asyncProperty(mutatedGalleryTemplate(), (input) => survives('gallery', input)), { numRuns: RUNS, seed: SEED + 17 });
  }, TIMEOUT);
});
