import { describe, expect, it } from 'vitest';
import { styleHtml, styleWith } from './helpers.js';
import { parseHtml } from '../../src/dom/parse.js';
import { isElement } from '../../src/dom/types.js';
import type { DomElement, DomNode } from '../../src/dom/types.js';
import { presentationalHints } from '../../src/css/hints.js';

const red = { r: 255, g: 0, b: 0, a: 1 };
const green = { r: 0, g: 128, b: 0, a: 1 };
const blue = { r: 0, g: 0, b: 255, a: 1 };
const black = { r: 0, g: 0, b: 0, a: 1 };

describe('cascade order (CSS Cascade 4 §6)', () => {
  it('author beats the UA sheet, later beats earlier', async () => {
    const doc = await styleWith('h1 { font-size: 10px } p { color: red } p { color: green }', '<h1>t</h1><p>x</p>');
    expect(doc.style('h1').fontSize).toBe(10);
    expect(doc.style('p').color).toEqual(green);
  });

  it('specificity beats order', async () => {
    const doc = await styleWith('#a { color: green } div.b { color: blue } .b { color: red } div { color: red }', '<div id="a" class="b">x</div><div id="b" class="b">y</div>');
    expect(doc.style('#a').color).toEqual(green);
    expect(doc.style('#b').color).toEqual(blue);
  });

  it('!important beats specificity, the style attribute beats rules, important rules beat the style attribute', async () => {
    const doc = await styleWith('#x { color: red } p { color: green !important } #y { color: red } #z { color: blue !important }',
      '<p id="x">a</p><div id="y" style="color: green">b</div><div id="z" style="color: red">c</div><div id="w" style="color: red !important; background-color: blue">d</div>');
    expect(doc.style('#x').color).toEqual(green);
    expect(doc.style('#y').color).toEqual(green);
    expect(doc.style('#z').color).toEqual(blue);
    expect(doc.style('#w').color).toEqual(red);
    expect(doc.style('#w').backgroundColor).toEqual(blue);
  });

  it('revert rolls author declarations back to the UA value; unset inherits or resets', async () => {
    const doc = await styleWith('h1 { font-size: 10px } h1.r { font-size: revert } p { display: revert } b { font-weight: unset }', '<h1 class="r">t</h1><p>x</p><b>b</b>');
    expect(doc.style('h1').fontSize).toBe(32);
    expect(doc.style('p').display).toBe('block');
    expect(doc.style('b').fontWeight).toBe(400);
  });
});

describe('inheritance and CSS-wide keywords', () => {
  it('inherited properties inherit, others take initial values', async () => {
    const doc = await styleWith('div { color: red; padding: 5px; font-family: Georgia }', '<div><span>x</span></div>');
    expect(doc.style('span').color).toEqual(red);
    expect(doc.style('span').fontFamily).toEqual(['Georgia']);
    expect(doc.style('span').paddingTop).toBe(0);
  });

  it('inherit, initial, unset', async () => {
    const doc = await styleWith('div { color: red; padding-left: 5px; border: 1px solid } span { padding-left: inherit; color: initial } em { color: unset; padding-left: unset } b { border-top-color: inherit } i { all: initial }',
      '<div><span>x</span><em>y</em><b>z</b></div>');
    expect(doc.style('span').paddingLeft).toBe(5);
    expect(doc.style('span').color).toEqual(black);
    expect(doc.style('em').color).toEqual(red);
    expect(doc.style('em').paddingLeft).toBe(0);
    expect(doc.style('b').borderTopColor).toEqual(red);
  });

  it('shorthands accept CSS-wide keywords', async () => {
    const doc = await styleWith('div { margin: 4px } p { margin: inherit } span { border: initial }', '<div><p>x</p></div><span>s</span>');
    expect(doc.style('p').marginLeft).toBe(4);
    expect(doc.style('span').borderTopStyle).toBe('none');
  });

  it('currentColor in color inherits; in other properties it is the element colour', async () => {
    const doc = await styleWith('div { color: blue } p { color: currentColor; background-color: currentcolor; text-decoration: underline }', '<div><p>x</p></div>');
    expect(doc.style('p').color).toEqual(blue);
    expect(doc.style('p').backgroundColor).toEqual(blue);
    expect(doc.style('p').textDecorationColor).toEqual(blue);
  });
});

