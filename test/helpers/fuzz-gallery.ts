/**
 * Mutations of the gallery templates for fuzzing (issue 15): one fixture of fixtures/ chosen at
 * random, its template with random slices deleted, duplicated or replaced by random characters
 * (mostly between its mustaches, so the HTML and CSS change while the Handlebars stays valid;
 * a quarter anywhere), and its sample payload either kept or with random values replaced by
 * random JSON.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';

export interface GalleryCase {
  readonly name: string;
  readonly template: string;
  readonly data: unknown;
  /** The fixture's folder, so relative resources resolve as in the gallery. */
  readonly baseDir: string;
}

const fixturesDir = fileURLToPath(new URL('../../fixtures/', import.meta.url));
const fixtures: readonly GalleryCase[] = readdirSync(fixturesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => {
    const baseDir = `${fixturesDir}${entry.name}`;
    return {
      name: entry.name,
      baseDir,
      template: readFileSync(`${baseDir}/template.html`, 'utf8'),
      data: JSON.parse(readFileSync(`${baseDir}/data.json`, 'utf8')) as unknown,
    };
  })
  .sort((a, b) => a.name.localeCompare(b.name));

export const galleryNames = fixtures.map((fixture) => fixture.name);

/** Where: `text` edits only between two mustaches (the Handlebars stays valid, so the HTML and CSS are what changes); `raw` anywhere. */
type Mutation = readonly [scope: 'text' | 'raw', at: number, length: number, kind: 'delete' | 'duplicate' | 'replace', noise: string];

const MUSTACHE = /{{[^}]*}}}?/g;

/** The span [start, end) of the text between two mustaches that holds the fraction `at` of the template (of the text parts' total length). */
function textSpan(text: string, at: number): readonly [number, number] {
  const spans: [number, number][] = [];
  let last = 0;
  for (const match of text.matchAll(MUSTACHE)) {
    if (match.index > last) spans.push([last, match.index]);
    last = match.index + match[0].length;
  }
  if (last < text.length) spans.push([last, text.length]);
  const total = spans.reduce((sum, [a, b]) => sum + b - a, 0);
  let offset = Math.floor((at / 10_000) * total);
  for (const [a, b] of spans) {
    if (offset < b - a) return [a + offset, b];
    offset -= b - a;
  }
  return [text.length, text.length];
}

/** `text` with each mutation applied in turn (positions are fractions of the current length). */
function mutateText(text: string, mutations: readonly Mutation[]): string {
  let result = text;
  for (const [scope, at, length, kind, noise] of mutations) {
    const [start, limit] = scope === 'raw' ? [Math.floor((at / 10_000) * result.length), result.length] : textSpan(result, at);
    const end = Math.min(limit, start + length);
    const slice = result.slice(start, end);
    const inserted = scope === 'text' ? noise.replace(/[{}]/g, '') : noise;
    result = result.slice(0, start) + (kind === 'delete' ? '' : kind === 'duplicate' ? slice + slice : inserted) + result.slice(end);
  }
  return result;
}

/** Every place in `data` where a value sits, as a parent and a key (iterative: fixtures are small but this is a test of hostile input). */
function slots(data: unknown): { parent: Record<string, unknown> | unknown[]; key: string | number }[] {
  const found: { parent: Record<string, unknown> | unknown[]; key: string | number }[] = [];
  const stack: unknown[] = [data];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value !== 'object' || value === null) continue;
    const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
    for (const [key, child] of entries) {
      found.push({ parent: value as Record<string, unknown>, key });
      stack.push(child);
    }
  }
  return found;
}

/** A deep copy of `data` with the values at the chosen slots replaced. */
function mutateData(data: unknown, replacements: readonly (readonly [number, unknown])[]): unknown {
  const copy = structuredClone(data);
  for (const [index, value] of replacements) {
    const all = slots(copy);
    if (all.length === 0) break;
    const { parent, key } = all[index % all.length]!;
    (parent as Record<string | number, unknown>)[key] = value;
  }
  return copy;
}

const noise = fc.oneof(
  fc.string({ maxLength: 10 }),
  fc.constantFrom('{{', '}}', '{{#each', '{{/each}}', '<', '>', '</div>', '<table>', '"', '{', '}', ';', '@page {', '<style>', '{{> x}}', '&', '\u202e'),
);
const mutation: fc.Arbitrary<Mutation> = fc.tuple(
  fc.constantFrom('text', 'text', 'text', 'raw'), fc.nat({ max: 10_000 }), fc.nat({ max: 200 }), fc.constantFrom('delete', 'duplicate', 'replace'), noise,
);
const replacement = fc.tuple(fc.nat(), fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom(null, '', -1, 1e308, 'x'.repeat(500), [], {})));

/** A gallery fixture with a mutated template (1-5 edits) and, half of the time, a mutated payload (1-4 values). */
export function mutatedGalleryTemplate(): fc.Arbitrary<GalleryCase> {
  return fc.tuple(
    fc.nat({ max: fixtures.length - 1 }),
    fc.array(mutation, { minLength: 0, maxLength: 5 }),
    fc.oneof(fc.constant([] as (readonly [number, unknown])[]), fc.array(replacement, { minLength: 1, maxLength: 4 })),
  ).filter(([, edits, replacements]) => edits.length + replacements.length > 0)
    .map(([index, edits, replacements]) => {
      const fixture = fixtures[index]!;
      return { ...fixture, template: mutateText(fixture.template, edits), data: replacements.length === 0 ? fixture.data : mutateData(fixture.data, replacements) };
    });
}
