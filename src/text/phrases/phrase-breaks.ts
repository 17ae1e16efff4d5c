/**
 * Phrase boundaries for `word-break: auto-phrase` (CSS Text 4 §5.1), as Chromium 156 finds them
 * in Japanese: BudouX's scoring — each position between two characters sums the model's weights
 * of the one, two and three characters around it, and is a boundary when the sum, less half of
 * all the weights, is positive. Only Japanese (`lang` ja…): Chromium applies it to no other
 * language, and text without a language is not analysed.
 */
import { BoundedCache } from '../../cache/bounded.js';
import { BUDOUX_JA_MODEL } from './budoux-ja-model.js';

/** A feature: the characters from `from` to `to`, relative to the position. */
interface Feature {
  readonly weights: ReadonlyMap<string, number>;
  readonly from: number;
  readonly to: number;
}

/** The model's feature groups and the windows they read (UW: one character, BW: two, TW: three). */
const WINDOWS: Readonly<Record<string, readonly [number, number]>> = {
  UW1: [-3, -2], UW2: [-2, -1], UW3: [-1, 0], UW4: [0, 1], UW5: [1, 2], UW6: [2, 3],
  BW1: [-2, 0], BW2: [-1, 1], BW3: [0, 2],
  TW1: [-3, 0], TW2: [-2, 1], TW3: [-1, 2], TW4: [0, 3],
};

interface Model {
  readonly features: readonly Feature[];
  readonly base: number;
}

let japanese: Model | undefined;

function japaneseModel(): Model {
  if (japanese === undefined) {
    const features: Feature[] = [];
    let total = 0;
    for (const [group, weights] of Object.entries(BUDOUX_JA_MODEL)) {
      const window = WINDOWS[group];
      if (window === undefined) continue;
      const map = new Map(Object.entries(weights));
      for (const weight of map.values()) total += weight;
      features.push({ weights: map, from: window[0], to: window[1] });
    }
    japanese = { features, base: -0.5 * total };
  }
  return japanese;
}

/** Boundaries by text: the same headings and phrases come back render after render. */
const boundaries = new BoundedCache<string, ReadonlySet<number>>('text.phrase-boundaries', 2048);

/**
 * The offsets (UTF-16, between two characters) where a phrase of `text` ends, or undefined when
 * `lang` is not Japanese.
 */
export function phraseBoundaries(text: string, lang: string): ReadonlySet<number> | undefined {
  if (!/^ja(?:-|$)/i.test(lang)) return undefined;
  let found = boundaries.get(text);
  if (found === undefined) {
    found = scoredBoundaries(text, japaneseModel());
    boundaries.set(text, found);
  }
  return found;
}

function scoredBoundaries(text: string, model: Model): ReadonlySet<number> {
  const out = new Set<number>();
  for (let i = 1; i < text.length; i++) {
    let score = model.base;
    for (const feature of model.features) {
      const from = i + feature.from;
      const to = i + feature.to;
      // a window reaching before the start or past the end reads what is there (an empty or shorter string)
      score += feature.weights.get(text.slice(Math.max(0, from), Math.max(0, to))) ?? 0;
    }
    if (score > 0) out.add(i);
  }
  return out;
}
