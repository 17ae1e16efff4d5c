/**
 * Every fragment layout makes is a record of its kind's class (layout/fragment-records.ts), so each
 * kind has one hidden class in V8: a fragment made by an object literal or a spread would give the
 * sites that read fragments a class more, which is what the records are there to prevent. The
 * gallery fixtures and documents for the paths the fixtures do not take (legends, orthogonal and
 * vertical flows, grid areas, positioned boxes, footnotes, clamped and ellipsed lines, markers,
 * column rules, collapsed and layered tables, shrunk pages) are laid out and every fragment is checked.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createInternalEngine } from '../../src/render.js';
import type { Fragment } from '../../src/layout/types.js';
import { BoxFragmentRecord, ImageRecord, LineRecord, TextRecord } from '../../src/layout/fragment-records.js';

const FIXTURES = fileURLToPath(new URL('../../fixtures/', import.meta.url));
const engine = createInternalEngine();

const RECORD_OF = { box: BoxFragmentRecord, line: LineRecord, text: TextRecord, image: ImageRecord } as const;

/** Paths to the fragments that are not their kind's record (with their own keys, to find the site that made them). */
function strays(fragments: readonly Fragment[], path: string, out: string[] = []): string[] {
  fragments.forEach((f, index) => {
    const at = `${path}/${f.kind}[${index}]`;
    if (!(f instanceof RECORD_OF[f.kind])) out.push(`${at} ${f.constructor.name} {${Object.keys(f).join(',')}}`);
    if (f.kind === 'box' || f.kind === 'line') strays(f.children, at, out);
  });
  return out;
}

async function straysOf(template: string, data: unknown = {}, baseDir?: string): Promise<{ strays: string[]; fragments: number }> {
  const laid = await engine.layout({ template, data, ...(baseDir === undefined ? {} : { baseDir }) });
  let fragments = 0;
  const count = (list: readonly Fragment[]): void => {
    for (const f of list) {
      fragments++;
      if (f.kind === 'box' || f.kind === 'line') count(f.children);
    }
  };
  const found: string[] = [];
  laid.pages.forEach((page, index) => {
    count(page.children);
    count(page.marginBoxes);
    strays(page.children, `page ${index + 1}`, found);
    strays(page.marginBoxes, `page ${index + 1} margins`, found);
  });
  return { strays: found, fragments };
}

const DOCUMENTS: Record<string, string> = {
  'fieldset with a legend': '<fieldset><legend>Legend</legend><p>Inside</p></fieldset>',
  'orthogonal flow': '<div style="writing-mode: vertical-rl; height: 120px">Turned text in a vertical box</div><div style="writing-mode: vertical-lr; height: 120px"><p>one</p><p>two</p></div>',
  'vertical document': '<html style="writing-mode: vertical-rl"><body><p>縦書きの文章です。</p><p>Second paragraph</p></body></html>',
  'grid with positioned items in areas': '<div style="display: grid; grid-template-columns: 1fr 1fr; position: relative"><div>a</div><div>b</div><div style="position: absolute; grid-column: 2; top: 0">abs</div></div>',
  'positioned boxes': '<div style="position: relative; height: 50px"><span style="position: absolute; right: 0; bottom: 0">corner</span></div><div style="position: fixed; top: 0">fixed</div>',
  'footnotes': '<style>.fn { float: footnote }</style><p>Text<span class="fn">A note</span> and more text.</p>',
  'line clamp and ellipsis': '<p style="-webkit-line-clamp: 2; display: -webkit-box; -webkit-box-orient: vertical; overflow: hidden; width: 80px">A long paragraph of words that wraps over more than two lines of text</p><p style="width: 60px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis">overflowing line of text</p>',
  'list markers': '<ul><li>disc</li></ul><ol style="list-style-position: outside"><li>one</li><li>two</li></ol><ul style="list-style: square inside"><li>inside</li></ul>',
  'column rules': '<div style="columns: 2; column-rule: 1px solid black"><p>One</p><p>Two</p><p>Three</p><p>Four</p></div>',
  'collapsed and layered tables': '<table style="border-collapse: collapse"><tr style="background: #eee; position: relative; top: 2px"><td style="border: 1px solid; position: relative">a</td><td style="border: 2px solid">b</td></tr><tbody style="opacity: 0.5"><tr><td style="position: relative"><span style="position: absolute; top: 0">abs</span>c</td></tr></tbody></table>',
  'inline boxes and images': '<p>Some <span style="border: 1px solid; padding: 2px">boxed <b>bold</b></span> text <img style="width: 10px; height: 10px" src="data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22 width=%2210%22 height=%2210%22/%3E"> and an <span style="display: inline-block; width: 20px">inline block</span>.</p>',
  'flex and page margin boxes': '<style>@page { @top-center { content: "Header " counter(page) } }</style><div style="display: flex; gap: 4px"><div>a</div><div style="flex: 1">b</div></div>',
  'a page break inside a table': '<table><thead><tr><th>h</th></tr></thead>' + '<tr><td>row</td></tr>'.repeat(80) + '</table>',
};

describe('fragment records', () => {
  const fixtures = readdirSync(FIXTURES, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();

  it.each(fixtures)('fixture %s: every fragment is its kind\'s record', async (name) => {
    const folder = join(FIXTURES, name);
    const data: unknown = JSON.parse(readFileSync(join(folder, 'data.json'), 'utf8'));
    const found = await straysOf(readFileSync(join(folder, 'template.html'), 'utf8'), data, folder);
    expect(found.fragments).toBeGreaterThan(20);
    expect(found.strays).toEqual([]);
  });

  it.each(Object.entries(DOCUMENTS))('%s: every fragment is its kind\'s record', async (_, html) => {
    const found = await straysOf(html);
    expect(found.fragments).toBeGreaterThan(3);
    expect(found.strays).toEqual([]);
  });
});