describe('UA stylesheet (HTML §15)', () => {
  it('gives HTML defaults', async () => {
    const doc = await styleWith('', '<h1>a</h1><h2>b</h2><p>p</p><ul><li>x</li></ul><table><tr><th>h</th><td>d</td></tr></table><b>b</b><code>c</code><a href="#">l</a><small>s</small><sub>2</sub><pre>x</pre><blockquote>q</blockquote><hr><div hidden>h</div>');
    expect(doc.style('body').marginTop).toBe(8);
    expect(doc.style('body').display).toBe('block');
    expect(doc.style('head').display).toBe('none');
    expect(doc.style('h1').fontSize).toBe(32);
    expect(doc.style('h1').fontWeight).toBe(700);
    expect(doc.style('h1').marginTop).toBeCloseTo(21.44, 5);
    expect(doc.style('h2').fontSize).toBe(24);
    expect(doc.style('p').marginTop).toBe(16);
    expect(doc.style('ul').paddingLeft).toBe(40);
    expect(doc.style('ul').listStyleType).toBe('disc');
    expect(doc.style('li').display).toBe('list-item');
    expect(doc.style('table').display).toBe('table');
    expect(doc.style('table').borderSpacing).toEqual([2, 2]);
    expect(doc.style('tr').display).toBe('table-row');
    expect(doc.style('td').display).toBe('table-cell');
    expect(doc.style('td').paddingTop).toBe(1);
    expect(doc.style('td').verticalAlign).toBe('middle');
    expect(doc.style('th').fontWeight).toBe(700);
    expect(doc.style('th').textAlign).toBe('center');
    expect(doc.style('b').fontWeight).toBe(700);
    expect(doc.style('code').fontFamily).toEqual(['monospace']);
    expect(doc.style('a').color).toEqual({ r: 0, g: 0, b: 0xee, a: 1 });
    expect(doc.style('a').textDecorationLine.underline).toBe(true);
    expect(doc.style('small').fontSize).toBeCloseTo(16 / 1.2, 5);
    expect(doc.style('sub').verticalAlign).toBe('sub');
    expect(doc.style('pre').whiteSpace).toBe('pre');
    expect(doc.style('blockquote').marginLeft).toBe(40);
    expect(doc.style('hr').borderTopStyle).toBe('inset');
    expect(doc.style('hr').borderTopWidth).toBe(1);
    expect(doc.style('hr').marginLeft).toBe('auto');
    expect(doc.style('div').display).toBe('none');
    expect(doc.diagnostics).toEqual([]);
  });

  it('nested list styles', async () => {
    const doc = await styleWith('', '<ul><li><ul id="b"><li><ul id="c"><li>x</li></ul></li></ul></li></ul><ol id="o"><li>1</li></ol>');
    expect(doc.style('#b').listStyleType).toBe('circle');
    expect(doc.style('#c').listStyleType).toBe('square');
    expect(doc.style('#b').marginTop).toBe(0);
    expect(doc.style('#o').listStyleType).toBe('decimal');
    expect(doc.style('#o').counterReset).toEqual([{ name: 'list-item', value: 0 }]);
  });

  it('dir attribute sets direction', async () => {
    const doc = await styleWith('', '<div dir="rtl"><p>x</p></div><span dir="ltr">y</span>');
    expect(doc.style('p').direction).toBe('rtl');
    expect(doc.style('div').unicodeBidi).toBe('isolate');
    expect(doc.style('span').direction).toBe('ltr');
  });
});

