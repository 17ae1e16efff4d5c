/** Render warnings an author can act on: located, URLs as written, dropped elements said once (issue 31). */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/api.js';
import checkCommand from '../../src/cli/commands/check.js';
import { runCommand } from './io.js';

let dir: string;

const TEMPLATE = `<html><head><link rel="stylesheet" href="nope.css">
<style>
  .bg { background-image: url("bg/missing.png") }
</style></head><body>
<img src="images/logo.png">
<script>document.write('x')</script><noscript>n</noscript><template><p>t</p></template><script></script>
<iframe src="a.html"></iframe><canvas></canvas><input type="checkbox">
<div class="bg" style="border-image: url(frames/gone.png) 30">y</div>
</body></html>`;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'octavo-warnings-'));
  mkdirSync(join(dir, 'letter'));
  writeFileSync(join(dir, 'letter', 'letter.html'), TEMPLATE);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('render warnings', () => {
  it('name the template file:line:column and the URL as written; each dropped element kind once (<noscript> is shown: no scripting)', async () => {
    const { diagnostics } = await createEngine().renderDetailed({ template: TEMPLATE, baseDir: join(dir, 'letter'), templateName: 'letter.html' });
    const said = diagnostics.map(({ code, message, file, line, column }) => `${file}:${line}:${column}: ${code}: ${message}`).sort();
    expect(said).toEqual([
      'letter.html:1:13: resource: stylesheet not found: nope.css',
      'letter.html:3:27: resource: image not loaded: cannot read bg/missing.png: no such file',
      'letter.html:5:1: resource: image not loaded: cannot read images/logo.png: no such file',
      'letter.html:6:1: html: element `<script>` is dropped: octavo runs no script (its output, if any, is not in the document)',
      'letter.html:6:59: html: element `<template>` is dropped: its content is inert, as in a browser (a Handlebars template is not a <template> element)',
      'letter.html:7:1: html: element `<iframe>` is not rendered: embedded documents are not loaded: its box is left empty',
      'letter.html:7:31: html: element `<canvas>` is not rendered: a canvas has no script to draw it: its box is left empty',
      'letter.html:8:1: resource: image not loaded: cannot read frames/gone.png: no such file',
    ].sort());
  });

  it('locate an image or font a linked or @imported stylesheet names in that stylesheet, with its URL as written', async () => {
    mkdirSync(join(dir, 'site', 'css'), { recursive: true });
    writeFileSync(join(dir, 'site', 'css', 'site.css'), `@import "parts/more.css";
.logo {
  background: url(img/missing.png) no-repeat;
}
@font-face { font-family: Cert; src: url("fonts/cert.woff2") format("woff2") }
body { font-family: Cert, serif }
`);
    mkdirSync(join(dir, 'site', 'css', 'parts'));
    writeFileSync(join(dir, 'site', 'css', 'parts', 'more.css'), `p {\n  border-image: url('../img/gone.png') 30;\n}\n`);
    const template = '<link rel="stylesheet" href="css/site.css"><div class="logo">x</div><p>y</p>';
    const { diagnostics } = await createEngine().renderDetailed({ template, baseDir: join(dir, 'site'), templateName: 'site.html' });
    const css = join(dir, 'site', 'css');
    const said = diagnostics.map(({ code, message, file, line, column }) => `${file}:${line}:${column}: ${code}: ${message}`).sort();
    expect(said).toEqual([
      `${css}/parts/more.css:2:17: resource: image not loaded: cannot read ../img/gone.png: no such file`,
      `${css}/site.css:3:15: resource: image not loaded: cannot read img/missing.png: no such file`,
      `${css}/site.css:5:38: font: @font-face "Cert" was ignored: cannot read fonts/cert.woff2: no such file`,
    ].sort());
  });

  it('place CSS problems at their line:column, in a <style> that starts on the line of its tag and in style attributes', async () => {
    const template = `<p>x</p>
<style>p { colr: red }</style>  <style>h1 { color: bleu }
  h2 { margn: 0 }</style>
<div>
  <span style="colour: blue">y</span></div>`;
    const { diagnostics } = await createEngine().renderDetailed({ template, templateName: 'cols.html' });
    expect(diagnostics.map(({ code, file, line, column }) => `${file}:${line}:${column}: ${code}`)).toEqual([
      'cols.html:2:12: css_unknown_property',
      'cols.html:2:45: css_invalid_value',
      'cols.html:3:8: css_unknown_property',
      'cols.html:5:3: css_unknown_property',
    ]);
  });

  it('octavo check gives unrendered and dropped elements a hint that says so (not "the HTML was repaired")', async () => {
    const result = await runCommand(checkCommand, ['letter/letter.html'], { cwd: dir });
    const lines = result.stdout.toString('utf8').split('\n');
    const hints = lines.filter((_, index) => /element `<(script|iframe)>`/.test(lines[index - 1] ?? ''));
    expect(hints).toEqual([
      '  hint: octavo does not draw this element (said once per kind of element); the document renders without it',
      '  hint: octavo does not draw this element (said once per kind of element); the document renders without it',
    ]);
    expect(result.stdout.toString('utf8')).not.toContain('file://');
  });
});
