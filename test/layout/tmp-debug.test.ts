import { test } from 'vitest';
import { layoutHtml, dumpPage } from '../helpers/layout.js';
test('dbg', async () => {
  const doc = await layoutHtml(`<style>@page{size:600px 400px;margin:0} body{margin:0} p{margin:0;font:10px/20px "Liberation Mono"}</style>
  <p style="width:40px">aaaa&shy;bbbb cc</p><p style="width:40px;hyphens:none">aaaa&shy;bbbb cc</p>
  <p lang=en style="width:50px;hyphens:auto">hyphenation</p>
  <p style="white-space:pre;tab-size:4">a\tb\nabcd\tx\nabc\tx</p>
  <p style="width:30px;overflow-wrap:break-word">abcdefghij kl</p>
  <p style="width:30px;word-break:break-all">aa bbbbbbbb</p>
  <p style="letter-spacing:2px">abc def</p>
  <div style="display:inline-block;overflow-wrap:anywhere;font:10px 'Liberation Mono'">abcdef</div>
  <div style="display:inline-block;hyphens:auto;font:10px 'Liberation Mono'" lang=en>hyphenation</div>
  `);
  console.log(dumpPage(doc.pages[0]!));
});