describe('pseudo-elements', () => {
  it('::before/::after exist only with content', async () => {
    const doc = await styleWith('p::before { content: "a"; color: red } p::after { color: red } div::after { content: none } q { color: blue }',
      '<p>x</p><div>y</div><q>z</q>');
    const p = doc.element('p');
    expect(doc.styled.styleOf(p, 'before')!.content).toEqual([{ kind: 'string', value: 'a' }]);
    expect(doc.styled.styleOf(p, 'before')!.color).toEqual(red);
    expect(doc.styled.styleOf(p, 'after')).toBeUndefined();
    expect(doc.styled.styleOf(doc.element('div'), 'after')).toBeUndefined();
    const q = doc.styled.styleOf(doc.element('q'), 'before')!;
    expect(q.content).toEqual([{ kind: 'open-quote' }]);
    expect(q.color).toEqual(blue);
  });

  it('::marker for list items', async () => {
    const doc = await styleWith('li::marker { color: red } li.none::marker { content: none } li.s::marker { content: "→ " }',
      '<ul><li id="a">a</li><li class="none">b</li><li class="s">c</li></ul><p id="p">x</p>');
    const marker = doc.styled.styleOf(doc.element('#a'), 'marker')!;
    expect(marker.color).toEqual(red);
    expect(marker.content).toBe('normal');
    expect(marker.fontVariantNumeric).toEqual(['tabular-nums']);
    expect(marker.whiteSpace).toBe('pre');
    const [, none, custom] = doc.element('ul').children.filter((c) => c.type === 'tag') as never[];
    expect(doc.styled.styleOf(none, 'marker')).toBeUndefined();
    expect(doc.styled.styleOf(custom, 'marker')!.content).toEqual([{ kind: 'string', value: '→ ' }]);
    expect(doc.styled.styleOf(doc.element('#p'), 'marker')).toBeUndefined();
  });
});

describe('computed-value fix-ups', () => {
  it('blockifies floats, absolutely positioned boxes, flex items and the root', async () => {
    const doc = await styleWith('span.f { float: left } span.a { position: absolute; float: right } .flex { display: flex } html { display: inline }',
      '<span class="f">a</span><span class="a">b</span><div class="flex"><span id="item">c</span><table id="t" style="display: inline-table"></table></div>');
    const [f, a] = doc.element('body').children.filter((c) => c.type === 'tag') as never[];
    expect(doc.styled.styleOf(f)!.display).toBe('block');
    expect(doc.styled.styleOf(a)!.display).toBe('block');
    expect(doc.styled.styleOf(a)!.float).toBe('none');
    expect(doc.style('#item').display).toBe('block');
    expect(doc.style('#t').display).toBe('table');
    expect(doc.style('html').display).toBe('block');
  });

  it('position: sticky behaves as relative', async () => {
    const doc = await styleWith('div { position: sticky }', '<div></div>');
    expect(doc.style('div').position).toBe('relative');
  });
});

