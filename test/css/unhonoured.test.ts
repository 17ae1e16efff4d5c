/**
 * No silent gaps: a property, value or element octavo parses but does not honour is a warning
 * naming it, at the rule's or element's file:line:column, counted over its occurrences.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Diagnostics, formatDiagnostic } from '../../src/diagnostics.js';
import { parseStylesheet } from '../../src/css/parse.js';
import { UNHONOURED } from '../../src/css/properties/unhonoured.js';
import { boxTree } from '../boxes/helpers.js';
import { styleHtml, styleWith } from './helpers.js';

const FLEX = 'flex and grid layout are not supported yet (the container is laid out as block flow)';
const TABLE = 'table layout is not supported yet (tables are laid out as block flow)';

/** `line:column message (count)` of each diagnostic. */
const summary = (diagnostics: readonly { line?: number; column?: number; message: string; count?: number }[]): string[] =>
  diagnostics.map((d) => `${d.line}:${d.column} ${d.message}${d.count === undefined ? '' : ` (${d.count})`}`);

describe('Diagnostics counts repeats of a problem', () => {
  it('keeps one diagnostic per code and message, at its first place, counting distinct places', () => {
    const diagnostics = new Diagnostics();
    diagnostics.warn('html', 'a', { file: 'x.html', line: 3, column: 1 });
    diagnostics.warn('html', 'b', { file: 'x.html', line: 4, column: 1 });
    diagnostics.warn('html', 'a', { file: 'x.html', line: 9, column: 5 });
    diagnostics.warn('html', 'a', { file: 'x.html', line: 9, column: 5 }); // the same place again: not another occurrence
    diagnostics.warn('css_unsupported', 'a', { file: 'x.html', line: 1 });
    expect(diagnostics.list()).toEqual([
      { severity: 'warning', code: 'html', message: 'a', file: 'x.html', line: 3, column: 1, count: 2 },
      { severity: 'warning', code: 'html', message: 'b', file: 'x.html', line: 4, column: 1 },
      { severity: 'warning', code: 'css_unsupported', message: 'a', file: 'x.html', line: 1 },
    ]);
    expect(diagnostics.list().map(formatDiagnostic)).toEqual([
      'x.html:3:1: warning[html]: a (2 occurrences)',
      'x.html:4:1: warning[html]: b',
      'x.html:1: warning[css_unsupported]: a',
    ]);
  });
});

