// Text in other scripts (run by bench/run.mjs `--only scripts`, one child process per script):
// five paragraphs of one sentence repeated 40 times, in its language (`lang`, `dir`), set in the
// machine's fonts (Noto Sans CJK for Chinese, Japanese and Korean where fontconfig has it), with
// one engine: WARMUP renders, then RENDERS timed. Prints one JSON object: the median wall and CPU
// ms per render and per 1,000 characters.
//   node bench/lib/scripts.mjs SCRIPT [WARMUP] [RENDERS]
import { performance } from 'node:perf_hooks';
import { createEngine } from '../../dist/index.js';
import { stats } from './stats.mjs';

/** A sentence of each script (the same fable), its language and direction. */
export const SAMPLES = {
  latin: { lang: 'en', dir: 'ltr', text: 'The quick brown fox jumps over the lazy dog while the cat watches from the fence nearby. ' },
  japanese: { lang: 'ja', dir: 'ltr', text: '吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。' },
  chinese: { lang: 'zh', dir: 'ltr', text: '敏捷的棕色狐狸跳过了懒惰的狗，而猫在附近的篱笆上看着，等待合适的时机。' },
  korean: { lang: 'ko', dir: 'ltr', text: '빠른 갈색 여우가 게으른 개를 뛰어넘는 동안 고양이는 근처 울타리에서 지켜보며 적당한 순간을 기다린다. ' },
  hebrew: { lang: 'he', dir: 'rtl', text: 'השועל החום המהיר קופץ מעל הכלב העצלן בזמן שהחתול צופה מהגדר הסמוכה ומחכה לרגע הנכון. ' },
  arabic: { lang: 'ar', dir: 'rtl', text: 'الثعلب البني السريع يقفز فوق الكلب الكسول بينما القطة تراقب من السياج القريب وتنتظر اللحظة المناسبة. ' },
  thai: { lang: 'th', dir: 'ltr', text: 'สุนัขจิ้งจอกสีน้ำตาลกระโดดข้ามสุนัขขี้เกียจในขณะที่แมวเฝ้าดูจากรั้วใกล้ๆและรอจังหวะที่เหมาะสม ' },
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const [script, warmup = '40', renders = '40'] = process.argv.slice(2);
  const sample = SAMPLES[script];
  if (sample === undefined) throw new Error(`no sample for ${script}: ${Object.keys(SAMPLES).join(', ')}`);
  const html = `<!DOCTYPE html><html lang=${sample.lang} dir=${sample.dir}>${`<p>${sample.text.repeat(40)}</p>`.repeat(5)}`;
  const characters = sample.text.length * 40 * 5;
  const engine = createEngine({ systemFonts: true });
  for (let i = 0; i < Number(warmup); i++) await engine.render({ template: html });
  const wall = [];
  const cpu = [];
  let pages = 0;
  for (let i = 0; i < Number(renders); i++) {
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const result = await engine.renderDetailed({ template: html });
    wall.push(performance.now() - started);
    const used = process.cpuUsage(cpuBefore);
    cpu.push((used.user + used.system) / 1000);
    pages = result.pages;
  }
  const w = stats(wall);
  const c = stats(cpu);
  process.stdout.write(`${JSON.stringify({ script, characters, pages, wall: w, cpu: c, wallPer1000: (w.median / characters) * 1000, cpuPer1000: (c.median / characters) * 1000 })}\n`);
}