describe('presentational hints (HTML §15.3)', () => {
  it("gives a cell without hint attributes only its table's cellpadding and border (the fast path)", () => {
    const dom = parseHtml(`<table><tr><td>a</td><th nowrap>b</th></tr></table><table cellpadding="3"><tr><td>c</td></tr></table>
      <table border><tbody><tr><td>d</td></tr></tbody></table><table cellpadding="2" border="0"><tr><td width="10">e</td></tr></table>`, 't.html');
    const cells: DomElement[] = [];
    const visit = (node: DomNode): void => {
      if (!isElement(node)) return;
      if (node.name === 'td' || node.name === 'th') cells.push(node);
      node.children.forEach(visit);
    };
    visit(dom.documentElement);
    expect(cells.map(presentationalHints)).toEqual(['', 'white-space: nowrap', 'padding: 3px', 'border: 1px inset; border-color: inherit', 'width: 10px; padding: 2px']);
  });

  it('maps legacy attributes below author rules', async () => {
    const doc = await styleHtml(`<body bgcolor="#eeeeee"><table width="50%" cellspacing="0" cellpadding="4" border="1" align="center"><tr valign="top">
      <td align="right" width="120" nowrap>x</td><td id="c" style="padding: 0">y</td></tr></table><img width="64" height="32" src="a.png"><font color="red" size="5">f</font><ol start="3"><li value="7">a</li></ol></body>`);
    expect(doc.style('body').backgroundColor).toEqual({ r: 238, g: 238, b: 238, a: 1 });
    const table = doc.style('table');
    expect(table.width).toEqual({ kind: 'percent', value: 50 });
    expect(table.borderSpacing).toEqual([0, 0]);
    expect(table.borderTopWidth).toBe(1);
    expect(table.marginLeft).toBe('auto');
    const td = doc.style('td');
    expect(td.textAlign).toBe('-webkit-right'); // aligns its block-level descendants too (HTML §15.3.3)
    expect(td.width).toBe(120);
    expect(td.whiteSpace).toBe('nowrap');
    expect(td.paddingTop).toBe(4);
    expect(td.borderTopStyle).toBe('inset');
    expect(td.verticalAlign).toBe('top');
    expect(doc.style('#c').paddingTop).toBe(0);
    expect(doc.style('img').width).toBe(64);
    expect(doc.style('img').height).toBe(32);
    expect(doc.style('font').color).toEqual(red);
    expect(doc.style('font').fontSize).toBe(24);
    expect(doc.style('ol').counterReset).toEqual([{ name: 'list-item', value: 2 }]);
    expect(doc.style('li').counterSet).toEqual([{ name: 'list-item', value: 7 }]);
  });

  it('maps a cell\'s background attribute to its image and the body\'s link colour to its links, below author rules', async () => {
    // an email template's tiled cell and red links, as Chromium prints them; before: ignored
    const doc = await styleHtml(`<style>a.own { color: green }</style><body link="#cc0000"><table background=" tile.png "><tr><td id=t background='a "b".png'>x</td></tr></table>
      <p><a id=l href="#x">l</a> <a id=own class=own href="#y">o</a> <a id=n name=anchor>n</a></p></body>`);
    expect(doc.style('table').backgroundImage).toEqual([{ kind: 'url', url: 'file:///work/doc/tile.png' }]);
    expect(doc.style('#t').backgroundImage).toEqual([{ kind: 'url', url: 'file:///work/doc/a%20%22b%22.png' }]);
    expect(doc.style('#l').color).toEqual({ r: 204, g: 0, b: 0, a: 1 });
    expect(doc.style('#own').color).toEqual(green);
    expect(doc.style('#n').color).toEqual(black); // not a link: no href
    // the attribute is one URL, never declarations of its own
    const hostile = await styleHtml(`<table><tr><td background='a"); color: red; x: url("b\\'>x</td></tr></table>`);
    expect(hostile.style('td').color).toEqual(black);
    expect(hostile.style('td').backgroundImage).toHaveLength(1);
    expect(doc.diagnostics).toEqual([]);
  });

  it('maps an image\'s align and border and a line break\'s clear as Chromium does', async () => {
    const doc = await styleHtml(`<p><img id=m align=middle><img id=a align=AbsMiddle><img id=l align=left><input id=i type=image align=texttop><iframe id=o align=right></iframe>
      <img id=b align=bottom border=3><img id=n align=nonsense border=0><br id=all clear=all><br id=r clear=Right><br id=x clear=none></p><p id=v style="vertical-align: -webkit-baseline-middle">v</p>`);
    expect(['#m', '#a', '#i', '#b', '#n'].map((id) => doc.style(id).verticalAlign)).toEqual(['-webkit-baseline-middle', 'middle', 'text-top', 'baseline', 'baseline']);
    expect([doc.style('#l').float, doc.style('#o').float]).toEqual(['left', 'right']);
    // an image's border attribute: solid, that wide (before: ignored)
    expect([doc.style('#b').borderLeftWidth, doc.style('#b').borderLeftStyle, doc.style('#n').borderTopWidth, doc.style('#m').borderTopStyle]).toEqual([3, 'solid', 0, 'none']);
    expect(['#all', '#r', '#x'].map((id) => doc.style(id).clear)).toEqual(['both', 'right', 'none']);
    expect(doc.style('#v').verticalAlign).toBe('-webkit-baseline-middle');
    expect(doc.diagnostics.map((d) => d.message)).toEqual(['element `<iframe>` is not rendered: embedded documents are not loaded: its box is left empty']);
    // a caption's align is its side only, as in Chromium: left, right and center leave its text centred
    const captions = await styleHtml('<table><caption id=l align=left>l</caption><caption id=b align=bottom>b</caption><tr><td>x</td></tr></table>');
    expect([captions.style('#l').textAlign, captions.style('#l').captionSide, captions.style('#b').captionSide]).toEqual(['center', 'top', 'bottom']);
  });

  it('maps a table\'s border, frame and rules as Chromium 156 does, borders in the text colour', async () => {
    const doc = await styleHtml(`<!DOCTYPE html>
      <table id=t1 rules=all><tr><td id=c1>a</td></tr></table>
      <table id=t2 rules=rows><tr><td id=c2>a</td></tr></table>
      <table id=t3 frame=box><tr><td id=c3>a</td></tr></table>
      <table id=t4 frame=box rules=all border=1><tr><td id=c4>a</td></tr></table>
      <table id=t5 border=2 rules=cols><tr><td id=c5>a</td></tr></table>
      <table id=t6 frame=hsides border=3 style="color: red"><tr><td id=c6>a</td></tr></table>
      <table id=t7 rules=groups><colgroup id=cg7></colgroup><thead id=g7><tr><td id=c7>a</td></tr></thead></table>`);
    // Chromium's getComputedStyle: collapse, then each side's style and width
    const sides = (id: string): string => {
      const s = doc.style(`#${id}`);
      const width = (style: string, w: number): number => (style === 'none' || style === 'hidden' ? 0 : w);
      return [s.borderCollapse, ...[[s.borderTopStyle, s.borderTopWidth], [s.borderRightStyle, s.borderRightWidth], [s.borderBottomStyle, s.borderBottomWidth], [s.borderLeftStyle, s.borderLeftWidth]]
        .map(([style, w]) => `${style as string} ${width(style as string, w as number)}`)].join(' ');
    };
    expect(['t1', 'c1', 't2', 'c2', 't3', 'c3', 't4', 'c4', 't5', 'c5', 't6', 'c6', 't7', 'g7', 'c7', 'cg7'].map(sides)).toEqual([
      'collapse hidden 0 hidden 0 hidden 0 hidden 0', 'collapse solid 1 solid 1 solid 1 solid 1',
      'collapse hidden 0 hidden 0 hidden 0 hidden 0', 'collapse solid 1 none 0 solid 1 none 0',
      'separate solid 1 solid 1 solid 1 solid 1', 'separate none 0 none 0 none 0 none 0',
      'collapse solid 1 solid 1 solid 1 solid 1', 'collapse solid 1 solid 1 solid 1 solid 1',
      'collapse outset 2 outset 2 outset 2 outset 2', 'collapse none 0 solid 1 none 0 solid 1',
      'separate solid 3 hidden 0 solid 3 hidden 0', 'separate inset 1 inset 1 inset 1 inset 1',
      'collapse hidden 0 hidden 0 hidden 0 hidden 0', 'collapse solid 1 none 0 solid 1 none 0',
      'collapse none 0 none 0 none 0 none 0', 'collapse none 0 solid 1 none 0 solid 1',
    ]);
    expect(doc.style('#c6').borderTopColor).toEqual(red);
  });

  it('draws a table with bordercolor and its cells solid in that colour, and an hr with color flat in it (Chromium 156)', async () => {
    const doc = await styleHtml(`<!DOCTYPE html>
      <table id=a border=4 bordercolor="#ff0000"><tr><td id=ca>a</td></tr></table>
      <table id=b bordercolor="#ff0000"><tr><td id=cb>a</td></tr></table>
      <table id=c border=1 rules=none bordercolor="#ff0000"><tr><td id=cc>a</td></tr></table>
      <hr id=h color="#00ff00"><hr id=i size=1 noshade color="#00ff00">`);
    const border = (id: string): string => {
      const s = doc.style(`#${id}`);
      return `${s.borderTopStyle} ${s.borderTopStyle === 'none' ? 0 : s.borderTopWidth} ${JSON.stringify(s.borderTopColor)}`;
    };
    const red = JSON.stringify({ r: 255, g: 0, b: 0, a: 1 });
    const black = JSON.stringify({ r: 0, g: 0, b: 0, a: 1 });
    expect(['a', 'ca', 'b', 'cb', 'cc'].map(border)).toEqual([`solid 4 ${red}`, `solid 1 ${red}`, `none 0 ${red}`, `none 0 ${black}`, `none 0 ${black}`]);
    const green = { r: 0, g: 255, b: 0, a: 1 };
    for (const id of ['h', 'i']) {
      const s = doc.style(`#${id}`);
      expect([s.borderTopStyle, s.borderTopColor, s.backgroundColor]).toEqual(['solid', green, green]);
    }
  });

  it('stops a legacy alignment at a table: <center> and align=center do not centre a nested table\'s text (Blink)', async () => {
    const doc = await styleHtml(`<!DOCTYPE html>
      <center><table id=t><tr><td id=a>a</td></tr></table><div id=d>x</div></center>
      <table><tr><td align=center><table id=u><tr><td id=b>b</td><th id=h>h</th></tr></table></td></tr></table>
      <div style="text-align:right"><table id=v><tr><td id=c>c</td></tr></table></div>
      <table id=w style="text-align:-webkit-right"><tr><td id=e>e</td></tr></table>`);
    expect(['t', 'a', 'd', 'u', 'b', 'h', 'v', 'c', 'w', 'e'].map((id) => doc.style(`#${id}`).textAlign))
      .toEqual(['start', 'start', '-webkit-center', 'start', 'start', 'center', 'right', 'right', '-webkit-right', '-webkit-right']);
  });

  it('maps the page margins, image spaces and rules of old templates (HTML §15.3.3, §15.3.11, §15.4.3)', async () => {
    const doc = await styleHtml(`<!DOCTYPE html><body topmargin="0" leftmargin="3" marginwidth="5" bottommargin="7"><img hspace="4" vspace="2" src="a.png">
      <hr id=a size="3" noshade><hr id=b size="1"><font size="2">x</font><font id=f size="-2">y</font></body>`);
    const body = doc.style('body');
    // marginwidth wins over leftmargin; no marginheight: topmargin and bottommargin
    expect([body.marginTop, body.marginRight, body.marginBottom, body.marginLeft]).toEqual([0, 5, 7, 5]);
    const img = doc.style('img');
    expect([img.marginTop, img.marginRight, img.marginBottom, img.marginLeft]).toEqual([2, 4, 2, 4]);
    expect([doc.style('#a').height, doc.style('#a').borderTopStyle, doc.style('#a').backgroundColor]).toEqual([1, 'solid', { r: 128, g: 128, b: 128, a: 1 }]);
    expect(doc.style('#b').borderBottomWidth).toBe(0);
    // the keyword sizes are Chromium's and Firefox's: small 13px, x-small 10px
    expect([doc.style('font').fontSize, doc.style('#f').fontSize]).toEqual([13, 10]);
  });
});

