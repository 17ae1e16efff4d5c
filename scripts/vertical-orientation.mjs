// Writes the upright ranges of src/text/vertical-orientation.ts from Unicode's
// VerticalOrientation.txt (UAX #50 data, data/unicode/): U, Tu and Tr are upright in
// `text-orientation: mixed`, R (and every code point the file leaves out) is sideways.
// Usage: node scripts/vertical-orientation.mjs [--check]  (--check fails when the table is stale)
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dataFile = join(root, 'data/unicode/VerticalOrientation.txt');
const tableFile = join(root, 'src/text/vertical-orientation.ts');
const BEGIN = '  // generated: begin (scripts/vertical-orientation.mjs)';
const END = '  // generated: end';

/** The file's ranges as [first, last, value], in file order. */
export function parseVerticalOrientation(text) {
  const ranges = [];
  for (const line of text.split('\n')) {
    const data = line.split('#')[0].trim();
    if (data === '') continue;
    const [points, value] = data.split(';').map((field) => field.trim());
    const [first, last = first] = points.split('..').map((hex) => Number.parseInt(hex, 16));
    ranges.push([first, last, value]);
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

function main() {
  const ranges = uprightRanges(parseVerticalOrientation(readFileSync(dataFile, 'utf8')));
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

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
