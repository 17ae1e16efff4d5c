/**
 * What a render keeps of the DOM while it lays out and paints (render.ts): nothing, unless the
 * layout needs it. The URL origins (dom/url-origins.ts) walk the DOM when a warning first asks,
 * so they hold it; only the `@page` background images, loaded once a layout that yields the pages
 * whole is done, can still ask after the front stages, and the render lets the origins go as soon
 * as layout says it yields the pages one at a time. Kept, they held the 1,000-page table's whole
 * DOM through its layout (bench/README.md, "stop 34: the 1,000-page table's peak").
 */
import v8 from 'node:v8';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { Element } from 'domhandler';

/** Live DOM elements (after a full GC) when the first page's flow is painted (a full GC per page is slow). */
const elementsAtPaint: number[] = [];
let pagesPainted = 0;

// v8.queryObjects is "experimental" in Node 20: its one warning is not this test's output
process.removeAllListeners('warning');

vi.mock('../../src/paint/paint-page.js', async (importOriginal) => (await import('../helpers/painter-hook.js')).withPainterHook(await importOriginal(), (laid) => {
  if (laid.kind === 'page' && pagesPainted++ === 0) elementsAtPaint.push(v8.queryObjects(Element, { format: 'count' }) as number);
}));

const { createInternalEngine } = await import('../../src/render.js');
const engine = createInternalEngine();
const folder = mkdtempSync(join(tmpdir(), 'octavo-dom-lifetime-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const ROWS = 200;
const table = (head = ''): string => `<html><head><style>@page { size: 300px 200px; margin: 20px } td { font: 10px "Liberation Sans" }${head}</style></head>
<body><table>${Array.from({ length: ROWS }, (_, i) => `<tr><td>row ${i}</td><td><span>${i * 7}</span></td></tr>`).join('')}</table></body></html>`;

describe('the DOM during layout and paint', () => {
  it('is gone once layout yields the pages one at a time', async () => {
    elementsAtPaint.length = 0;
    pagesPainted = 0;
    const result = await engine.renderDetailed({ template: table(), data: {} });
    expect(result.pages).toBeGreaterThan(5);
    // the table has ~4 elements a row: none of them is alive (a few from elsewhere may be)
    expect(elementsAtPaint).toHaveLength(1);
    expect(elementsAtPaint[0]).toBeLessThan(ROWS / 4);
  });

  it('the `@page` background images, loaded after a whole layout, still warn with the URL as written', async () => {
    const result = await engine.renderDetailed({ template: table('@page { background: url(images/missing.png) }'), data: {}, baseDir: folder });
    const warnings = result.diagnostics.filter((d) => d.message.includes('missing.png'));
    expect(warnings).toMatchObject([{ message: 'image not loaded: cannot read images/missing.png: no such file', line: 1 }]);
  });
});
