import { test } from 'vitest';
import { writeFileSync } from 'node:fs';
import { createEngine } from '../../src/render.js';
test('x', async () => {
  const html = `<!doctype html><html lang="en"><head><title>Tagged doc</title><meta name="author" content="Ada"><meta name="description" content="A test"><meta name="keywords" content="a, b">
  <style>@page { size: 400px 600px; margin: 20px } @page { @top-center { content: "Page " counter(page) } } body { font-family: sans-serif; font-size: 12px } .bg { background: #eee; border: 1px solid red }</style></head>
  <body><h1>Report title</h1><p class="bg">First <b>bold</b> paragraph with a <a href="https://example.com/x">link text</a> inside.</p>
  <ul><li>One</li><li>Two <i>items</i></li></ul>
  <table><thead><tr><th>Name</th><th>Qty</th></tr></thead><tbody><tr><td>Apple</td><td>3</td></tr></tbody></table>
  <p style="opacity: .5">Faded</p>
  <h2>Second</h2><p lang="de">Deutscher Text</p></body></html>`;
  const engine = createEngine();
  const pdf = await engine.render({ template: html, tagged: true, deterministic: true, compress: false });
  writeFileSync('/tmp/tag.pdf', pdf);
});
