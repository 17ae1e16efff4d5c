/**
 * Two lint rules that keep the engine's stages in one direction (docs/architecture.md, "Stages"):
 *
 * - `octavo/stage-order`: a module may import its own stage and the stages listed before it in
 *   STAGES, never one listed after it (the pipeline template → dom → css → … → pdf, with the
 *   shared records below it and the engine facade, the service and the command line above it).
 * - `octavo/no-folder-cycle`: no import cycle between folders — any two folders of src/, stages
 *   and their subfolders alike (a file directly in src/ counts as a folder of its own). The
 *   folder graph is read once per lint run from the sources (static imports, re-exports and
 *   `import()`, type-only imports included: they are dependencies of the design even when
 *   erased) and every import that closes a cycle is reported with the cycle.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';

/**
 * The stages, lowest first; each entry lists its folders or root files (paths from the
 * repository root). A path not listed (a new folder) belongs to no stage and is not checked by
 * stage-order until it is given its place here.
 */
export const STAGES = [
  { name: 'shared records (errors, diagnostics, options, limits, append-all)', paths: ['src/errors.ts', 'src/diagnostics.ts', 'src/exact-length.ts', 'src/options.ts', 'src/limits.ts', 'src/append-all.ts', 'src/graphemes.ts'] },
  { name: 'cache', paths: ['src/cache'] },
  { name: 'net (the SSRF guard and remote fetching)', paths: ['src/net'] },
  { name: 'geometry', paths: ['src/geometry'] },
  { name: 'raster', paths: ['src/raster'] },
  { name: 'sfnt (font file containers: reading WOFF2, writing sfnt)', paths: ['src/sfnt'] },
  { name: 'template', paths: ['src/template'] },
  { name: 'dom', paths: ['src/dom'] },
  { name: 'css', paths: ['src/css'] },
  { name: 'text', paths: ['src/text'] },
  { name: 'boxes', paths: ['src/boxes'] },
  { name: 'resources', paths: ['src/resources'] },
  { name: 'layout', paths: ['src/layout'] },
  { name: 'paint', paths: ['src/paint'] },
  { name: 'pdf', paths: ['src/pdf'] },
  { name: 'engine facade', paths: ['src/index.ts', 'src/render.ts', 'src/validate-options.ts', 'src/engine-snapshot.ts'] },
  { name: 'service', paths: ['src/service'] },
  { name: 'cli', paths: ['src/cli'] },
];

const posix = (path) => path.split(sep).join('/');

/** The stage index of a repository-relative path, or -1. */
function stageOf(path) {
  return STAGES.findIndex((stage) => stage.paths.some((p) => path === p || path.startsWith(`${p}/`)));
}

/** The repository-relative .ts path a relative specifier of `fromFile` names, or undefined. */
function resolveSpecifier(root, fromFile, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  return posix(normalize(join(dirname(relative(root, fromFile)), specifier))).replace(/\.js$/, '.ts');
}

/** The node of the folder graph a file belongs to: its folder, or itself when it is directly in src/. */
function folderOf(path) {
  const folder = posix(dirname(path));
  return folder === 'src' ? path : folder;
}

/** Every module source a node visits: the import declarations, re-exports and dynamic imports. */
function sourcesOf(node) {
  if (node.type === 'ImportExpression') return node.source.type === 'Literal' ? [node.source] : [];
  return node.source ? [node.source] : [];
}

const IMPORT_PATTERN = /^\s*(?:import|export)\b[^;]*?\bfrom\s*['"](\.[^'"]+)['"]|^\s*import\s*['"](\.[^'"]+)['"]|\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/gm;

/** All .ts files under `dir` (repository-relative). */
function sourceFiles(root, dir) {
  const out = [];
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...sourceFiles(root, path));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** The folder graph of src/: node → the nodes it imports. */
function folderGraph(root) {
  const graph = new Map();
  for (const file of sourceFiles(root, 'src')) {
    const from = folderOf(file);
    if (!graph.has(from)) graph.set(from, new Set());
    for (const match of readFileSync(join(root, file), 'utf8').matchAll(IMPORT_PATTERN)) {
      const target = resolveSpecifier(root, join(root, file), match[1] ?? match[2] ?? match[3]);
      if (target !== undefined && folderOf(target) !== from) graph.get(from).add(folderOf(target));
    }
  }
  return graph;
}

/** The shortest import path from `start` to `goal` in the graph (both included), or undefined. */
function shortestPath(graph, start, goal) {
  const previous = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const at = queue.shift();
    if (at === goal) {
      const path = [];
      for (let node = goal; node !== undefined; node = previous.get(node)) path.unshift(node);
      return path;
    }
    for (const next of graph.get(at) ?? []) {
      if (!previous.has(next)) { previous.set(next, at); queue.push(next); }
    }
  }
  return undefined;
}

/** One folder graph per lint run (per repository root): the sources do not change meanwhile. */
const graphs = new Map();
function graphFor(root) {
  if (!graphs.has(root)) graphs.set(root, folderGraph(root));
  return graphs.get(root);
}

const stageOrder = {
  meta: { type: 'problem', docs: { description: 'stages import only themselves and the stages below them' }, schema: [] },
  create(context) {
    const root = context.cwd;
    const file = posix(relative(root, context.filename));
    const from = stageOf(file);
    if (from === -1) return {};
    const check = (node) => {
      for (const source of sourcesOf(node)) {
        const target = resolveSpecifier(root, context.filename, String(source.value));
        const to = target === undefined ? -1 : stageOf(target);
        if (to > from) {
          context.report({ node: source, message: `${STAGES[from].name} (${file}) may not import ${STAGES[to].name} (${target}): stages import only the stages below them (eslint/stages.js STAGES)` });
        }
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

const noFolderCycle = {
  meta: { type: 'problem', docs: { description: 'no import cycle between folders of src/' }, schema: [] },
  create(context) {
    const root = context.cwd;
    const file = posix(relative(root, context.filename));
    if (!file.startsWith('src/')) return {};
    const from = folderOf(file);
    const check = (node) => {
      for (const source of sourcesOf(node)) {
        const target = resolveSpecifier(root, context.filename, String(source.value));
        if (target === undefined || folderOf(target) === from) continue;
        const back = shortestPath(graphFor(root), folderOf(target), from);
        if (back !== undefined) {
          context.report({ node: source, message: `import cycle between folders: ${[from, ...back].join(' → ')}` });
        }
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default { rules: { 'stage-order': stageOrder, 'no-folder-cycle': noFolderCycle } };
