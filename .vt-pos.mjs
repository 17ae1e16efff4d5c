import * as fontkit from 'fontkit';
const c = fontkit.openSync('/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc');
const f = c.fonts[0];
const text = process.argv[2];
for (const feats of [{vert:true}, {vert:true, vpal:true}, {vert:true, vkrn:true}, {vert:true, vpal:true, vkrn:true}, {vert:true, vhal:true}, {vert: true, pwid: true}]) {
  const run = f.layout(text, feats);
  console.log(JSON.stringify(feats), run.glyphs.map((g, i) => `${g.id}:${JSON.stringify(run.positions[i])}`).join(' '));
}
