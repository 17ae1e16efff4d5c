import { parse } from 'css-tree';
import { compile } from 'css-select';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compileSelector, selectorSpecificity } from '../../src/css/selectors.js';
import { parseHtml } from '../../src/dom/parse.js';
import type { DomElement, DomNode } from '../../src/dom/types.js';
import { isElement } from '../../src/dom/types.js';
import { parseAnB } from '../../src/css/nth.js';
import { hasToken } from '../../src/css/match-native.js';

function specificity(text: string): number[] {
  const list = parse(text, { context: 'selectorList' });
  return selectorSpecificity(list.type === 'SelectorList' ? list.children.first! : list);
}

describe('specificity (Selectors 4 §17 examples)', () => {
  it.each([
    ['*', [0, 0, 0]],
    ['LI', [0, 0, 1]],
    ['UL LI', [0, 0, 2]],
    ['UL OL+LI', [0, 0, 3]],
    ['H1 + *[REL=up]', [0, 1, 1]],
    ['UL OL LI.red', [0, 1, 3]],
    ['LI.red.level', [0, 2, 1]],
    ['#x34y', [1, 0, 0]],
    ['#s12:not(FOO)', [1, 0, 1]],
    [':is(em, #foo)', [1, 0, 0]],
    [':where(em, #foo)', [0, 0, 0]],
    ['.foo :is(.bar, #baz)', [1, 1, 0]],
    ['p::before', [0, 0, 2]],
    ['p:before', [0, 0, 2]],
    ['a:hover', [0, 1, 1]],
    [':nth-child(2n+1 of .x, #y)', [1, 1, 0]],
    ['div:has(> p.a)', [0, 1, 2]],
  ])('%s', (selector, expected) => {
    expect(specificity(selector)).toEqual(expected);
  });
});

describe('An+B', () => {
  it.each([
    ['odd', { a: 2, b: 1 }], ['even', { a: 2, b: 0 }], ['3', { a: 0, b: 3 }], ['-n+3', { a: -1, b: 3 }],
    ['n', { a: 1, b: 0 }], ['2n - 1', { a: 2, b: -1 }], ['+n', { a: 1, b: 0 }], ['x', undefined],
  ])('%s', (text, expected) => {
    expect(parseAnB(text)).toEqual(expected);
  });
});

const HTML = `<html><body>
<div id="main" class="box wide" lang="en-GB" dir="RTL">
  <p class="lead">One</p><p>Two <a href="#x">link</a> <a name="y">anchor</a></p>
  <ul><li>a</li><li class="x">b</li><li>c</li><li class="x">d</li><li>e</li></ul>
  <table><tr><td>1</td><td>2</td></tr><tr><td>3</td><td>4</td></tr><tr><td>5</td><td>6</td></tr></table>
  <span data-kind="alpha beta">s</span><em></em><input type="TEXT">
</div>
<section><h2>T</h2><p>after</p><p>last</p></section>
</body></html>`;

function allElements(node: { children?: DomNode[] }, out: DomElement[] = []): DomElement[] {
  for (const child of node.children ?? []) {
    if (isElement(child)) {
      out.push(child);
      allElements(child, out);
    }
  }
  return out;
}

