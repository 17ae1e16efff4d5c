/** Every helper example of docs/templates.md runs as written and gives the output shown; every helper has one. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { templateHarness } from './harness.js';
import { OCTAVO_HELPERS } from '../../src/template/helpers/index.js';

const doc = readFileSync(new URL('../../docs/templates.md', import.meta.url), 'utf8');
const ROW = /^\| `(.+?)` \| `(.+?)` \| `(.*)` \|$/;
const examples = doc.split('\n').map((line) => ROW.exec(line)).filter((m) => m !== null)
  .map(([, template = '', data = '', output = '']) => ({ template, data, output }));

const { render } = templateHarness('docs.html');

/** The text a document shows for the HTML a template produced. */
function decode(html: string): string {
  return html.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&#x3D;/g, '=').replace(/&#x60;/g, '`')
    .replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

describe('docs/templates.md helper examples', () => {
  it('has examples to run', () => {
    expect(examples.length).toBeGreaterThan(50);
  });

  it.each(examples)('$template with $data', async ({ template, data, output }) => {
    const shown = decode(await render(template, JSON.parse(data)));
    // an output ending in … is shortened in the docs: the part shown must start the real one
    if (output.endsWith('…')) expect(shown.startsWith(output.slice(0, -1))).toBe(true);
    else expect(shown).toBe(output);
  });

  it.each([...OCTAVO_HELPERS.keys()])('documents %s with an example', (name) => {
    expect(examples.some(({ template }) => new RegExp(`[{( ]${name}[ })]`).test(template))).toBe(true);
  });
});