describe('style sharing', () => {
  it('shares computed styles between cells that match the same rules', async () => {
    const rows = Array.from({ length: 6 }, (_, i) => `<tr><td>${i}</td><td class="n">${i}</td></tr>`).join('');
    const doc = await styleWith('tr:nth-child(even) td { background-color: red } td.n { text-align: right }', `<table>${rows}</table>`);
    const cells = (doc.element('tbody').children.filter((c) => c.type === 'tag') as never[]).map((tr: { children: never[] }) => tr.children.filter((c: { type: string }) => c.type === 'tag'));
    const style = (el: never) => doc.styled.styleOf(el)!;
    expect(style(cells[0]![0]!)).toBe(style(cells[2]![0]!));
    expect(style(cells[1]![0]!)).toBe(style(cells[3]![0]!));
    expect(style(cells[0]![0]!)).not.toBe(style(cells[1]![0]!));
    expect(style(cells[1]![0]!).backgroundColor).toEqual(red);
    expect(style(cells[0]![0]!).backgroundColor).toEqual({ r: 0, g: 0, b: 0, a: 0 });
    expect(style(cells[0]![1]!).textAlign).toBe('right');
  });
});

describe('anonymous styles', () => {
  it('inherit inherited properties and reset the others', async () => {
    const doc = await styleWith('div { color: red; padding: 5px; border: 1px solid }', '<div>x</div>');
    const div = doc.style('div');
    const anon = doc.styled.anonymousStyle(div, 'block');
    expect(anon.color).toEqual(red);
    expect(anon.paddingTop).toBe(0);
    expect(anon.borderTopWidth).toBe(0);
    expect(anon.display).toBe('block');
    expect(doc.styled.anonymousStyle(div, 'block')).toBe(anon);
    expect(doc.styled.rootStyle).toBe(doc.style('html'));
  });
});
