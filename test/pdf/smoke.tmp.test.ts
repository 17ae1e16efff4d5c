import { test } from 'vitest';
import { writeFileSync } from 'node:fs';
import { writePdf } from '../../src/pdf/write.js';
import { glyphItem, loadFace } from './font-fixture.js';
test('smoke', async () => {
  const face = loadFace('sans');
  const pdf = await writePdf({ pages: [{ width: 400, height: 200, items: [
    { kind: 'fill-rect', rect: { x: 10, y: 10, width: 100, height: 50 }, color: { r: 255, g: 0, b: 0, a: 1 } },
    glyphItem(face, 'Office finance — ﬁ fi Ǻ', { x: 20, y: 100, size: 16 }),
  ] }] }, { metadata: { title: 'Hi' }, encryption: undefined, deterministic: true, compress: false });
  writeFileSync('/tmp/smoke.pdf', pdf);
});
