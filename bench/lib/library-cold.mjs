// A cold library process: node starts, imports octavo as an application does (the package's
// entry, dist/index.js: the code-cached bundle; or, with `--modules`, dist/api.js: its ~500
// modules, as the entry loaded them before stop 77), renders the invoice once and writes it.
//   node bench/lib/library-cold.mjs TEMPLATE DATA OUT [--modules]
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

const [template, data, out, modules] = process.argv.slice(2);
const entry = new URL(modules === '--modules' ? '../../dist/api.js' : '../../dist/index.js', import.meta.url);
const { render } = await import(entry.href);
writeFileSync(out, await render({ template: readFileSync(template, 'utf8'), data: JSON.parse(readFileSync(data, 'utf8')), baseDir: dirname(template) }));
