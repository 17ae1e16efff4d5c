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

const COMPACT = 'compact footnotes are displayed as blocks';
const POLICY = 'a footnote that does not fit moves its call\'s line (not the whole block) to the next page';

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
.a { display: block; footnote-display: compact }
.b { footnote-policy: block }
.c { footnote-display: compact; column-fill: balance-all }
</style><div class=a></div><div class=b></div><div class=c></div><div style="background-image: url(x.png)"></div>`);
    // A style attribute's declarations are located at their element.
    expect(summary(doc.diagnostics)).toEqual([
      `2:22 \`footnote-display: compact\` has no effect: ${COMPACT} (2)`,
      `3:6 \`footnote-policy: block\` has no effect: ${POLICY}`,
      '4:33 `column-fill: balance-all` has no effect: only the last fragment of a multi-column container is balanced (as `balance`)',
    ]);
    expect(doc.diagnostics.every((d) => d.file === 'doc.html' && d.code === 'css_unsupported')).toBe(true);
  });

  it('in var() values are found at computed-value time and warned at the element; var() errors at the declaration', async () => {
    const doc = await styleHtml(`<style>:root { --g: compact; --n: block } .a { footnote-display: var(--g) } .b { footnote-display: var(--n) } .c { width: var(--g) }</style>
<div class=a></div>
 <div class=a></div><div class=b></div><div class=c></div>`);
    // The second .a shares the first one's computed style (style sharing): computed, and counted, once.
    expect(summary(doc.diagnostics)).toEqual([
      `2:1 \`footnote-display: compact\` has no effect: ${COMPACT}`,
      '1:116 invalid value `compact` for `width` after var() substitution',
    ]);
  });

  it('stay silent for values that change nothing', async () => {
    const doc = await styleWith(`div { box-decoration-break: slice; gap: normal; row-gap: 0; flex: 0 1 auto; order: 0;
      justify-content: normal; align-self: auto; background: red; background-image: none; border-collapse: separate;
      border-spacing: 0; caption-side: top; empty-cells: show; table-layout: auto; page: auto; object-fit: cover;
      justify-content: inherit; gap: initial; text-transform: uppercase; text-transform: full-width; text-transform: Full-Size-Kana; font-variant-caps: petite-caps; font-variant-caps: unicase; font-variant-caps: titling-caps;
      flex-direction: column; flex-flow: row wrap; flex: 1; order: 2; align-self: end; place-content: center; column-gap: 3px;
      -webkit-justify-content: center; align-items: baseline; row-gap: 4px }`, '<div></div>');
    expect(doc.diagnostics).toEqual([]);
  });

  it.each([
    ['footnote-display: compact', '`footnote-display: compact`', COMPACT],
    ['Footnote-Policy: BLOCK', '`footnote-policy: block`', POLICY],
  ])('%s', async (declaration, subject, why) => {
    const doc = await styleWith(`div { ${declaration} }`, '<div></div>');
    expect(doc.diagnostics.map((d) => d.message)).toEqual([`${subject} has no effect: ${why}`]);
  });

  it('are reported for author sheets only: nothing warns in the UA sheet (its `visibility: collapse` on hidden table parts is honoured)', () => {
    const ua = parseStylesheet(readFileSync(new URL('../../src/css/ua.css', import.meta.url), 'utf8'), undefined);
    expect(ua.warnings).toEqual([]);
    expect(ua.rules.flatMap((rule) => rule.noEffect ?? []).map((w) => w.message)).toEqual([]);
  });

  it('are reported only for rules that match an element (a framework\'s rules for widgets the document lacks say nothing)', async () => {
    const css = '.spinner { animation: spin 1s } .carousel-caption { text-shadow: 0 1px 2px black } p { footnote-display: compact } .used { backdrop-filter: blur(2px) }';
    const doc = await styleWith(css, '<p class=used>x</p>');
    // columns of the document: its <style> starts at column 35 of line 1
    expect(summary(doc.diagnostics)).toEqual([
      `1:122 \`footnote-display: compact\` has no effect: ${COMPACT}`,
      '1:158 property `backdrop-filter` is not supported',
    ]);
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
<video poster="p.png"></video><object data="logo.png"></object><embed src="x" type="image/svg+xml">
</body>`);
    // a video's poster and an object's or embed's image are drawn: no warning
    expect(summary(doc.diagnostics)).toEqual([
      '3:1 element `<canvas>` is not rendered: a canvas has no script to draw it: its box is left empty',
      '3:18 element `<iframe>` is not rendered: embedded documents are not loaded: its box is left empty',
      '4:1 element `<video>` is not rendered: video is not drawn: its box is left empty (a `poster` image is drawn)',
      '4:40 element `<object>` is not rendered: embedded objects other than images are not loaded: its fallback content is shown',
      '4:64 element `<embed>` is not rendered: embedded content other than images is not loaded',
    ]);
    expect(doc.diagnostics.every((d) => d.code === 'html' && d.file === 'doc.html')).toBe(true);
  });
});

describe('layout modes', () => {
  it('have no block-flow fallback left: tables, grid and flex containers warn nothing', async () => {
    const { diagnostics } = await boxTree(`<style>td { padding: 0 }</style>
<table><tr><td>a</td></tr></table>
<div style="display: grid">b</div>
  <span style="display: inline-grid">c</span> <div style="display: grid"></div> <div style="display: flex"></div>`);
    expect(diagnostics.list().map(formatDiagnostic)).toEqual([]);
  });
});
