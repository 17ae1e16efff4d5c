/**
 * Custom properties a template leaves unset or empty: CSS defines the result (the declaration is
 * `unset`), frameworks rely on it and browsers say nothing, so a render is quiet; linting (the
 * `lint` option, `octavo check`) names each declaration once, where it is written.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/api.js';
import type { Diagnostic } from '../../src/diagnostics.js';
import { renderChecked } from '../helpers/render.js';

// as a framework writes them: a hook a page may set, a variable set empty, a typo of the page's own
const FRAMEWORK_CSS = `:root { --ui-radius: 4px }
body { text-align: var(--ui-body-align) }
.card { --ui-card-height: ; height: var(--ui-card-height); border-radius: var(--ui-radius) }
`;
const TEMPLATE = `<!DOCTYPE html>
<link rel="stylesheet" href="ui.css">
<style>h1 { color: var(--brand-colour) } h1 { --w: red; width: var(--w) }</style>
<h1>Title</h1>
<div class="card" style="margin: var(--gap)">One</div>
<div class="card">Two</div>`;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'octavo-variables-'));
  writeFileSync(join(dir, 'ui.css'), FRAMEWORK_CSS);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const located = (d: Diagnostic) => [d.message, d.file?.replace(dir, '<dir>'), d.line, d.column, d.count];

describe('custom properties left unset or empty', () => {
  it('are quiet in a render; a value invalid once substituted is warned once, at its declaration', async () => {
    const result = await renderChecked(TEMPLATE, {
      baseDir: dir, templateName: 'page.html',
      expectDiagnostics: [{ code: 'css_invalid_value', message: 'invalid value `red` for `width` after var() substitution', file: 'page.html', line: 3, column: 57 }],
    });
    expect(result.pages).toBe(1);
  });

  it('are named when linting: each declaration once, in its own file; a style attribute\'s at its element', async () => {
    const result = await createEngine().renderDetailed({ template: TEMPLATE, baseDir: dir, templateName: 'page.html', lint: true });
    expect(result.diagnostics.map(located)).toEqual([
      ['`text-align: var(--ui-body-align)` refers to an undefined custom property; the declaration is ignored', '<dir>/ui.css', 2, 8, undefined],
      ['`color: var(--brand-colour)` refers to an undefined custom property; the declaration is ignored', 'page.html', 3, 13, undefined],
      ['invalid value `red` for `width` after var() substitution', 'page.html', 3, 57, undefined],
      ['`margin: var(--gap)` refers to an undefined custom property; the declaration is ignored', 'page.html', 5, 1, undefined],
      ['invalid value `` for `height` after var() substitution', '<dir>/ui.css', 3, 29, undefined],
    ]);
  });

  it('are named when linting after a render of the same sheets (styles computed quietly are not reused)', async () => {
    const engine = createEngine();
    await engine.renderDetailed({ template: TEMPLATE, baseDir: dir, templateName: 'page.html' });
    const linted = await engine.renderDetailed({ template: TEMPLATE, baseDir: dir, templateName: 'page.html', lint: true });
    expect(linted.diagnostics.length).toBe(5);
    const quiet = await engine.renderDetailed({ template: TEMPLATE, baseDir: dir, templateName: 'page.html' });
    expect(quiet.diagnostics.length).toBe(1);
  });
});
