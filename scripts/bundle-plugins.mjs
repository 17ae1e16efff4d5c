// What scripts/bundle.mjs (the code-cached bundles of the CLI and of the library) and
// scripts/build-snapshot.mjs (the startup snapshot's bundle) share: how dist/ modules keep their
// own URLs, where css-tree's one-file build is, and how a package's name is read from an import.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const DIST_DIR = join(ROOT, 'dist');
export const CLI_DIR = join(DIST_DIR, 'cli');

/** css-tree's one-file ESM build: the same version, its data inlined (lib/ reads JSON files beside it). */
export const CSS_TREE = createRequire(import.meta.url).resolve('css-tree/dist/csstree.esm');

/** `fontkit` -> fontkit, `@napi-rs/canvas/x` -> @napi-rs/canvas. */
export function packageName(specifier) {
  return specifier.startsWith('@') ? specifier.split('/', 2).join('/') : specifier.split('/', 1)[0];
}

/** Defines `__octavoUrl(path)`, a dist/ file's URL from the bundle's folder (see originalUrls). */
export const URL_BANNER = 'var __octavoUrl = (path) => require("node:url").pathToFileURL(require("node:path").join(__dirname, path)).href;';

/**
 * `import.meta.url` in a bundled file of dist/ becomes that file's original URL, so the assets
 * and worker files it finds beside itself (ua.css, fonts/, render-thread.js) still resolve. The
 * URL is computed from the folder of the bundle (`outDir`, its `__dirname` at run time).
 */
export function originalUrls(outDir) {
  return {
    name: 'original-import-meta-url',
    setup(build) {
      build.onLoad({ filter: /[\\/]dist[\\/].*\.js$/ }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        const from = relative(outDir, args.path).split(sep).join('/');
        return { contents: source.replaceAll('import.meta.url', `__octavoUrl(${JSON.stringify(from)})`), loader: 'js' };
      });
    },
  };
}

/**
 * `import("package")` becomes `__octavoImport("package")`, a function the bundle's loader passes
 * in: an import() left in the bundle would fail at run time (vm.Script and startup snapshots have
 * no module loader for it). So does the import of the user's `--helpers` module
 * (src/helpers-module.ts, which names its URL `helpersModuleUrl`; the CLI starts without the
 * snapshot then). Throws when another dynamic import is left.
 */
export function replaceDynamicImports(bundled, specifiers, file) {
  let replaced = bundled.replaceAll('import(helpersModuleUrl)', '__octavoImport(helpersModuleUrl)');
  for (const specifier of specifiers) replaced = replaced.replaceAll(`import(${JSON.stringify(specifier)})`, `__octavoImport(${JSON.stringify(specifier)})`);
  const left = replaced.match(/\bimport\([^)]{0,80}/g);
  if (left !== null) throw new Error(`${file}: dynamic import left in the bundle: ${left.join(', ')}`);
  return replaced;
}

/**
 * dist/css/ua-prebuilt.js (none in the modules) becomes the UA stylesheets' parsed forms made
 * now by the dist/ modules being bundled (src/css/prebuilt-sheet.ts), so that a fresh process
 * does not parse them: a form always travels with the code that made it and reads it.
 */
export async function prebuiltUserAgentSheets() {
  const { prebuildUserAgentSheets } = await import(pathToFileURL(join(DIST_DIR, 'css', 'cache.js')).href);
  const contents = `export const UA_PREBUILT_SHEETS = ${JSON.stringify(prebuildUserAgentSheets())};\n`;
  return {
    name: 'prebuilt-user-agent-sheets',
    setup(build) {
      build.onLoad({ filter: /[\\/]dist[\\/]css[\\/]ua-prebuilt\.js$/ }, () => ({ contents, loader: 'js' }));
    },
  };
}
