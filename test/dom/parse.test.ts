import { describe, expect, it } from 'vitest';
import { parseHtml } from '../../src/dom/parse.js';
import type { DomElement, DomNode, DomParent } from '../../src/dom/types.js';
import { isElement } from '../../src/dom/types.js';
import { cpuTime } from '../helpers/cpu-time.js';
import { OctavoError } from '../../src/errors.js';

/** A compact outline of the tree: `html(head(title("x")),body(p("a")))`. */
function outline(node: DomNode | DomParent): string {
  if (node.type === 'text') return JSON.stringify(node.data);
  if (node.type === 'comment') return `<!--${node.data}-->`;
  if (node.type === 'directive') return '<!doctype>';
  const children = 'children' in node ? node.children.map(outline).join(',') : '';
  const name = isElement(node) ? node.name : node.type;
  return children === '' ? name : `${name}(${children})`;
}

function tags(doc: ReturnType<typeof parseHtml>): string {
  return outline(doc.documentElement);
}

/** Every node's parent/prev/next links agree with its parent's children list. */
function expectConsistentLinks(parent: DomParent): void {
  parent.children.forEach((child, index) => {
    expect(child.parent).toBe(parent);
    expect(child.prev).toBe(parent.children[index - 1] ?? null);
    expect(child.next).toBe(parent.children[index + 1] ?? null);
    if ('children' in child) expectConsistentLinks(child);
  });
}

describe('implied html, head and body', () => {
  it('wraps a bare fragment in html/head/body', () => {
    const doc = parseHtml('<style>p{}</style><title>T</title>\n<p>a</p>', 't.html');
    expect(tags(doc)).toBe('html(head(style("p{}"),title("T")),body(p("a")))');
    expect(doc.root.children.map(outline)).toEqual([tags(doc)]);
    expect(doc.documentElement.startIndex).toBeNull();
    expectConsistentLinks(doc.root);
  });

  it('keeps a complete document as written, with its attributes', () => {
    const source = '<!DOCTYPE html>\n<html lang="de"><head><meta charset="utf-8"></head>\n<body class="x"><p>a</p></body>\n</html>\n';
    const doc = parseHtml(source, 't.html');
    expect(doc.root.children.map(outline)).toEqual(['<!doctype>', 'html(head(meta),body(p("a")))']);
    expect(doc.documentElement.attribs).toEqual({ lang: 'de' });
    const body = doc.documentElement.children[1] as DomElement;
    expect(body.attribs).toEqual({ class: 'x' });
    expect(body.startIndex).toBe(source.indexOf('<body'));
    expectConsistentLinks(doc.root);
  });

  it('creates the missing head and body inside an explicit html', () => {
    const doc = parseHtml('<html lang="en"><link rel="stylesheet" href="a.css"><h1>T</h1><style>x{}</style></html>', 't');
    expect(tags(doc)).toBe('html(head(link),body(h1("T"),style("x{}")))');
    expect(doc.documentElement.attribs['lang']).toBe('en');
  });

  it('starts the body at the first content, even inside <head>', () => {
    expect(tags(parseHtml('<head><title>a</title><div>oops</div><meta name="x"></head><p>b</p>', 't')))
      .toBe('html(head(title("a")),body(div("oops"),meta,p("b")))');
    expect(tags(parseHtml('Hello <b>world</b>', 't'))).toBe('html(head,body("Hello ",b("world")))');
  });

  it('puts a body given without html next to an implied head', () => {
    const doc = parseHtml('<title>x</title><body style="margin:0"><p>a</p></body>', 't');
    expect(tags(doc)).toBe('html(head(title("x")),body(p("a")))');
    expect((doc.documentElement.children[1] as DomElement).attribs['style']).toBe('margin:0');
  });

  it('merges the attributes of repeated html and body tags (first value wins)', () => {
    const doc = parseHtml('<html lang="a"><body class="one"><p>x</p><body class="two" id="b"></body></html>', 't');
    expect(doc.documentElement.attribs).toEqual({ lang: 'a' });
    expect((doc.documentElement.children[1] as DomElement).attribs).toEqual({ class: 'one', id: 'b' });
  });

  it('moves content after </body> into the body and drops white space around it', () => {
    expect(tags(parseHtml('<html><body><p>a</p></body>\n</html>\n<p>late</p>\n', 't')))
      .toBe('html(head,body(p("a"),p("late")))');
  });

  it('handles an empty document', () => {
    expect(tags(parseHtml('', 't'))).toBe('html(head,body)');
  });
});

