// Bundles the compiled CLI (dist/cli/main.js and everything it imports from dist/) into a few
// files in dist/cli/, so that `octavo render` loads a handful of modules instead of ~500: for a
// one-off render, resolving and reading each module costs more than the render itself.
//
// - Runs after tsc and overwrites dist/cli/main.js (the `bin`); each command stays a lazy chunk.
// - Packages stay external (resolved from node_modules at run time, as tsc's output does), except
//   the many-module pure-JS ones listed in INLINE, bundled in, and css-tree, imported as its own
//   single-file build instead of its 120 modules. PDFKit, fontkit and what they import themselves
//   stay external, so that there is one copy of each.
// - `import.meta.url` in a bundled file of dist/ is rewritten to that file's original URL, so the
//   assets and worker files it finds beside itself (ua.css, fonts/, render-thread.js) still resolve.
import { readFile, readdir, rm } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(root, 'dist', 'cli');

/** Keeps each dist/ module's own `import.meta.url` (relative to the output folder, which holds every chunk). */
const originalUrls = {
  name: 'original-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /[\\/]dist[\\/].*\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return { contents: source, loader: 'js' };
      const from = relative(outdir, args.path).split(sep).join('/');
      return { contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(from)}, import.meta.url).href`), loader: 'js' };
    });
  },
};

/** Packages bundled into the CLI: pure JavaScript, no file found beside their own modules at run time. */
const INLINE = new Set([
  'boolbase', 'css-select', 'css-what', 'dom-serializer', 'domelementtype', 'domhandler', 'domutils', 'entities',
  'handlebars', 'htmlparser2', 'nth-check', 'source-map',
]);

/** Bare imports: inline the INLINE packages, leave every other package to node_modules at run time. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      const name = args.path.startsWith('@') ? args.path.split('/', 2).join('/') : args.path.split('/', 1)[0];
      return INLINE.has(name) ? undefined : { path: args.path, external: true };
    });
  },
};

/** css-tree's one-file ESM build (the same version, its data inlined; the package maps dist/X to dist/X.js) instead of lib/ (120 modules). */
const singleFileCssTree = {
  name: 'single-file-css-tree',
  setup(build) {
    build.onResolve({ filter: /^css-tree$/ }, () => ({ path: 'css-tree/dist/csstree.esm', external: true }));
  },
};

// Chunks of an earlier build (their names change with their content), and tsc's map of main.js,
// which no longer describes the bundle written in its place.
for (const file of await readdir(outdir)) if (/^chunk-\w+\.js$|^main\.js\.map$/.test(file)) await rm(join(outdir, file));

await build({
  entryPoints: { main: join(outdir, 'main.js') },
  outdir,
  allowOverwrite: true,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  chunkNames: 'chunk-[hash]',
  plugins: [singleFileCssTree, externalPackages, originalUrls],
  logLevel: 'warning',
});
