import { describe, expect, it } from 'vitest';
import { findById, layoutHtml } from '../helpers/layout.js';
import type { LayoutOptions } from '../helpers/layout.js';

// Every expected box is the one Chromium 156 prints for the same HTML (HTML §15.3.3: `<center>`
// and `align` on div and table parts align their block-level descendants, not only their text).
async function geometry(body: string, id: string, options: LayoutOptions = {}): Promise<string> {
  const doc = await layoutHtml(`<style>@page { size: 600px 400px; margin: 0 } body { margin: 0 } td { padding: 0 } table { border-spacing: 0 } div, td { font-size: 0 }</style>${body}`, options);
  const fragment = findById(doc.pages[0]!, id);
  if (fragment === undefined) throw new Error(`#${id} not laid out`);
  return `${fragment.x},${fragment.y} ${fragment.width}x${fragment.height}`;
}

describe('legacy alignment of block-level descendants (HTML §15.3.3)', () => {
  it('centres blocks inside <center> and <div align=center>', async () => {
    expect(await geometry('<center><div id=a style="width:100px;height:5px"></div></center>', 'a')).toBe('250,0 100x5');
    expect(await geometry('<div align=center><div id=a style="width:100px;height:5px"></div></div>', 'a')).toBe('250,0 100x5');
    expect(await geometry('<div style="text-align:-webkit-center"><div id=a style="width:100px;height:5px"></div></div>', 'a')).toBe('250,0 100x5');
  });

  it('centres a fixed-width table in a cell with align=center (the e-mail layout)', async () => {
    expect(await geometry('<table width=600><tr><td align=center><table id=a width=300 height=5><tr><td></td></tr></table></td></tr></table>', 'a')).toBe('150,0 300x5');
  });

  it('aligns right, keeps the given margins and centres what is left', async () => {
    expect(await geometry('<table width=600><tr><td align=right><div id=a style="width:100px;height:5px;text-align:left"></div></td></tr></table>', 'a')).toBe('500,0 100x5');
    expect(await geometry('<div align=center><div id=a style="width:100px;height:5px;margin-left:20px"></div></div>', 'a')).toBe('260,0 100x5');
    expect(await geometry('<div align=center style="direction:rtl"><div id=a style="width:100px;height:5px;margin-right:10px"></div></div>', 'a')).toBe('245,0 100x5');
  });

  it('leaves auto margins, boxes wider than the container and grandchildren to the usual rules, but inherits', async () => {
    expect(await geometry('<div align=center><div id=a style="width:100px;height:5px;margin-left:auto"></div></div>', 'a')).toBe('500,0 100x5');
    const wider = { code: 'layout', message: /^content is 700px wide, the page area 600px/ } as const;
    expect(await geometry('<div align=center><div id=a style="width:700px;height:5px"></div></div>', 'a', { expectWarnings: [wider] })).toBe('0,0 700x5');
    expect(await geometry('<div align=center><div><div id=a style="width:100px;height:5px"></div></div></div>', 'a')).toBe('250,0 100x5');
  });

  it('keeps a narrow rule to the side its align names, below the author\'s margins (HTML §15.3.11)', async () => {
    const rules = '<hr id=a width="50%" align=left><hr id=b width="50%" align=RIGHT><hr id=c width=200 align=center><hr id=d width=200 align=left style="margin-left:20px"><div align=right><hr id=e width=100></div><hr id=f width=100 align=constructor>';
    const at = await Promise.all(['a', 'b', 'c', 'd', 'e', 'f'].map((id) => geometry(rules, id)));
    // a rule in a right-aligned block stays centred: its own auto margins win (as in Chromium)
    expect(at).toEqual(['0,8 302x2', '298,18 302x2', '199,28 202x2', '20,38 202x2', '249,48 102x2', '249,58 102x2']);
  });

  it('places images, flex containers and tables alike', async () => {
    const svg = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"/>')}`;
    expect(await geometry(`<center><img id=a style="display:block" src="${svg}"></center>`, 'a')).toBe('280,0 40x20');
    expect(await geometry('<center><div id=a style="display:flex;width:200px;height:5px"></div></center>', 'a')).toBe('200,0 200x5');
    expect(await geometry('<div style="text-align:-webkit-right"><table id=a style="width:100px;height:5px"><tr><td></td></tr></table></div>', 'a')).toBe('500,0 100x5');
  });

  it('aligns only the text of a heading with align=center', async () => {
    const body = '<h1 align=center style="margin:0;font-size:0"><span id=a style="display:inline-block;width:100px;height:5px"></span><span id=b style="display:block;width:10px;height:5px"></span></h1>';
    expect(await geometry(body, 'a')).toBe('250,0 100x5');
    expect(await geometry(body, 'b')).toBe('0,5 10x5');
  });
});