describe('native matcher agrees with css-select', () => {
  const dom = parseHtml(HTML, 't.html');
  const elements = allElements(dom.root);
  it.each([
    'p', 'p.lead', '#main', 'div.box.wide', '.box p', 'div > p', 'p + p', 'p ~ ul', 'h2 ~ p', 'li:nth-child(2n)',
    'li:nth-child(odd)', 'li:nth-last-child(2)', 'li:first-child', 'li:last-child', 'tr:nth-child(even) td',
    'td:nth-child(2):last-child', 'h2:only-of-type', 'em:empty', 'p:first-of-type', 'p:last-of-type', 'li:not(.x)', 'li:is(.x, :first-child)', '[data-kind~=beta]',
    '[data-kind^=alp]', '[data-kind$=eta]', '[data-kind*="ha b"]', '[lang|=en]', '[dir=rtl]', '[dir=RTL s]',
    'input[type=text]', 'a:link', 'a:any-link', ':root', 'section > :last-child', 'body > * > p', 'ul li.x',
    'div :not(p):not(li)', '* + li', 'p:lang(en)',
  ])('%s', (selector) => {
    const list = parse(selector, { context: 'selectorList' });
    const result = compileSelector(list.type === 'SelectorList' ? list.children.first! : list);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const reference = compile<DomNode, DomElement>(selector, { xmlMode: false, cacheResults: false });
    const ours = elements.filter((el) => result.entry.match(el)).map((el) => el.startIndex);
    const theirs = elements.filter((el) => reference(el)).map((el) => el.startIndex);
    expect(ours).toEqual(theirs);
    expect(ours.length).toBeGreaterThan(0);
  });
});

describe('native matcher: combinators', () => {
  const tags = ['a', 'b', 'c'];
  /** A random tree of a, b and c elements, `depth` levels at most, written as HTML. */
  const tree = (depth: number): fc.Arbitrary<string> => fc.tuple(fc.constantFrom(...tags), depth <= 1 ? fc.constant([]) : fc.array(tree(depth - 1), { maxLength: 3 }), fc.boolean())
    .map(([tag, children, cls]) => `<${tag}${cls ? ' class=x' : ''}>${children.join('')}</${tag}>`);
  // `:has()` sends the whole selector to css-select (with its memo), the rest stays native
  const compound = fc.tuple(fc.constantFrom(...tags, '*'), fc.boolean(), fc.constantFrom('', '', '', ':has(> c)', ':has(b)'))
    .map(([tag, cls, has]) => `${tag}${cls ? '.x' : ''}${has}`);
  const selector = fc.tuple(compound, fc.array(fc.tuple(fc.constantFrom(' ', ' > ', ' + ', ' ~ '), compound), { maxLength: 5 }))
    .map(([first, rest]) => first + rest.map(([combinator, c]) => combinator + c).join(''));

  it('matches what css-select matches, for any tree and chain of combinators', () => {
    fc.assert(fc.property(fc.array(tree(5), { minLength: 1, maxLength: 3 }), selector, (trees, text) => {
      const elements = allElements(parseHtml(`<body>${trees.join('')}</body>`, 't.html').root);
      const list = parse(text, { context: 'selectorList' });
      const result = compileSelector(list.type === 'SelectorList' ? list.children.first! : list);
      if (!result.ok) return false;
      const reference = compile<DomNode, DomElement>(text, { xmlMode: false, cacheResults: false });
      expect(elements.filter((el) => result.entry.match(el)).map((el) => el.startIndex)).toEqual(elements.filter((el) => reference(el)).map((el) => el.startIndex));
      return true;
    }), { numRuns: 400 });
  });

  it('gives up a descendant chain once no ancestor can match (31 compounds against 40 nested divs tried every choice of ancestors)', () => {
    const elements = allElements(parseHtml(`<body>${'<div>'.repeat(40)}x${'</div>'.repeat(40)}</body>`, 't.html').root);
    const matching = (text: string): number => {
      const list = parse(text, { context: 'selectorList' });
      const result = compileSelector(list.type === 'SelectorList' ? list.children.first! : list);
      if (!result.ok) throw new Error('not compiled');
      return elements.filter((el) => result.entry.match(el)).length;
    };
    // the 31st to the 40th nested div have 30 div ancestors
    expect(matching(`${'div '.repeat(30)}div`)).toBe(10);
    expect(matching(`${'div '.repeat(45)}div`)).toBe(0);
    expect(matching(`${'div '.repeat(30)}span`)).toBe(0);
    // through css-select: its memo of the elements where the left part failed
    expect(matching(`${'div:has(div) '.repeat(30)}div`)).toBe(10);
    expect(matching(`${'div:has(div) '.repeat(45)}div`)).toBe(0);
  });
});

