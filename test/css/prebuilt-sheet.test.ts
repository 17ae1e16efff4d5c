import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadPrebuiltSheet, prebuildSheet } from '../../src/css/prebuilt-sheet.js';
import { parseStylesheet } from '../../src/css/parse.js';
import { prebuildUserAgentSheets } from '../../src/css/cache.js';
import type { ParsedSheet } from '../../src/css/stylesheet.js';
import { parseHtml } from '../../src/dom/parse.js';
import type { DomElement, DomNode } from '../../src/dom/types.js';
import { isElement } from '../../src/dom/types.js';

const SHEETS = ['ua.css', 'ua-quirks.css'].map((file) => ({ file, source: readFileSync(new URL(`../../src/css/${file}`, import.meta.url), 'utf8') }));

/** The sheet without its selectors' matching functions (compared by what they match). */
function withoutMatches(sheet: ParsedSheet): unknown {
  return { ...sheet, rules: sheet.rules.map((rule) => ({ ...rule, selectors: rule.selectors.map(({ match: _match, ...entry }) => entry) })) };
}

/** Where each object reached more than once is first reached, by the paths that reach it again. */
function sharing(value: unknown): string[] {
  const first = new Map<object, string>();
  const shared: string[] = [];
  const walk = (v: unknown, path: string): void => {
    if (v === null || typeof v !== 'object') return;
    const seen = first.get(v);
    if (seen !== undefined) { shared.push(`${path} = ${seen}`); return; }
    first.set(v, path);
    for (const [key, child] of Object.entries(v)) walk(child, `${path}.${key}`);
  };
  walk(value, '');
  return shared;
}

/** Where each element is tried: alone, in lists, tables, math, and the other parents the sheets name. */
const CONTEXTS = ['%', '<ul><li>%</li></ul>', '<ol><li><ul><li>%</li></ul></li></ol>', '<table><tr><td>%</td></tr></table>', '<table>%</table>', '<details open>%%</details>',
  '<nobr>%</nobr>', '<svg>%</svg>', '<math>%</math>', '<math><mfrac>%%%</mfrac></math>', '<math><msub><mi>x</mi>%</msub></math>', '<math><munderover>%%%</munderover></math>'];

/**
 * Elements the sheet may match: every element it names, bare and with each attribute (and value) it
 * tests (those in one context), in each of CONTEXTS; each in a document of its own (a `plaintext` or `script` takes the rest of one).
 */
function documentsFor(source: string): DomElement[] {
  const css = source.replace(/\/\*[\s\S]*?\*\//g, '');
  const selectors = css.match(/[^{};]+(?=\{)/g)!.join(',');
  const tags = new Set([...selectors.matchAll(/(?:^|[\s,>+~(])([a-zA-Z][a-zA-Z0-9]*)/g)].map((m) => m[1]!));
  const attributes = [...css.matchAll(/\[([a-z-]+)(?:="?([\w-]+))?/g)].map((m) => (m[2] === undefined ? m[1]! : `${m[1]}="${m[2]}"`));
  const elements: DomElement[] = [];
  const collect = (node: DomNode): void => {
    if (!isElement(node)) return;
    elements.push(node);
    node.children.forEach(collect);
  };
  const add = (context: string, element: string): void => parseHtml(`<!DOCTYPE html><body>${context.replaceAll('%', element)}</body>`, 't.html').root.children.forEach(collect);
  for (const tag of tags) {
    for (const context of CONTEXTS) add(context, `<${tag}>x</${tag}>`);
    for (const attribute of [...attributes, 'dir="rtl"', 'href="#x"', 'disabled']) add('<details open>%%</details>', `<${tag} ${attribute}>x</${tag}>`);
  }
  return elements;
}

describe('the UA stylesheets built in parsed (prebuilt-sheet.ts)', () => {
  for (const { file, source } of SHEETS) {
    it(`${file}: loads as parsing it gives, every rule and declaration, and warning-free`, () => {
      const parsed = parseStylesheet(source, undefined);
      const loaded = loadPrebuiltSheet(prebuildSheet(source), source)!;
      expect(parsed.warnings).toEqual([]);
      expect(loaded.rules.length).toBeGreaterThan(0);
      expect(withoutMatches(loaded)).toStrictEqual(withoutMatches(parsed));
      expect(sharing(withoutMatches(loaded))).toEqual(sharing(withoutMatches(parsed)));
    });

    it(`${file}: its selectors, compiled from their text on first use, match what the parsed ones match`, () => {
      const parsed = parseStylesheet(source, undefined);
      const loaded = loadPrebuiltSheet(prebuildSheet(source), source)!;
      const elements = documentsFor(source);
      expect(elements.length).toBeGreaterThan(100);
      let selectors = 0;
      let matching = 0;
      parsed.rules.forEach((rule, r) => rule.selectors.forEach((entry, s) => {
        const again = loaded.rules[r]!.selectors[s]!;
        selectors++;
        if (elements.some((element) => entry.match(element))) matching++;
        for (const element of elements) {
          const expected = entry.match(element);
          if (again.match(element) !== expected) expect.fail(`${entry.text} on <${element.name} ${JSON.stringify(element.attribs)}>`);
        }
      }));
      // the document tries most of them on something they match
      expect(matching).toBeGreaterThan(selectors * 0.9);
    });
  }

  it('is not used for another source: the caller parses it', () => {
    const { source } = SHEETS[0]!;
    const prebuilt = prebuildSheet(source);
    expect(loadPrebuiltSheet(prebuilt, `${source}\np { color: red }`)).toBeUndefined();
    expect(loadPrebuiltSheet(undefined, source)).toBeUndefined();
  });

  it('is made for both UA files, from the files beside the module', () => {
    expect(Object.keys(prebuildUserAgentSheets())).toEqual(['ua.css', 'ua-quirks.css']);
  });

  it('refuses a sheet whose parsed form holds what it cannot write', () => {
    // a media query is a compiled function; a scoped selector's proximity is one too, and its text is not the rule's whole selector
    expect(() => prebuildSheet('@media print { p { color: red } }')).toThrow('exact JSON: function at .rules.0.media.0');
    expect(() => prebuildSheet('@scope (.card) { p { color: red } }')).toThrow('selector `:where(.card) p` compiles to another entry from its text');
  });
});
