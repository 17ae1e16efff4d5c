import { test } from 'vitest';
import { writeFileSync, readFileSync } from 'node:fs';
import { createEngine } from '../../src/render.js';
test('dump', async () => {
  const src = readFileSync('test/pdf/tagged.test.ts', 'utf8');
  const png = `data:image/png;base64,${Buffer.from((await import('./image-fixture.js')).encodePng([[[255, 0, 0, 255], [0, 0, 255, 255]]])).toString('base64')}`;
  const html = src.slice(src.indexOf('const HTML = `') + 14, src.indexOf('</html>`;') + 7).replace('${png}', png).replace('${png}', png);
  writeFileSync('/tmp/tag2.pdf', await createEngine().render({ template: html, tagged: true, deterministic: true, compress: false }));
});