describe('compileSelector', () => {
  const first = (text: string) => {
    const list = parse(text, { context: 'selectorList' });
    return compileSelector(list.type === 'SelectorList' ? list.children.first! : list);
  };
  it('splits pseudo-elements off and buckets by the rightmost compound', () => {
    const before = first('p.note::before');
    expect(before.ok && before.entry.pseudo).toBe('before');
    expect(before.ok && before.entry.bucket).toEqual({ kind: 'class', key: 'note' });
    const marker = first('li::marker');
    expect(marker.ok && marker.entry.pseudo).toBe('marker');
    const id = first('div #x.y');
    expect(id.ok && id.entry.bucket).toEqual({ kind: 'id', key: 'x' });
    const tags = first(':is(ol, ul) li');
    expect(tags.ok && tags.entry.bucket).toEqual({ kind: 'tag', key: 'li' });
    const list = first('ul :is(ol, ul)');
    expect(list.ok && list.entry.bucket).toEqual({ kind: 'tags', keys: ['ol', 'ul'] });
  });
  it(':dir() follows dir attributes; :defined matches', () => {
    const dom = parseHtml('<div dir="rtl"><p id="a">x</p><p id="b" dir="ltr">y</p></div><p id="c">z</p>', 't.html');
    const elements = allElements(dom.root);
    const ids = (text: string) => {
      const result = first(text);
      return result.ok ? elements.filter((el) => result.entry.match(el)).map((el) => el.attribs['id']).filter(Boolean) : undefined;
    };
    expect(ids('p:dir(rtl)')).toEqual(['a']);
    expect(ids('p:dir(ltr)')).toEqual(['b', 'c']);
    expect(ids('p:defined')).toEqual(['a', 'b', 'c']);
  });

  it('a scrollbar part\'s pseudo-element keeps the scrollbar pseudo-classes after it', () => {
    const states = (text: string): unknown => { const r = first(text); return r.ok ? [r.entry.pseudo, r.entry.scrollbarStates] : r.reason; };
    expect(states('.x::-webkit-scrollbar')).toEqual(['scrollbar', undefined]);
    expect(states('::-webkit-scrollbar:horizontal')).toEqual(['scrollbar', ['horizontal']]);
    expect(states('div::-webkit-scrollbar-button:vertical:start:decrement')).toEqual(['scrollbar-button', ['vertical', 'start', 'decrement']]);
    expect(states('::-webkit-scrollbar-track-piece:END')).toEqual(['scrollbar-track-piece', ['end']]);
    // a user action or an inactive window is never printed; another pseudo-class may not follow
    expect(states('::-webkit-scrollbar-thumb:hover')).toBe('interactive');
    expect(states('::-webkit-scrollbar-thumb:vertical:active')).toBe('interactive');
    expect(states('::-webkit-scrollbar:window-inactive')).toBe('interactive');
    expect(states('::-webkit-scrollbar-thumb:first-child')).toBe('invalid');
    expect(states('::-webkit-scrollbar-thumb::before')).toBe('invalid');
    expect(states('::-webkit-resizer')).toBe('unrendered');
  });

  it('rejects unsupported pseudo-elements and unknown pseudo-classes', () => {
    expect(first('p::details-content').ok).toBe(false);
    expect(first('p::nonsense').ok).toBe(false);
    expect(first('p:unknown-thing').ok).toBe(false);
  });
});

