/**
 * Template previews (docs/design.md §1.4): the sample payload rendered to a PDF, and a PNG
 * thumbnail of its first page rasterised with pdf.js on @napi-rs/canvas (Skia, shipped inside
 * its npm package: nothing is downloaded at install). Both are loaded lazily: only
 * `template add` pays for them.
 */
import { loadSkia } from '../raster/skia.js';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Previews, TemplateFiles } from './storage/types.js';
import type { RenderPdf } from './renderer.js';

/** Width of the PNG thumbnail in pixels (its height follows the page's aspect ratio). */
export const THUMBNAIL_WIDTH = 600;

export interface PreviewSource {
  readonly html: string;
  readonly sample: unknown;
  readonly baseDir?: string;
  /** The template's stored files, when it is not rendered from its folder on disk. */
  readonly files?: TemplateFiles;
  readonly templateName?: string;
}

/** The previews of a template, and the warnings of rendering its sample (located: a damaged font, a missing image). */
export async function renderPreviews(renderPdf: RenderPdf, source: PreviewSource): Promise<{ readonly previews: Previews; readonly warnings: readonly string[] }> {
  const { pdf, warnings } = await renderPdf({
    template: source.html,
    data: source.sample ?? {},
    ...(source.baseDir === undefined ? {} : { baseDir: source.baseDir }),
    ...(source.files === undefined ? {} : { files: source.files }),
    ...(source.templateName === undefined ? {} : { templateName: source.templateName }),
  });
  return { previews: { pdf, png: await rasterizeFirstPage(pdf, THUMBNAIL_WIDTH) }, warnings: warnings ?? [] };
}

/** PNG of page 1 of `pdf`, `width` pixels wide, on white. */
export async function rasterizeFirstPage(pdf: Uint8Array, width: number): Promise<Uint8Array> {
  const canvasModule = await loadSkia();
  // pdf.js draws glyphs and clips with the global Path2D/DOMMatrix: give it Skia's.
  const globals = globalThis as Record<string, unknown>;
  globals['Path2D'] ??= canvasModule.Path2D;
  globals['DOMMatrix'] ??= canvasModule.DOMMatrix;
  globals['ImageData'] ??= canvasModule.ImageData;
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({
    data: new Uint8Array(pdf), // pdf.js transfers (detaches) the buffer it is given
    isEvalSupported: false,
    verbosity: 0,
    standardFontDataUrl: standardFontsDir(),
  }).promise;
  try {
    const page = await document.getPage(1);
    const unscaled = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: width / unscaled.width });
    const canvas = canvasModule.createCanvas(Math.round(viewport.width), Math.round(viewport.height));
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    // pdf.js types its parameters with the DOM's canvas types; Skia's canvas is API-compatible.
    const parameters = { canvas, canvasContext: context, viewport } as unknown as Parameters<typeof page.render>[0];
    await page.render(parameters).promise;
    return new Uint8Array(canvas.toBuffer('image/png'));
  } finally {
    await document.destroy();
  }
}

function standardFontsDir(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts') + '/';
}
