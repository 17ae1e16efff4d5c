/**
 * Whole-pipeline pixel tests (docs/design.md §3), strictly: render HTML with the public engine, fail on
 * any diagnostic the test did not declare, check the PDF with `qpdf --check`, rasterize its pages
 * (pixels.ts: 1 CSS px = 1 pixel, rows of palette letters).
 *
 *   const page = await renderPage('<style>@page { size: 4px 2px; margin: 0 } ...</style>...');
 *   const pages = await renderPixels(html, { baseDir: FONTS, expectDiagnostics: [{ code: 'resource', message: /missing.png/ }] });
 *   const pdf = await renderPdf(html);   // strict and checked, for tests that read the PDF otherwise
 */
import { createEngine } from '../../src/api.js';
import type { Engine, RenderOptions, RenderResult } from '../../src/api.js';
import { checkDiagnostics } from './diagnostics.js';
import type { ExpectedDiagnostic } from './diagnostics.js';
import { DEFAULT_PALETTE, rasterize } from './pixels.js';
import type { Palette } from './pixels.js';
import { qpdfCheck } from './qpdf.js';

export interface StrictRenderOptions extends Omit<RenderOptions, 'template'> {
  /**
   * The diagnostics this render must report (see checkDiagnostics): any other one fails the test,
   * as does one of these that is not reported. A diagnostic that shows an engine bug is declared
   * with a comment naming the bug.
   */
  readonly expectDiagnostics?: readonly ExpectedDiagnostic[];
  /** The engine to render with (one with extra fonts, limits or partials); a shared default one otherwise. */
  readonly engine?: Engine;
}

export interface PixelOptions {
  /** Letter -> colour; colours not in it come out as '?'. */
  readonly palette?: Palette;
  /** How far each channel may be from a palette colour (lossy images); exact by default. */
  readonly tolerance?: number;
}

const sharedEngine = createEngine();

/** Renders `template` and checks its diagnostics and its PDF structure; the whole result. */
export async function renderChecked(template: string, options: StrictRenderOptions = {}): Promise<RenderResult> {
  const { expectDiagnostics = [], engine = sharedEngine, ...request } = options;
  const result = await engine.renderDetailed({ template, ...request });
  checkDiagnostics(result.diagnostics, expectDiagnostics);
  await qpdfCheck(result.pdf, request.encryption?.userPassword ?? request.encryption?.ownerPassword);
  return result;
}

/** The PDF of `template`, its diagnostics and structure checked. */
export async function renderPdf(template: string, options: StrictRenderOptions = {}): Promise<Uint8Array> {
  return (await renderChecked(template, options)).pdf;
}

/** Every page of `template` as rows of palette letters. */
export async function renderPixels(template: string, options: StrictRenderOptions = {}, pixels: PixelOptions = {}): Promise<string[][]> {
  return rasterize(await renderPdf(template, options), pixels.palette ?? DEFAULT_PALETTE, pixels.tolerance ?? 0);
}

/** The one page of `template` as rows of palette letters; fails when the document has more pages. */
export async function renderPage(template: string, options: StrictRenderOptions = {}, pixels: PixelOptions = {}): Promise<string[]> {
  const pages = await renderPixels(template, options, pixels);
  if (pages.length !== 1) throw new Error(`expected one page, the document has ${pages.length}`);
  return pages[0]!;
}