describe('Selectors 4 features in stylesheets', () => {
  const red = { r: 255, g: 0, b: 0, a: 1 };
  const black = { r: 0, g: 0, b: 0, a: 1 };

  it(':nth-child(An+B of S) and :nth-last-child(An+B of S) count only the siblings matching S', async () => {
    const { styleWith } = await import('./helpers.js');
    const doc = await styleWith('li:nth-child(2 of .x) { color: red } li:nth-last-child(1 of .x, #e) { font-size: 30px }',
      '<ul><li id=a>a</li><li id=b class=x>b</li><li id=c>c</li><li id=d class=x>d</li><li id=e>e</li></ul>');
    expect(['#a', '#b', '#c', '#d', '#e'].map((id) => doc.style(id).color)).toEqual([black, black, black, red, black]);
    expect(['#a', '#b', '#c', '#d', '#e'].map((id) => doc.style(id).fontSize)).toEqual([16, 16, 16, 16, 30]);
  });

  it(':nth-child(An+B of S) never matches an element that is not S, whatever the formula', async () => {
    const { styleWith } = await import('./helpers.js');
    // a striped table whose separator rows are not .feat; a formula with n counting down (-n+1) or
    // up (even) matched the elements outside S too (their position among S taken as 0)
    const doc = await styleWith(`li:nth-child(even of .x) { color: red } li:nth-last-child(-n+1 of .x) { font-size: 30px }
      li:is(:nth-child(2n of .x)) { font-weight: 700 }`,
      '<ul><li id=a>a</li><li id=b class=x>b</li><li id=c>c</li><li id=d class=x>d</li><li id=e class=x>e</li></ul>');
    expect(['#a', '#b', '#c', '#d', '#e'].map((id) => doc.style(id).color)).toEqual([black, black, black, red, black]);
    expect(['#a', '#b', '#c', '#d', '#e'].map((id) => doc.style(id).fontSize)).toEqual([16, 16, 16, 16, 30]);
    expect(['#a', '#b', '#c', '#d', '#e'].map((id) => doc.style(id).fontWeight)).toEqual([400, 400, 400, 700, 400]);
  });

  it(':has(), :link, :is/:where/:not and attribute flags', async () => {
    const { styleWith } = await import('./helpers.js');
    const doc = await styleWith(`
      section:has(> h2.t) { color: red } a:link { font-size: 20px } [data-k="AbC" i] { font-weight: 700 } [data-k="AbC" s] { font-style: italic }
      :where(#w) p { color: red } p.p { color: black } :is(#i) p { color: red } p.q { color: black }
      div:not(.n, #m) { text-transform: uppercase }`,
      `<section id=s1><h2 class=t>t</h2></section><section id=s2><div><h2 class=t>t</h2></div></section><a id=l href=x>l</a><a id=nl>n</a>
       <b id=k1 data-k=abc>x</b><b id=k2 data-k=AbC>y</b><div id=w><p id=wp class=p>p</p></div><div id=i><p id=ip class=q>q</p></div><div id=m></div><div id=o></div>`);
    expect(doc.style('#s1').color).toEqual(red);
    expect(doc.style('#s2').color).toEqual(black);
    expect([doc.style('#l').fontSize, doc.style('#nl').fontSize]).toEqual([20, 16]);
    expect([doc.style('#k1').fontWeight, doc.style('#k2').fontWeight]).toEqual([700, 700]);
    expect([doc.style('#k1').fontStyle, doc.style('#k2').fontStyle]).toEqual(['normal', 'italic']);
    // :where() adds nothing to specificity, :is() takes its argument's: #i p (1,0,1) beats p.q (0,1,1).
    expect(doc.style('#wp').color).toEqual(black);
    expect(doc.style('#ip').color).toEqual(red);
    expect([doc.style('#m').textTransform, doc.style('#o').textTransform]).toEqual(['none', 'uppercase']);
  });

  it('state pseudo-classes match as a printed page has them: nothing hovered or focused, fields valid as written', async () => {
    const { styleWith } = await import('./helpers.js');
    const doc = await styleWith(`
      a:hover, a:focus, a:visited { color: red } button:not(:focus-visible) { font-size: 20px }
      input:valid { font-weight: 700 } input:invalid { color: red } input:placeholder-shown { font-style: italic }
      details:open { text-transform: uppercase } details:closed { text-transform: lowercase }
      progress:indeterminate { font-size: 30px }`,
      `<a id=a href=x>a</a><button id=b>b</button><input id=i1 placeholder=p><input id=i2 placeholder=p value=v>
       <details id=d1 open><summary>s</summary></details><details id=d2><summary>s</summary></details>
       <progress id=p1></progress><progress id=p2 value=1></progress>`);
    expect(doc.style('#a').color).toEqual({ r: 0, g: 0, b: 238, a: 1 }); // the UA's link blue, never :hover's red
    expect(doc.style('#b').fontSize).toBe(20);
    expect([doc.style('#i1').fontWeight, doc.style('#i1').color]).toEqual([700, black]);
    expect([doc.style('#i1').fontStyle, doc.style('#i2').fontStyle]).toEqual(['italic', 'normal']);
    expect([doc.style('#d1').textTransform, doc.style('#d2').textTransform]).toEqual(['uppercase', 'lowercase']);
    expect([doc.style('#p1').fontSize, doc.style('#p2').fontSize]).toEqual([30, 16]);
    expect(doc.diagnostics.filter((d) => d.code === 'css_unsupported')).toEqual([]);
  });

  it(':disabled and :enabled follow HTML: the attribute, a disabled optgroup, a disabled fieldset but not its first legend', async () => {
    const { styleWith } = await import('./helpers.js');
    // margins, which do not inherit: a legend is no control, and its disabled fieldset's font would reach it
    const doc = await styleWith(':disabled { margin-left: 30px } :enabled { margin-right: 7px }',
      `<input id=i1 disabled><input id=i2><button id=b1 disabled>b</button><p id=p disabled>p</p>
       <select><optgroup id=g disabled><option id=o1>o</option></optgroup><option id=o2>o</option></select>
       <fieldset id=f disabled><legend id=l1><input id=li1></legend><legend><input id=li2></legend><div><textarea id=t></textarea></div></fieldset>
       <fieldset id=f2><legend><input id=li3></legend></fieldset>`);
    const disabled = (id: string): boolean => doc.style(id).marginLeft === 30;
    const enabled = (id: string): boolean => doc.style(id).marginRight === 7;
    expect(['#i1', '#b1', '#g', '#o1', '#f', '#li2', '#t'].filter(disabled)).toEqual(['#i1', '#b1', '#g', '#o1', '#f', '#li2', '#t']);
    // a legend is no form control; the first legend's controls stay enabled, as do elements that cannot be disabled
    expect(['#i2', '#p', '#o2', '#l1', '#li1', '#f2', '#li3'].filter(disabled)).toEqual([]);
    expect(['#i2', '#o2', '#li1', '#f2', '#li3'].filter(enabled)).toEqual(['#i2', '#o2', '#li1', '#f2', '#li3']);
    expect(['#i1', '#p', '#l1', '#t'].filter(enabled)).toEqual([]);
  });

  it('the UA sheet greys disabled controls as the html.css of Chromium does', async () => {
    const { styleWith } = await import('./helpers.js');
    const doc = await styleWith('', '<input id=t disabled><button id=b disabled>b</button><select id=s disabled></select><fieldset disabled><input id=f></fieldset><input id=e>');
    expect([doc.style('#t').color, doc.style('#f').color]).toEqual([{ r: 84, g: 84, b: 84, a: 1 }, { r: 84, g: 84, b: 84, a: 1 }]);
    expect(doc.style('#b').color).toEqual({ r: 16, g: 16, b: 16, a: 0.3 });
    expect([doc.style('#s').color, doc.style('#s').opacity]).toEqual([{ r: 128, g: 128, b: 128, a: 1 }, 0.7]);
    expect(doc.style('#e').color).toEqual(black);
  });

  it('::details-content is parsed but not rendered: a warning, and the rest of the selector list applies', async () => {
    const { styleWith } = await import('./helpers.js');
    const doc = await styleWith('p::details-content, #x { color: red }\ndetails::details-content { color: red }\np::first-line { color: red }\n#y, p:nonsense { color: red }',
      '<p id=x>a</p><p id=y>b</p>');
    expect(doc.style('#x').color).toEqual(red);
    // An unknown pseudo-class makes the whole rule invalid, as in browsers.
    expect(doc.style('#y').color).toEqual(black);
    expect(doc.diagnostics.map((d) => [d.code, d.line, d.message])).toEqual([
      ['css_unsupported', 1, 'selector `p::details-content`: ::details-content is parsed but not rendered'],
      ['css_unsupported', 2, 'selector `details::details-content`: ::details-content is parsed but not rendered'],
      ['css_unsupported', 4, expect.stringContaining('p:nonsense')],
    ]);
  });
});

