/** The document's mode from its doctype (HTML §13.2.6.4.1), as the tree builder sets it. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseHtml } from '../../src/dom/parse.js';
import { parseDoctype } from '../../src/dom/document-mode.js';

const modeOf = (html: string): string => parseHtml(html, 'doc.html').mode;

describe('document mode', () => {
  it.each([
    ['<p>no doctype', 'quirks'],
    ['<!DOCTYPE html><p>x', 'no-quirks'],
    ['<!doctype HTML>', 'no-quirks'],
    ['\n  <!-- a comment first -->\n<!DOCTYPE html>', 'no-quirks'],
    ['<!DOCTYPE html SYSTEM "about:legacy-compat">', 'no-quirks'],
    ['<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01//EN" "http://www.w3.org/TR/html4/strict.dtd">', 'no-quirks'],
    ['<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">', 'no-quirks'],
    ['<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN" "http://www.w3.org/TR/html4/loose.dtd">', 'limited-quirks'],
    ['<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN">', 'quirks'],
    ['<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">', 'limited-quirks'],
    ["<!DOCTYPE html PUBLIC '-//W3C//DTD XHTML 1.0 Frameset//EN'>", 'limited-quirks'],
    ['<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 3.2 Final//EN">', 'quirks'],
    ['<!DOCTYPE html PUBLIC "-//w3c//dtd html 4.0 transitional//en">', 'quirks'],
    ['<!DOCTYPE html PUBLIC "HTML">', 'quirks'],
    ['<!DOCTYPE html SYSTEM "http://www.ibm.com/data/dtd/v11/ibmxhtml1-transitional.dtd">', 'quirks'],
    ['<!DOCTYPE>', 'quirks'],
    ['<!DOCTYPE svg>', 'quirks'],
    ['<!DOCTYPE html PUBLIC>', 'quirks'],
    ['<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01//EN>', 'quirks'],
    ['<p>content first</p><!DOCTYPE html>', 'quirks'],
  ])('%s: %s', (html, mode) => {
    expect(modeOf(html)).toBe(mode);
  });

  it('reads any declaration text without throwing', () => {
    fc.assert(fc.property(fc.string({ maxLength: 80 }), (text) => {
      const token = parseDoctype(text);
      expect(typeof token.forceQuirks).toBe('boolean');
    }), { numRuns: 500 });
  });
});
