/**
 * A media query that does not parse matches nothing, as `not all` (Media Queries 4 §3.2), and is
 * warned once by what it is. MJML's carousel writes `@media screen yahoo { … }` for Yahoo Mail in
 * every e-mail that has one; Chromium 156 ignores it silently and applies the rules around it.
 */
import { describe, expect, it } from 'vitest';
import { styleHtml } from './helpers.js';

describe('an invalid @media prelude', () => {
  it('matches nothing and says so, naming the query, where css-tree said `Identifier "and" is expected`', async () => {
    const doc = await styleHtml(`<!DOCTYPE html><html><head><style>
p { color: #00ff00 }
@media print yahoo { #a { color: red } }
@media screen yahoo {
  .mj-carousel-icons-cell { display: none !important; }
}
@media print and (min-width: 10px) { #c { color: blue } }
</style></head><body><p id="a">a</p><p id="b" class="mj-carousel-icons-cell">b</p><p id="c">c</p></body></html>`);
    // Chromium 156: #a and #b stay green and shown, #c is blue
    expect(doc.style('#a').color).toEqual({ r: 0, g: 255, b: 0, a: 1 });
    expect(doc.style('#b').display).toBe('block');
    expect(doc.style('#c').color).toEqual({ r: 0, g: 0, b: 255, a: 1 });
    expect(doc.diagnostics.map((d) => `${d.line}:${d.column} ${d.message}`)).toEqual([
      '3:8 invalid media query `print yahoo`: its rules apply to no medium (as `not all`)',
      '4:8 invalid media query `screen yahoo`: its rules apply to no medium (as `not all`)',
    ]);
  });

  it('counts the list\'s other queries, in a prelude and in a media attribute', async () => {
    const doc = await styleHtml(`<!DOCTYPE html><html><head><style>
@media print, screen yahoo { #a { color: #0000ff } }
@media screen yahoo, (min-width: 10px) and (max-width: 20px) { #b { color: #0000ff } }
</style><style media="screen yahoo, print">#c { color: #0000ff }</style></head><body><p id="a">a</p><p id="b">b</p><p id="c">c</p></body></html>`);
    // Chromium 156 printing: #a and #c blue (print matches), #b black (no query matches)
    expect([doc.style('#a').color, doc.style('#b').color, doc.style('#c').color]).toEqual([
      { r: 0, g: 0, b: 255, a: 1 }, { r: 0, g: 0, b: 0, a: 1 }, { r: 0, g: 0, b: 255, a: 1 },
    ]);
    // one problem at two places
    expect(doc.diagnostics.map((d) => `${d.line}:${d.column} ${d.message} (${d.count})`)).toEqual([
      '2:8 invalid media query `screen yahoo`: it matches no medium (as `not all`); the list\'s other queries still apply (2)',
    ]);
  });
});