describe('hasToken (the class and ~= test without splitting)', () => {
  it('agrees with splitting on HTML white space, for generated lists and tokens', () => {
    const alphabet = ['a', 'b', 'ab', ' ', '\t', '\n', '\f', '\r', '-', '\u00a0', '\u2003'];
    let seed = 7;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const text = (max: number): string => Array.from({ length: random(max) }, () => alphabet[random(alphabet.length)]).join('');
    for (let i = 0; i < 20000; i++) {
      const list = text(9);
      const token = text(3);
      expect(hasToken(list, token), JSON.stringify([list, token])).toBe(list.split(/[ \t\n\f\r]+/).includes(token));
    }
  });

  it('agrees with splitting for lists long enough to be kept as sets, alternating between lists', () => {
    const lists = [
      ` ${Array.from({ length: 400 }, (_, i) => `c${i}`).join(' ')}\t`,
      Array.from({ length: 300 }, (_, i) => `c${i * 2}`).join('\n'),
    ];
    for (const token of ['c1', 'c10', 'c100', 'c399', 'c400', 'c598', '', ' ', 'c1 c2', 'c']) {
      for (const list of [...lists, ...lists]) {
        expect(hasToken(list, token), JSON.stringify([list.slice(0, 20), token])).toBe(list.split(/[ \t\n\f\r]+/).includes(token));
      }
    }
  });
});