describe('HTML parsing', () => {
  it('knows void elements and implied end tags', () => {
    expect(tags(parseHtml('<p>a<br>b<img src="x.png">c<p>d<ul><li>1<li>2</ul>', 't')))
      .toBe('html(head,body(p("a",br,"b",img,"c"),p("d"),ul(li("1"),li("2"))))');
  });

  it('decodes entities in text and attributes and lowercases names', () => {
    const doc = parseHtml('<DIV Title="a &amp; b">&lt;x&gt; &copy; &#8364; &nbsp;</DIV>', 't');
    const div = (doc.documentElement.children[1] as DomElement).children[0] as DomElement;
    expect(div.name).toBe('div');
    expect(div.attribs).toEqual({ title: 'a & b' });
    expect(div.children[0]).toMatchObject({ type: 'text', data: '<x> © € \u00a0' });
  });

  it('closes an open table at a <table> start tag outside its cells, as the HTML tree builder does', () => {
    const doc = parseHtml('<table><tr><td>1</td><td>2</td><table><tr><td>3</td></tr></table><p>after', 't');
    expect(tags(doc)).toBe('html(head,body(table(tbody(tr(td("1"),td("2")))),table(tbody(tr(td("3")))),p("after")))');
    expectConsistentLinks(doc.root);
  });

  it('closes the open table whatever the case of the tags and whichever table part is open', () => {
    expect(tags(parseHtml('<TABLE><TR><TD>1</TD><TABLE><TR><TD>2</TD></TR></TABLE>', 't'))).toBe('html(head,body(table(tbody(tr(td("1")))),table(tbody(tr(td("2"))))))');
    expect(tags(parseHtml('<table><tbody><table><tr><td>2</td></tr></table></tbody></table>', 't'))).toBe('html(head,body(table(tbody),table(tbody(tr(td("2"))))))');
  });

  it('keeps a table inside a cell nested', () => {
    expect(tags(parseHtml('<table><tr><td><table><tr><td>in</td></tr></table></td></tr></table>', 't')))
      .toBe('html(head,body(table(tbody(tr(td(table(tbody(tr(td("in"))))))))))');
  });

  it('keeps script and style content raw', () => {
    const doc = parseHtml('<style>a > b { content: "&amp;" }</style>', 't');
    const style = (doc.documentElement.children[0] as DomElement).children[0] as DomElement;
    expect(style.type).toBe('style');
    expect(style.children[0]).toMatchObject({ data: 'a > b { content: "&amp;" }' });
  });
});

