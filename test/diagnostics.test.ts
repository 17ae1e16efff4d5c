import { describe, expect, it } from 'vitest';
import { Diagnostics } from '../src/diagnostics.js';

// Diagnostics are serialised (CLI --json, the service's responses): the records keep their keys
// and the keys' order whichever way they are built.
describe('Diagnostics', () => {
  it('keeps only the defined parts of a location, in the order file, line, column', () => {
    const diagnostics = new Diagnostics();
    diagnostics.warn('html', 'a', { column: 3, line: 2, file: 'x.html' });
    diagnostics.warn('html', 'b', { line: 7 });
    diagnostics.warn('html', 'c');
    expect(JSON.stringify(diagnostics.list())).toBe(JSON.stringify([
      { severity: 'warning', code: 'html', message: 'a', file: 'x.html', line: 2, column: 3 },
      { severity: 'warning', code: 'html', message: 'b', line: 7 },
      { severity: 'warning', code: 'html', message: 'c' },
    ]));
  });

  it('counts a problem found at other places once per place, the count last', () => {
    const diagnostics = new Diagnostics();
    for (const line of [1, 2, 2, 3]) diagnostics.warn('css_parse', 'bad', { file: 'a.css', line });
    expect(JSON.stringify(diagnostics.list())).toBe(JSON.stringify([
      { severity: 'warning', code: 'css_parse', message: 'bad', file: 'a.css', line: 1, count: 3 },
    ]));
  });
});