describe('parsed but not honoured properties', () => {
  it('warn at each declaration (file:line:column), one line per problem with its count', async () => {
    const doc = await styleHtml(`<style>
.a { display: block; gap: 4px }
.b { justify-content: center; align-items: center }
.c { gap: 1em 2em; box-decoration-break: clone }
</style><div class=a></div><div style="background-image: url(x.png)"></div>`);
    // A style attribute's declarations are located at their element.
    expect(summary(doc.diagnostics)).toEqual([
      `2:22 \`gap\` has no effect: ${FLEX} (2)`,
      `3:6 \`justify-content\` has no effect: ${FLEX}`,
      `3:31 \`align-items\` has no effect: ${FLEX}`,
      '4:20 `box-decoration-break: clone` has no effect: boxes are always sliced at page breaks',
    ]);
    expect(doc.diagnostics.every((d) => d.file === 'doc.html' && d.code === 'css_unsupported')).toBe(true);
  });

  it('in var() values are found at computed-value time and warned at the element, as are var() errors', async () => {
    const doc = await styleHtml(`<style>:root { --g: 4px; --n: normal } .a { gap: var(--g) } .b { gap: var(--n) } .c { width: var(--nope) }</style>
<div class=a></div>
 <div class=a></div><div class=b></div><div class=c></div>`);
    // The second .a shares the first one's computed style (style sharing): computed, and counted, once.
    expect(summary(doc.diagnostics)).toEqual([
      `2:1 \`gap\` has no effect: ${FLEX}`,
      '3:40 `width: var(--nope)` refers to an undefined custom property; the declaration is ignored',
    ]);
  });

  it('stay silent for values that change nothing', async () => {
    const doc = await styleWith(`div { box-decoration-break: slice; gap: normal; row-gap: 0; flex: 0 1 auto; order: 0;
      justify-content: normal; align-self: auto; background: red; background-image: none; border-collapse: separate;
      border-spacing: 0; caption-side: top; empty-cells: show; table-layout: auto; page: auto; object-fit: cover;
      justify-content: inherit; gap: initial; text-transform: uppercase; font-variant-caps: petite-caps }`, '<div></div>');
    expect(doc.diagnostics).toEqual([]);
  });

  it.each([
    ['flex-direction: column', '`flex-direction`', FLEX],
    ['flex-flow: row wrap', '`flex-flow`', FLEX],
    ['flex: 1', '`flex`', FLEX],
    ['order: 2', '`order`', FLEX],
    ['align-self: end', '`align-self`', FLEX],
    ['place-content: center', '`justify-content` (in `place-content`)', FLEX],
    ['column-gap: 3px', '`column-gap`', FLEX],
    ['-webkit-justify-content: center', '`justify-content`', FLEX],
    ['table-layout: fixed', '`table-layout: fixed`', TABLE],
    ['border-collapse: collapse', '`border-collapse: collapse`', TABLE],
    ['border-spacing: 2px', '`border-spacing`', TABLE],
    ['caption-side: bottom', '`caption-side: bottom`', TABLE],
    ['empty-cells: hide', '`empty-cells: hide`', TABLE],
    ['text-transform: full-width', '`text-transform: full-width`', 'full-width and full-size-kana forms are not drawn (as `none`)'],
    ['font-variant-caps: Unicase', '`font-variant-caps: unicase`', 'unicase and titling capitals are not drawn (as `normal`)'],
  ])('%s', async (declaration, subject, why) => {
    const doc = await styleWith(`div { ${declaration} }`, '<div></div>');
    expect(doc.diagnostics.map((d) => d.message)).toEqual([`${subject} has no effect: ${why}`]);
  });

  it('are reported for author sheets only: the UA sheet sets table defaults and nothing else warns in it', () => {
    const ua = parseStylesheet(readFileSync(new URL('../../src/css/ua.css', import.meta.url), 'utf8'), undefined);
    expect(ua.warnings.map((w) => w.message)).toEqual([`\`border-spacing\` has no effect: ${TABLE}`]);
  });

  it('are all listed in docs/css.md', () => {
    const docs = readFileSync(new URL('../../docs/css.md', import.meta.url), 'utf8');
    const section = docs.slice(docs.indexOf('## Parsed but not honoured yet'), docs.indexOf('## Generated content'));
    for (const property of UNHONOURED.keys()) expect(section, property).toContain(`\`${property}\``);
  });
});

describe('HTML elements octavo does not draw', () => {
  it('warn at the element, counted, unless they generate no box', async () => {
    const doc = await styleHtml(`<body>
<p>a <svg width=10 height=10><rect/></svg> <svg></svg></p>
<canvas></canvas><iframe src="x.html"></iframe>
<video></video><audio controls></audio><object data=x></object><embed src=x>
<div style="display:none"><svg></svg></div><svg hidden></svg>
</body>`);
    expect(summary(doc.diagnostics)).toEqual([
      '3:1 element `<canvas>` is not rendered: a canvas has no script to draw it',
      '3:18 element `<iframe>` is not rendered: embedded documents are not loaded',
      '4:1 element `<video>` is not rendered: video is not drawn (not even its poster)',
      '4:16 element `<audio>` is not rendered: audio has nothing to draw',
      '4:40 element `<object>` is not rendered: embedded objects are not loaded',
      '4:64 element `<embed>` is not rendered: embedded content is not loaded',
    ]);
    expect(doc.diagnostics.every((d) => d.code === 'html' && d.file === 'doc.html')).toBe(true);
  });
});

describe('layout-mode fallbacks', () => {
  it('carry the element\'s location and count every element', async () => {
    const { diagnostics } = await boxTree(`<style>td { padding: 0 }</style>
<table><tr><td>a</td></tr></table>
<div style="display: flex">b</div>
  <span style="display: inline-flex">c</span> <div style="display: flex"></div>`);
    expect(diagnostics.list().map(formatDiagnostic)).toEqual([
      'doc.html:2:1: warning[css_unsupported]: display: table is laid out as block flow for now',
      'doc.html:2:8: warning[css_unsupported]: display: table-row is laid out as block flow for now',
      'doc.html:2:12: warning[css_unsupported]: display: table-cell is laid out as block flow for now',
      'doc.html:3:1: warning[css_unsupported]: display: flex is laid out as block flow for now (2 occurrences)',
      'doc.html:4:3: warning[css_unsupported]: display: inline-flex is laid out as block flow for now',
    ]);
  });
});