// each expected tree is Chromium 156's (document.body.innerHTML after parsing the same markup)
describe('the table parts HTML implies and foster parenting (HTML §13.2.6.4.9)', () => {
  const body = (html: string): string => {
    const doc = parseHtml(html, 't');
    expectConsistentLinks(doc.root);
    return outline(doc.documentElement.children[1]!).replace(/^body\(|\)$/g, '');
  };

  it('wraps rows written straight in a table in a tbody, white space after the first row included', () => {
    expect(body('<table>\n <tr><td>1</td></tr>\n <tr><td>2</td></tr>\n</table>'))
      .toBe('table("\\n ",tbody(tr(td("1")),"\\n ",tr(td("2")),"\\n"))');
  });

  it('gives each run of rows between explicit sections and captions its own tbody', () => {
    expect(body('<table><tr><td>1</td></tr><tbody><tr><td>2</td></tr></tbody><tr><td>3</td></tr></table>'))
      .toBe('table(tbody(tr(td("1"))),tbody(tr(td("2"))),tbody(tr(td("3"))))');
    expect(body('<table><thead><tr><td>h</td></tr></thead><tfoot><tr><td>f</td></tr></tfoot><tr><td>3</td></tr></table>'))
      .toBe('table(thead(tr(td("h"))),tfoot(tr(td("f"))),tbody(tr(td("3"))))');
    expect(body('<table><caption>a</caption><tr><td>1</td></tr><caption>b</caption><tr><td>2</td></tr></table>'))
      .toBe('table(caption("a"),tbody(tr(td("1"))),caption("b"),tbody(tr(td("2"))))');
  });

  it('wraps cells written straight in a table in a tbody and a row, and columns in a colgroup', () => {
    expect(body('<table><td>1</td><td>2</td><tr><td>3</td></tr></table>')).toBe('table(tbody(tr(td("1"),td("2")),tr(td("3"))))');
    expect(body('<table><th>h</th><!--c--><tr><td>1</td></tr></table>')).toBe('table(tbody(tr(th("h"),<!--c-->),tr(td("1"))))');
    expect(body('<table><col><col><tr><td>1</td></tr></table>')).toBe('table(colgroup(col,col),tbody(tr(td("1"))))');
    expect(body('<table><colgroup><col></colgroup><col><tr><td>1</td></tr></table>')).toBe('table(colgroup(col),colgroup(col),tbody(tr(td("1"))))');
  });

  it('keeps comments, scripts and hidden inputs where they stand, inside the implied tbody', () => {
    expect(body('<table><tr><td>1</td></tr><!--c--><script>x</script><input type=hidden><tr><td>2</td></tr></table>'))
      .toBe('table(tbody(tr(td("1")),<!--c-->,script("x"),input,tr(td("2"))))');
  });

  it('moves text and other elements out of the table parts to just before the table', () => {
    expect(body('<p>a</p><table><div>d</div>xyz<tr><td>1</td></tr> t <!--c--><tr><td>2</td></tr></table>'))
      .toBe('p("a"),div("d"),"xyz"," t ",table(tbody(tr(td("1")),<!--c-->,tr(td("2"))))');
    expect(body('<table><tbody><div>d</div>txt<tr><td>1</td></tr></tbody></table>')).toBe('div("d"),"txt",table(tbody(tr(td("1"))))');
    expect(body('<table><tr><span>s</span><td>1</td></tr></table>')).toBe('span("s"),table(tbody(tr(td("1"))))');
    expect(body('<table><tr><td>1</td></tr><input></table>')).toBe('input,table(tbody(tr(td("1"))))');
  });

  it('leaves a form in a table empty and reads its content as the table\'s', () => {
    expect(body('<table><form><tr><td><input></td></tr></form><tr><td>2</td></tr></table>'))
      .toBe('table(form,tbody(tr(td(input)),tr(td("2"))))');
    expect(body('<table><tbody><form><tr><td>1</td></tr></form></tbody></table>')).toBe('table(tbody(form,tr(td("1"))))');
  });

  it('fixes tables in templates and foreignObjects, not the rows of other SVG elements', () => {
    expect(body('<p>a</p><template><table><tr><td>1</td></tr></table></template>')).toBe('p("a"),template(table(tbody(tr(td("1")))))');
    expect(body('<svg><foreignObject><table><tr><td>1</td></tr></table></foreignObject></svg>')).toBe('svg(foreignObject(table(tbody(tr(td("1"))))))');
    expect(body('<svg><g><tr><td>1</td></tr></g></svg>')).toBe('svg(g(tr(td("1"))))');
  });

  it('gives an implied part the source range of what it wraps, so a diagnostic points at the row that implied it', () => {
    const doc = parseHtml('<table>\n  <tr><td>1</td></tr>\n</table>', 't');
    const tbody = (doc.documentElement.children[1] as DomElement).children[0] as DomElement;
    const tbodyElement = tbody.children.find(isElement)!;
    expect(tbodyElement.name).toBe('tbody');
    expect(doc.locate(tbodyElement.startIndex!)).toEqual({ line: 2, column: 3 });
  });
});

