/**
 * Engine limits (options.ts `Limits`): each one refuses hostile input with `limit_exceeded`
 * naming the limit and its value — never a stack overflow, never a hang.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine, OctavoError } from '../../src/api.js';
import type { Limits, RenderOptions } from '../../src/api.js';
import { DEFAULT_LIMITS } from '../../src/options.js';
import { checkDataDepth, createBudget } from '../../src/limits.js';
import { cpuTime } from '../helpers/cpu-time.js';
import { png } from '../resources/image-bytes.js';

async function failure(limits: Limits | undefined, options: RenderOptions): Promise<OctavoError> {
  const engine = createEngine(limits === undefined ? {} : { limits });
  const error = await engine.render(options).then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(OctavoError);
  return error as OctavoError;
}

function expectLimit(error: OctavoError, name: keyof Limits, value: number): void {
  expect(error.code).toBe('limit_exceeded');
  expect(error.message).toContain(`(limits.${name} = ${value})`);
}

const nested = (depth: number) => '<div>'.repeat(depth) + 'x' + '</div>'.repeat(depth);

describe('limits', () => {
  it('has defaults for a shared server', () => {
    expect(DEFAULT_LIMITS).toEqual({
      maxPages: 1000, maxTemplateBytes: 5 * 1024 * 1024, maxResourceBytes: 20 * 1024 * 1024, maxNestingDepth: 256,
      maxDataDepth: 64, maxPayloadBytes: 10 * 1024 * 1024, maxBoxes: 500_000, maxRenderMs: 60_000, maxImagePixels: 40_000_000, maxFontBytes: 20 * 1024 * 1024,
      maxResources: 256, maxTemplateOutputBytes: 32 * 1024 * 1024, maxTemplateSteps: 1_000_000, maxPartialDepth: 100,
      maxTemplateNesting: 128, maxSubexpressionDepth: 64, maxCustomPropertyLength: 65_536, maxCounters: 1000, maxSvgUseElements: 100_000,
    });
  });

  it('refuses 200,000 nested divs quickly, at the element that goes too deep', async () => {
    const { result: error, ms } = await cpuTime(() => failure(undefined, { template: nested(200_000), templateName: 'deep.html' }));
    expectLimit(error, 'maxNestingDepth', 256);
    expect(error.location).toBe('deep.html:1:1281'); // the 257th <div>, 5 characters each
    expect(ms).toBeLessThan(10_000); // CPU time; quadratic parsing took 80 s
  });

  it('renders nesting at the limit', async () => {
    const pdf = await createEngine().render({ template: nested(250) });
    expect(pdf.byteLength).toBeGreaterThan(0);
  });

  it('turns a stack overflow past a raised nesting limit into limit_exceeded', async () => {
    const error = await failure({ maxNestingDepth: 100_000 }, { template: nested(5_000) });
    expect(error.code).toBe('limit_exceeded');
    expect(error.message).toMatch(/nested too deeply.*limits\.maxNestingDepth = 100000/);
  });

  it('refuses deep data, iteratively, and cyclic data', async () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expectLimit(await failure(undefined, { template: 'x', data: deep }), 'maxDataDepth', 64);
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    expectLimit(await failure({ maxDataDepth: 10 }, { template: 'x', data: cyclic }), 'maxDataDepth', 10);
    expect(() => checkDataDepth({ a: { b: [1, { c: 2 }] } }, 4)).not.toThrow();
    expect(() => checkDataDepth({ a: { b: [1, { c: {} }] } }, 4)).toThrow(/maxDataDepth = 4/);
  });

  it('refuses data over maxPayloadBytes, counted as its JSON text', async () => {
    const data = { customer: { name: 'Zoë' }, lines: [1, 2.5, true, null, 'x'], note: 'ü'.repeat(10) };
    const size = Buffer.byteLength(JSON.stringify(data), 'utf8');
    expect(() => checkDataDepth(data, 64, size)).not.toThrow();
    expect(() => checkDataDepth(data, 64, size - 1)).toThrow(/the data is larger than \d+ bytes \(limits\.maxPayloadBytes = \d+\)/);
    const big = { rows: Array.from({ length: 1000 }, (_, i) => ({ n: i, text: 'lorem ipsum' })) };
    expectLimit(await failure({ maxPayloadBytes: 10_000 }, { template: '{{#each rows}}{{text}}{{/each}}', data: big }), 'maxPayloadBytes', 10_000);
    expect(await createEngine({ limits: { maxPayloadBytes: 100_000 } }).render({ template: '{{rows.length}}', data: big })).toBeInstanceOf(Uint8Array);
  });

  it('refuses a template over maxTemplateBytes', async () => {
    expectLimit(await failure({ maxTemplateBytes: 100 }, { template: 'x'.repeat(101) }), 'maxTemplateBytes', 100);
  });

  it('refuses more pages than maxPages', async () => {
    const template = '<p style="height: 2000px">x</p>'.repeat(5);
    const error = await failure({ maxPages: 3 }, { template });
    expect(error.code).toBe('limit_exceeded');
    expect(error.message).toContain('the document has more than 3 pages (limits.maxPages = 3)');
    expect(error.hint).toContain('limits.maxPages');
  });

  it('counts forced page breaks against maxPages before layout, never more than they make', async () => {
    const breaks = (count: number) => '<style>p { break-after: page }</style>' + '<p>x</p>'.repeat(count);
    const error = await failure({ maxPages: 3 }, { template: breaks(5) });
    expect(error.message).toBe("the document's forced page breaks make more than 3 pages (limits.maxPages = 3)");
    const { pages } = await createEngine({ limits: { maxPages: 3 } }).renderDetailed({ template: breaks(3) });
    expect(pages).toBe(3); // the last paragraph's break ends nothing
  });

  it('refuses more boxes than maxBoxes', async () => {
    expectLimit(await failure({ maxBoxes: 50 }, { template: '<p>x</p>'.repeat(60) }), 'maxBoxes', 50);
  });

  it('counts the boxes of tables, flex containers and positioned boxes against maxBoxes', async () => {
    // 30 rows of two cells: row, two cells, their blocks and texts are 7 boxes a row (they were not counted)
    const table = `<table>${'<tr><td>a</td><td>b</td></tr>'.repeat(30)}</table>`;
    expectLimit(await failure({ maxBoxes: 200 }, { template: table }), 'maxBoxes', 200);
    await expect(createEngine({ limits: { maxBoxes: 300 } }).render({ template: table })).resolves.toBeInstanceOf(Uint8Array);
    const flex = `<div style="display: flex">${'<span>x</span>'.repeat(120)}</div>`;
    expectLimit(await failure({ maxBoxes: 200 }, { template: flex }), 'maxBoxes', 200);
    const positioned = `<div style="position: absolute">${'<p>x</p>'.repeat(120)}</div>`;
    expectLimit(await failure({ maxBoxes: 200 }, { template: positioned }), 'maxBoxes', 200);
  });

  it('refuses a million-cell table while parsing, at the cell past maxBoxes', async () => {
    const table = `<table>\n${`<tr>${'<td>'.repeat(1000)}\n`.repeat(1000)}</table>`; // 4 MB
    const error = await failure(undefined, { template: table, templateName: 'cells.html' });
    expectLimit(error, 'maxBoxes', 500_000);
    // the table and 499 rows of 1,001 elements: the 500,000th is the 500th row's 500th cell
    expect(error.location).toBe('cells.html:501:2001');
  });

  it('stops layout when the time budget is spent', async () => {
    // 3,000 pages: the full render takes ~10 times the budget, so that V8's compiling in the first
    // 100ms (CPU on its helper threads too) leaves a wide margin (1,000 pages failed once under load)
    const template = '<style>p { break-after: page }</style>' + '<p>page</p>'.repeat(3000);
    const engine = createEngine({ limits: { maxRenderMs: 100, maxPages: 5000 } });
    const stopped = await cpuTime(() => engine.render({ template }).then(() => undefined, (e: unknown) => e as OctavoError));
    expectLimit(stopped.result!, 'maxRenderMs', 100);
    // the budget is wall time, so a loaded machine stops the render even sooner in CPU time
    const full = await cpuTime(() => createEngine({ limits: { maxPages: 5000 } }).render({ template }));
    expect(stopped.ms).toBeLessThan(full.ms / 3);
  });

  it('stops inside a page whose layout alone outlasts the budget', async () => {
    // one page, a tiny document, a second of layout: 60 nested fieldsets ending past the page end
    // search for breaks until the page's relayout allowance runs out (relayout-budget.ts)
    const template = `<body>${'<fieldset>'.repeat(60)}x${'</fieldset>'.repeat(60)}`;
    const full = await cpuTime(() => createEngine().render({ template }));
    const stopped = await cpuTime(() => createEngine({ limits: { maxRenderMs: 100 } }).render({ template }).then(() => undefined, (e: unknown) => e as OctavoError));
    expectLimit(stopped.result!, 'maxRenderMs', 100);
    expect(stopped.ms).toBeLessThan(full.ms / 3);
  });

  it('stops inside a page whose paint alone outlasts the budget', async () => {
    // each blurred drop-shadow of the chain blurs a mask of everything before it (work-budget.ts);
    // each a blur of its own, so that no mask is the one before it (text-shadow.ts keeps those)
    // (600px: each shadow a blur of the opaque box alone, the chain must still take well over the budget)
    const box = (filter: string): string => `<div style="width: 600px; height: 600px; background: red; filter: ${filter}">x</div>`;
    const template = box(Array.from({ length: 80 }, (_, i) => `drop-shadow(2px 2px ${3 + i / 100}px blue)`).join(' '));
    const full = await cpuTime(() => createEngine().render({ template }));
    const engine = createEngine({ limits: { maxRenderMs: 200 } });
    await engine.render({ template: box('none') }); // the same document without the filter fits the budget
    const stopped = await cpuTime(() => engine.render({ template }).then(() => undefined, (e: unknown) => e as OctavoError));
    expectLimit(stopped.result!, 'maxRenderMs', 200);
    expect(stopped.ms).toBeLessThan(full.ms / 2);
  });

  it('stops a render at its own maxRenderMs, the engine\'s limit still bounding it', async () => {
    // a table on each of 1,000 pages (~0.5 s warm): 1,000 one-word pages rendered warm in 78 ms on a fast machine, inside the 100 ms
    const rows = Array.from({ length: 10 }, (_, r) => `<tr><td>Row ${r}</td><td>item description</td><td>${r * 3}.50</td></tr>`).join('');
    const template = `<style>section { break-after: page } td { border: 1px solid #999 }</style>${`<section><table>${rows}</table></section>`.repeat(1000)}`;
    const engine = createEngine({ limits: { maxRenderMs: 100 } });
    const own = await engine.render({ template, maxRenderMs: 50 }).then(() => undefined, (e: unknown) => e as OctavoError);
    expect(own!.code).toBe('limit_exceeded');
    expect(own!.message).toContain("(the render's maxRenderMs = 50)"); // the setting to raise is the render's
    const longer = await engine.render({ template, maxRenderMs: 60_000 }).then(() => undefined, (e: unknown) => e as OctavoError);
    expectLimit(longer!, 'maxRenderMs', 100);
    // an engine default for the option counts as the render's own
    const byDefault = createEngine({ limits: { maxRenderMs: 100 }, defaults: { maxRenderMs: 50 } });
    const defaulted = await byDefault.render({ template }).then(() => undefined, (e: unknown) => e as OctavoError);
    expect(defaulted!.message).toContain("(the render's maxRenderMs = 50)");
    await expect(engine.render({ template: '<p>x</p>', maxRenderMs: 0 })).rejects.toThrow(/maxRenderMs: expected a positive whole number/);
  });

  it('checks the budget against a clock', () => {
    let now = 0;
    const check = createBudget(10, () => now);
    now = 10;
    expect(check).not.toThrow();
    now = 11;
    expect(check).toThrow(/rendering took longer than 10 ms \(limits\.maxRenderMs = 10\)/);
  });

  it('leaves out, with a located warning, an image with more pixels than maxImagePixels, never decoding it', async () => {
    const bomb = Buffer.from(png(1, 1));
    bomb.writeUInt32BE(100_000, 16); // IHDR width
    bomb.writeUInt32BE(100_000, 20); // IHDR height
    const src = `data:image/png;base64,${bomb.toString('base64')}`;
    const result = await createEngine().renderDetailed({ template: `<p>Logo:\n<img src="${src}"></p>`, templateName: 'bomb.html' });
    expect(result.pages).toBe(1);
    expect(result.diagnostics).toEqual([expect.objectContaining({
      code: 'resource', file: 'bomb.html', line: 2, column: 1,
      message: expect.stringMatching(/^image not loaded: the image .* has 100000×100000 pixels, more than 40000000 \(limits\.maxImagePixels = 40000000\)$/),
    })]);
  });

  it('leaves out, with a located warning, the resources past maxResources: the document renders', async () => {
    const images = Array.from({ length: 4 }, (_, i) => `<img src="data:image/png;base64,${Buffer.from(png(1, 1 + i)).toString('base64')}">`);
    const result = await createEngine({ limits: { maxResources: 3 } }).renderDetailed({ template: `<p>\n${images.join('\n')}</p>`, templateName: 'many.html' });
    expect(result.pages).toBe(1);
    expect(result.diagnostics).toEqual([expect.objectContaining({
      code: 'resource', file: 'many.html', line: 5, column: 1,
      message: expect.stringMatching(/^image not loaded: the document loads more than 3 resources \(limits\.maxResources = 3\)$/),
    })]);
  });

  it('leaves out a font over maxFontBytes and a stylesheet or image over maxResourceBytes, each a located warning', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'octavo-limits-'));
    writeFileSync(join(dir, 'big.ttf'), Buffer.alloc(2048));
    writeFileSync(join(dir, 'big.css'), `p { color: red }${' '.repeat(4096)}`);
    writeFileSync(join(dir, 'big.png'), Buffer.concat([Buffer.from(png(1, 1)), Buffer.alloc(4096)]));
    const font = `<style>\n@font-face { font-family: Big; src: url(big.ttf) } p { font-family: Big }</style><p>x</p>`;
    const fonts = await createEngine({ limits: { maxFontBytes: 1024 } }).renderDetailed({ template: font, baseDir: dir, templateName: 'font.html' });
    expect(fonts.diagnostics.map(({ file, line, column, message }) => `${file}:${line}:${column}: ${message}`)).toEqual([
      'font.html:2:37: @font-face "Big" was ignored: the font big.ttf is larger than 1024 bytes (limits.maxFontBytes = 1024)',
    ]);
    const sheet = '<link rel="stylesheet" href="big.css"><p>x</p>\n<p><img src="big.png"></p>';
    const sheets = await createEngine({ limits: { maxResourceBytes: 1024 } }).renderDetailed({ template: sheet, baseDir: dir, templateName: 'sheet.html' });
    expect(sheets.pages).toBe(1);
    expect(sheets.diagnostics.map(({ file, line, column, message }) => `${file}:${line}:${column}: ${message}`)).toEqual([
      'sheet.html:1:1: stylesheet not loaded: big.css is larger than 1024 bytes (limits.maxResourceBytes = 1024)',
      'sheet.html:2:4: image not loaded: big.png is larger than 1024 bytes (limits.maxResourceBytes = 1024)',
    ]);
  });

  it('still ends the document over a limit of the whole render: pages', async () => {
    expectLimit(await failure({ maxPages: 2 }, { template: '<p style="break-after: page">1</p><p style="break-after: page">2</p><p>3</p>' }), 'maxPages', 2);
  });

  it('validates the limits option', () => {
    expect(() => createEngine({ limits: { maxPages: 0 } })).toThrow(/invalid option limits\.maxPages: expected a positive whole number/);
    expect(() => createEngine({ limits: { maxPagez: 3 } as Limits })).toThrow(/invalid option limits\.maxPagez: unknown option/);
  });
});
