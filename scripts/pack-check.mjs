// The package as a user gets it: `npm pack` (which builds through `prepare`), then, in an empty
// temporary folder, `npm install` of the tarball (its dependencies come from the npm registry) and
// a render with the CLI, with the library from an ES module and from CommonJS (`require`), and a
// type check of a TypeScript consumer against the package's own types.
// Usage: node scripts/pack-check.mjs [--no-build] [--keep]
//   --no-build  pack the dist/ already built (`npm ci` builds it through `prepare`): no second build
//   --keep      leave the temporary folder and say where
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';

const root = fileURLToPath(new URL('..', import.meta.url));
const keep = process.argv.includes('--keep');
const build = !process.argv.includes('--no-build');
const started = performance.now();
const work = mkdtempSync(join(tmpdir(), 'octavo-pack-check-'));

function step(title, command, args, cwd) {
  const began = performance.now();
  const output = execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, npm_config_fund: 'false', npm_config_audit: 'false', npm_config_update_notifier: 'false' } });
  console.log(`pack-check: ${title} (${((performance.now() - began) / 1000).toFixed(1)} s)`);
  return output;
}

function expectPdf(path, what) {
  const bytes = readFileSync(path);
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-' || bytes.byteLength < 1000) throw new Error(`${what}: ${path} is not a PDF`);
}

try {
  const packed = JSON.parse(step('npm pack', 'npm', ['pack', '--json', '--pack-destination', work, ...(build ? [] : ['--ignore-scripts'])], root));
  const tarball = join(work, packed[0].filename);
  console.log(`pack-check: ${packed[0].filename}, ${(packed[0].size / 1e6).toFixed(1)} MB, ${packed[0].entryCount} files`);
  const app = join(work, 'app');
  execFileSync('mkdir', [app]);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'octavo-pack-check', private: true, version: '1.0.0' }));
  // @types/node as a TypeScript user has it (the package's types name Node's Buffer and streams)
  step('npm install <tarball> in an empty folder', 'npm', ['install', '--no-package-lock', tarball, '@types/node@20'], app);

  writeFileSync(join(app, 'hello.html'), '<h1>Hello {{name}}</h1><p>{{formatCurrency total "EUR"}}</p>');
  writeFileSync(join(app, 'data.json'), JSON.stringify({ name: 'Ada', total: 12.5 }));
  step('npx octavo render (the CLI)', 'npx', ['--no-install', 'octavo', 'render', 'hello.html', '--data', 'data.json', '--out', 'cli.pdf'], app);
  expectPdf(join(app, 'cli.pdf'), 'CLI');

  writeFileSync(join(app, 'esm.mjs'), [
    "import { writeFile } from 'node:fs/promises';",
    "import { render } from 'octavo';",
    "const pdf = await render({ template: '<h1>Hello {{name}}</h1>', data: { name: 'Ada' } });",
    "await writeFile('esm.pdf', pdf);",
  ].join('\n'));
  step('import from an ES module', 'node', ['esm.mjs'], app);
  expectPdf(join(app, 'esm.pdf'), 'ESM');

  writeFileSync(join(app, 'cjs.cjs'), [
    "const { writeFileSync } = require('node:fs');",
    "const { createEngine } = require('octavo');",
    "createEngine().render({ template: '<h1>Hello {{name}}</h1>', data: { name: 'Ada' } })",
    "  .then((pdf) => writeFileSync('cjs.pdf', pdf));",
  ].join('\n'));
  step('require from CommonJS', 'node', ['cjs.cjs'], app);
  expectPdf(join(app, 'cjs.pdf'), 'CommonJS');

  writeFileSync(join(app, 'typed.ts'), [
    "import { createEngine, OctavoError, type RenderOptions } from 'octavo';",
    "const options: RenderOptions = { template: '<p>{{x}}</p>', data: { x: 1 } };",
    'const pdf: Promise<Uint8Array> = createEngine().render(options);',
    "export const check = [pdf, OctavoError.name.length > 0];",
  ].join('\n'));
  writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', noEmit: true, types: [] }, files: ['typed.ts'] }));
  step('type-check a TypeScript consumer', process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], app);

  console.log(`pack-check: ok in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} catch (error) {
  console.error(`pack-check: FAILED: ${error.message}${error.stdout ? `\n${error.stdout}` : ''}${error.stderr ? `\n${error.stderr}` : ''}`);
  process.exitCode = 1;
} finally {
  if (keep) console.log(`pack-check: left ${work}`);
  else rmSync(work, { recursive: true, force: true });
}
