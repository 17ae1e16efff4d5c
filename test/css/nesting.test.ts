import { describe, expect, it } from 'vitest';
import { styleWith } from './helpers.js';

const red = { r: 255, g: 0, b: 0, a: 1 };
const green = { r: 0, g: 128, b: 0, a: 1 };
const blue = { r: 0, g: 0, b: 255, a: 1 };

describe('CSS Nesting 1', () => {
  it('reads rules nested with and without `&`, relative selectors and compound `&`', async () => {
    const doc = await styleWith(
      `.card { color: red;
         & .title { color: green }
         .body { color: blue }
         > #direct { font-size: 20px }
         &.wide { width: 300px }
         .dark & { padding-top: 7px }
       }`,
      `<div class="card wide" id="card"><h2 class="title" id="t">T</h2><p class="body" id="b">B</p><p id="direct">D</p></div>
       <div class="dark"><div class="card" id="inner"><span id="deep"><span id="direct-not">x</span></span></div></div>`,
    );
    expect(doc.diagnostics).toEqual([]);
    expect(doc.style('#card').color).toEqual(red);
    expect(doc.style('#t').color).toEqual(green);
    expect(doc.style('#b').color).toEqual(blue);
    expect(doc.style('#direct').fontSize).toBe(20);
    expect(doc.style('#direct-not').fontSize).not.toBe(20);
    expect(doc.style('#card').width).toBe(300);
    expect(doc.style('#inner').paddingTop).toBe(7);
    expect(doc.style('#card').paddingTop).toBe(0);
  });

  it('gives `&` the specificity of :is() of the parent list (the most specific selector)', async () => {
    // :is(#x, p) span has specificity (1,0,1): it beats `.z span` (0,1,1) even on the <p> branch
    const doc = await styleWith('#x, p { & span { color: green } } .z span { color: red }', '<p class="z"><span id="s">s</span></p>');
    expect(doc.style('#s').color).toEqual(green);
  });

  it('keeps the order of declarations after a nested rule (nested declarations)', async () => {
    const doc = await styleWith('p { color: red; & { color: blue } color: green; }', '<p id="p">x</p>');
    expect(doc.style('#p').color).toEqual(green);
  });

  it('applies nested @media and @supports to the parent selector, with rules inside them', async () => {
    const doc = await styleWith(
      `.a { color: red;
         @media print { color: green; .b { font-size: 30px } }
         @media screen { color: blue }
         @supports (display: grid) { padding-left: 4px }
       }`,
      '<div class="a" id="a"><span class="b" id="b">b</span></div>',
    );
    expect(doc.diagnostics).toEqual([]);
    expect(doc.style('#a').color).toEqual(green);
    expect(doc.style('#b').fontSize).toBe(30);
    expect(doc.style('#a').paddingLeft).toBe(4);
  });

  it('nests several levels deep', async () => {
    const doc = await styleWith('table { td { &:first-child { color: green } } }', '<table><tr><td id="c1">1</td><td id="c2">2</td></tr></table>');
    expect(doc.style('#c1').color).toEqual(green);
    expect(doc.style('#c2').color).not.toEqual(green);
  });

  it('reports a bad declaration or an unsupported nested at-rule and keeps the rest', async () => {
    const doc = await styleWith('.a { span { color: green } colr red; @scope (.b) { color: red } }', '<div class="a" id="a"><span id="s">s</span></div>');
    expect(doc.style('#s').color).toEqual(green);
    expect(doc.diagnostics.map((d) => d.message)).toEqual([
      expect.stringContaining('colr red'),
      expect.stringContaining('@scope inside a style rule is not supported'),
    ]);
  });

  it('reads footnote calls styled through `&` (as the paged-media suites write them)', async () => {
    const doc = await styleWith('.note { float: footnote; &::footnote-call { color: green } }', '<p id="p">a<span class="note">n</span></p>');
    expect(doc.diagnostics).toEqual([]);
  });

  it('reads a nested rule that starts with a type selector and a colon as a rule, not a declaration', async () => {
    const doc = await styleWith(
      `ul { margin: 0;
         li:not(:last-of-type) { color: green }
         a:first-child { font-size: 20px } padding-left: 3px;
         p { color: blue }
         --slot: { x };
       }`,
      '<ul id="u"><li id="a"><a id="l">a</a></li><li id="b"><p id="p">b</p></li></ul>',
    );
    expect(doc.diagnostics).toEqual([]);
    expect(doc.style('#a').color).toEqual(green);
    expect(doc.style('#b').color).not.toEqual(green);
    expect(doc.style('#l').fontSize).toBe(20);
    expect(doc.style('#p').color).toEqual(blue);
    expect(doc.style('#u').paddingLeft).toBe(3);
  });
});
