// Builds the CLI's V8 startup snapshot, dist/cli/octavo.blob (src/cli/snapshot/): bundles
// dist/cli/snapshot/entry.js with the whole CLI and its packages into one CommonJS file (a
// snapshot's entry can load nothing else), runs `node --build-snapshot` on it — which renders a
// warm-up document — checks that a process started from the blob runs, and writes beside it
// octavo.blob.json: the Node build and folder it is valid for (src/cli/launch-snapshot.ts).
//
// Best effort: when anything fails, the build goes on without a blob and the CLI starts as before.
//
// - Packages are bundled as their CommonJS builds, except native ones, ones that find their own
//   worker files and the ESM-only ones imported dynamically (pdfjs-dist): those are
//   required from node_modules at run time, by a `require` the deserialized process makes.
// - PDFKit reads its standard fonts' metrics beside its own module (`__dirname`): kept pointing there.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';
import { CLI_DIR, CSS_TREE, ROOT, URL_BANNER, originalUrls, packageName, replaceDynamicImports } from './bundle-plugins.mjs';

const BUNDLE = join(CLI_DIR, 'octavo-snapshot.cjs');
const BLOB = join(CLI_DIR, 'octavo.blob');
const META = join(CLI_DIR, 'octavo.blob.json');
const EXTERNAL = new Set(['@napi-rs/canvas', 'pdfjs-dist', 'pg']);

const dynamicImports = new Set();
const requireFromRoot = createRequire(join(ROOT, 'package.json'));

const packages = {
  name: 'packages',
  setup(build) {
    build.onResolve({ filter: /^css-tree$/ }, () => ({ path: CSS_TREE }));
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (isBuiltin(args.path)) return undefined;
      if (EXTERNAL.has(packageName(args.path))) {
        if (args.kind === 'dynamic-import') dynamicImports.add(args.path);
        return { path: args.path, external: true };
      }
      // the CommonJS build: ESM builds of packages read import.meta.url, which a CJS bundle lacks
      return { path: createRequire(args.importer || join(ROOT, 'package.json')).resolve(args.path) };
    });
  },
};

const pdfkitData = {
  name: 'pdfkit-dirname',
  setup(build) {
    const folder = dirname(requireFromRoot.resolve('pdfkit'));
    build.onLoad({ filter: /[\\/]pdfkit[\\/]js[\\/][^\\/]+\.js$/ }, (args) => ({
      contents: readFileSync(args.path, 'utf8').replaceAll('__dirname', JSON.stringify(folder)),
      loader: 'js',
    }));
  },
};

// While the snapshot is built, `require` loads built-in modules only (anything else must be in the
// bundle); in the deserialized process, packages come from node_modules, resolved from dist/cli/.
const REQUIRE_PROLOGUE = `var __octavoRequire;
var require = (id) => process.getBuiltinModule(id) ?? (__octavoRequire ??= (() => {
  if (require("node:v8").startupSnapshot.isBuildingSnapshot()) throw new Error("the snapshot needs " + id + ", which is not bundled");
  return require("node:module").createRequire(__filename);
})())(id);
var __octavoImport = async (specifier) => require(specifier);`;

async function bundle() {
  await build({
    entryPoints: [join(CLI_DIR, 'snapshot', 'entry.js')],
    outfile: BUNDLE,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    banner: { js: `${REQUIRE_PROLOGUE}\n${URL_BANNER}` },
    plugins: [packages, pdfkitData, originalUrls(CLI_DIR)],
    minifyWhitespace: true,
    minifySyntax: true,
    logLevel: 'warning',
  });
  writeFileSync(BUNDLE, replaceDynamicImports(readFileSync(BUNDLE, 'utf8'), dynamicImports, 'dist/cli/octavo-snapshot.cjs'));
}

function run(args, what) {
  const result = spawnSync(process.execPath, args, { cwd: CLI_DIR, encoding: 'utf8', timeout: 300_000 });
  if (result.status !== 0) throw new Error(`${what} failed (${result.status ?? result.signal}): ${(result.stderr || result.error?.message || '').slice(-2000)}`);
  return result;
}

/** The Node build and the folder a blob is valid for (src/cli/launch-snapshot.ts reads it). */
function metadata() {
  return { node: process.version, v8: process.versions.v8, arch: process.arch, platform: process.platform, dir: CLI_DIR };
}

const partial = `${BLOB}.${process.pid}.tmp`;
rmSync(META, { force: true });
rmSync(BLOB, { force: true });
try {
  await bundle();
  run(['--snapshot-blob', partial, '--build-snapshot', BUNDLE], 'node --build-snapshot');
  const help = run(['--snapshot-blob', partial, '--', join(CLI_DIR, 'main.js'), '--help'], 'a process started from the snapshot');
  if (!help.stdout.includes('usage: octavo')) throw new Error(`a process started from the snapshot printed ${JSON.stringify(help.stdout.slice(0, 200))}`);
  renameSync(partial, BLOB);
  writeFileSync(META, `${JSON.stringify(metadata(), null, 2)}\n`);
} catch (error) {
  rmSync(partial, { force: true });
  process.stderr.write(`warning: no CLI startup snapshot (the CLI starts without it): ${error instanceof Error ? error.message : String(error)}\n`);
}
if (!existsSync(BLOB)) rmSync(BUNDLE, { force: true });