describe('locate', () => {
  const source = 'line one\n  <p>two</p>\r\n\n<b>four</b>';
  const doc = parseHtml(source, 'doc.html');

  it('maps element start offsets to 1-based line and column', () => {
    const body = doc.documentElement.children[1] as DomElement;
    const [p, b] = body.children.filter(isElement);
    expect(doc.locate(p?.startIndex ?? -1)).toEqual({ line: 2, column: 3 });
    expect(doc.locate(b?.startIndex ?? -1)).toEqual({ line: 4, column: 1 });
    expect(doc.sourceName).toBe('doc.html');
  });

  it('handles the edges', () => {
    expect(doc.locate(0)).toEqual({ line: 1, column: 1 });
    expect(doc.locate(8)).toEqual({ line: 1, column: 9 });
    expect(doc.locate(9)).toEqual({ line: 2, column: 1 });
    expect(doc.locate(-5)).toEqual({ line: 1, column: 1 });
    expect(doc.locate(source.length + 10)).toEqual({ line: 4, column: 12 });
  });

  // speed is the benchmarks' business (no timed tests: they fail on a loaded machine)
  it('locates every line of a large document', () => {
    const big = '<p>x</p>\n'.repeat(100_000);
    const located = parseHtml(big, 'big').locate;
    for (let i = 0; i < 100_000; i += 997) expect(located(i * 9 + 3)).toEqual({ line: i + 1, column: 4 });
    expect(located(99_999 * 9)).toEqual({ line: 100_000, column: 1 });
  });
  it('refuses elements nested deeper than maxDepth, at the element, in linear time', async () => {
    const nested = (depth: number) => '<div>'.repeat(depth) + 'x' + '</div>'.repeat(depth);
    expect(() => parseHtml(nested(10), 'ok.html', { maxNestingDepth: 10 })).not.toThrow();
    expect(() => parseHtml(nested(11), 'deep.html', { maxNestingDepth: 10 })).toThrow(/nested more than 10 deep \(limits\.maxNestingDepth = 10\)/);
    const deep = await cpuTime(() => expect(() => parseHtml(nested(200_000), 'deep.html', { maxNestingDepth: 256 })).toThrow(/limits\.maxNestingDepth = 256/));
    expect(deep.ms).toBeLessThan(5_000); // CPU time; without the limit: 80 s (quadratic)
    expect(parseHtml(nested(300), 'any.html').documentElement.name).toBe('html'); // no limit given: any depth
  });
  it('refuses more elements than maxBoxes while parsing, at the element past the limit', () => {
    const table = (rows: number, cells: number) => '<table>\n' + `<tr>${'<td>x'.repeat(cells)}\n`.repeat(rows) + '</table>';
    // the table and 10 rows of 1 + 10 elements: 111 (html, head and body are implied after parsing)
    expect(() => parseHtml(table(10, 10), 'ok.html', { maxBoxes: 111 })).not.toThrow();
    let error: unknown;
    try { parseHtml(table(10, 10), 'cells.html', { maxBoxes: 100 }); } catch (thrown) { error = thrown; }
    expect(error).toBeInstanceOf(OctavoError);
    expect((error as OctavoError).message).toMatch(/more than 100 elements.*\(limits\.maxBoxes = 100\)/);
    // the 101st element is the 10th row's <tr>, on line 11
    expect(error).toMatchObject({ code: 'limit_exceeded', file: 'cells.html', line: 11, column: 1 });
  });
  it('does not count the content of inline SVG, MathML and template elements against maxBoxes', () => {
    const svg = `<svg width="10" height="10">${'<rect width="1" height="1"/>'.repeat(50)}</svg>`;
    expect(() => parseHtml(`<p>${svg}</p><template>${'<i>x</i>'.repeat(50)}</template><p>after</p>`, 't.html', { maxBoxes: 10 })).not.toThrow();
    expect(() => parseHtml(`${svg}${'<p>x</p>'.repeat(10)}`, 't.html', { maxBoxes: 10 })).toThrow(/limits\.maxBoxes = 10/);
  });
  it('counts the HTML of an SVG foreignObject, which makes boxes, against maxBoxes', () => {
    const svg = (html: string): string => `<svg width="10" height="10"><rect width="1" height="1"/><foreignObject width="10" height="10">${html}</foreignObject><rect/></svg>`;
    expect(() => parseHtml(svg('<div>x</div>'.repeat(5)), 't.html', { maxBoxes: 10 })).not.toThrow();
    expect(() => parseHtml(svg('<div>x</div>'.repeat(20)), 't.html', { maxBoxes: 10 })).toThrow(/limits\.maxBoxes = 10/);
    // after the foreignObject the drawing's elements are not counted again
    expect(() => parseHtml(`${svg('<b>x</b>')}`.replace('<rect/>', '<rect/>'.repeat(30)), 't.html', { maxBoxes: 10 })).not.toThrow();
  });
});
