/**
 * `walk` (src/template/ast.ts) reads only the keys that hold child nodes of each node type: it
 * visits the nodes a walk over every value visits, in the same order, before and after Handlebars
 * has compiled the tree (which replaces literal helper paths with path nodes).
 */
import { readdirSync, readFileSync } from 'node:fs';
import Handlebars from 'handlebars';
import { describe, expect, it } from 'vitest';
import type { AstNode } from '../../src/template/ast.js';
import { walk } from '../../src/template/ast.js';

/** The walk over every value of every node (what `walk` did before it knew the child keys). */
function everyValueWalk(node: AstNode, visit: (node: AstNode) => void): void {
  visit(node);
  const isNode = (value: unknown): value is AstNode => typeof value === 'object' && value !== null
    && typeof (value as { type?: unknown }).type === 'string' && (value as { type: string }).type !== 'Position';
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item)) everyValueWalk(item, visit);
    } else if (isNode(value)) {
      everyValueWalk(value, visit);
    }
  }
}

const visited = (ast: AstNode, by: typeof walk): AstNode[] => {
  const nodes: AstNode[] = [];
  by(ast, (node) => nodes.push(node));
  return nodes;
};

const CONSTRUCTS = [
  '{{#*inline "r"}}x{{/inline}}{{> r a=1}}{{#> r b=(f 2)}}y{{/r}}{{^x}}z{{else}}w{{/x}}',
  '{{#each a as |b c|}}{{b}}{{else if q}}{{q}}{{else}}n{{/each}}{{{{raw}}}}{{x}}{{{{/raw}}}}{{! c}}{{!-- d --}}',
  '{{* dec 1}}{{#* block}}k{{/block}}{{f (g 1 "s" true null undefined a=@index b=../c.d)}}{{[a b].c}} {{"literal"}} {{10 x}}',
  '{{#"quoted" 1}}a{{/"quoted"}}{{> (dynamic) x}}{{#if a}}{{#with b}}{{../c}}{{/with}}{{/if}}',
];

function sources(): string[] {
  const fixtures = new URL('../../fixtures/', import.meta.url);
  const files = readdirSync(fixtures, { withFileTypes: true }).filter((entry) => entry.isDirectory())
    .map((entry) => new URL(`${entry.name}/template.html`, fixtures));
  return [...CONSTRUCTS, ...files.map((file) => readFileSync(file, 'utf8'))];
}

describe('walk', () => {
  it('visits what a walk over every value visits, in the same order', () => {
    for (const source of sources()) {
      const ast = Handlebars.parse(source) as unknown as AstNode;
      expect(visited(ast, walk)).toEqual(visited(ast, everyValueWalk));
      expect(visited(ast, walk).length).toBeGreaterThan(1);
    }
  });

  it('still does after Handlebars compiled the tree', () => {
    for (const source of CONSTRUCTS) {
      const ast = Handlebars.parse(source);
      Handlebars.precompile(ast);
      expect(visited(ast as unknown as AstNode, walk)).toEqual(visited(ast as unknown as AstNode, everyValueWalk));
    }
  });

  it('walks a node type it does not know by all its values', () => {
    const leaf = { type: 'PathExpression', original: 'x', parts: ['x'] };
    const unknown = { type: 'FutureStatement', inner: leaf, list: [leaf, 1, 'x'] };
    const root = { type: 'Program', body: [unknown] };
    expect(visited(root as AstNode, walk)).toEqual([root, unknown, leaf, leaf]);
  });
});
