import * as fontkit from 'fontkit';
const c = fontkit.openSync('/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc');
const f = c.fonts[0];
const chars = [...'あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわをんっゃゅょアイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワヲンッャュョー、。「」（）'];
let n = 0;
for (const a of chars) for (const b of chars) {
  const t = a + b;
  const p1 = f.layout(t, {vert:true, vpal:true}).positions;
  const p2 = f.layout(t, {vert:true, vpal:true, vkrn:true}).positions;
  const p3 = f.layout(t, {vert:true, vkrn:true}).positions;
  if (p1[0].yAdvance !== p2[0].yAdvance || p3[0].yAdvance !== 0) { console.log(t, p1[0].yAdvance, p2[0].yAdvance, p3[0].yAdvance); if (++n > 15) process.exit(0); }
}