describe('forgiving selector lists (Selectors 4 §3.6)', () => {
  const tags = ['a', 'b', 'c'];
  const tree = (depth: number): fc.Arbitrary<string> => fc.tuple(fc.constantFrom(...tags), depth <= 1 ? fc.constant([]) : fc.array(tree(depth - 1), { maxLength: 3 }), fc.boolean())
    .map(([tag, children, cls]) => `<${tag}${cls ? ' class=x' : ''}>${children.join('')}</${tag}>`);
  const usable = fc.constantFrom('a', 'b.x', 'c', '.x', 'a > b', 'b c', '*');
  const unusable = fc.constantFrom(':host', ':host(.x)', ':unknown-thing', '::before', 'a::after', ':-moz-focusring', 'a:hover::marker');

  it(':is() and :where() with unusable selectors match what the list of the usable ones matches, and never throw', () => {
    fc.assert(fc.property(fc.array(tree(4), { minLength: 1, maxLength: 3 }), fc.array(fc.tuple(fc.boolean(), usable, unusable), { minLength: 1, maxLength: 4 }), fc.constantFrom('is', 'where'),
      (trees, parts, name) => {
        const elements = allElements(parseHtml(`<body>${trees.join('')}</body>`, 't.html').root);
        const written = parts.map(([good, u, bad]) => (good ? u : bad));
        const kept = parts.filter(([good]) => good).map(([, u]) => u);
        const list = parse(`:${name}(${written.join(', ')})`, { context: 'selectorList' });
        const result = compileSelector(list.type === 'SelectorList' ? list.children.first! : list);
        expect(result.ok).toBe(true);
        if (!result.ok) return;
        const expected = kept.length === 0 ? [] : elements.filter(compile<DomNode, DomElement>(kept.join(', '), { xmlMode: false, cacheResults: false })).map((el) => el.startIndex);
        expect(elements.filter((el) => result.entry.match(el)).map((el) => el.startIndex)).toEqual(expected);
        if (name === 'where') expect(result.entry.specificity).toBe(0);
      }), { numRuns: 300 });
  });
});
