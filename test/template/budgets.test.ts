/**
 * The template's expansion budgets (issue 26) through the library: output size, steps, partial
 * depth, block nesting and subexpression depth — each hostile input ends in a typed
 * `limit_exceeded` naming its limit (never a stack overflow, never a hang), and the same shapes
 * at a legitimate size still render.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createEngine, OctavoError } from '../../src/api.js';
import type { Limits } from '../../src/api.js';
import { withPdfFile } from '../helpers/tmp.js';
import { HOSTILE_TEMPLATES } from '../helpers/hostile.js';

const run = promisify(execFile);
/** Generous: each refusal took well under a second by hand; the bound only catches a hang. */
const HANG = 20_000;

async function failure(template: string, data: unknown = {}, limits: Limits = {}, partials: Record<string, string> = {}): Promise<OctavoError> {
  const error = await createEngine({ limits, partials }).render({ template, data, templateName: 'hostile.html' }).then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(OctavoError);
  return error as OctavoError;
}

async function pdfText(template: string, data: unknown = {}, limits: Limits = {}): Promise<string> {
  const { pdf, diagnostics } = await createEngine({ limits }).renderDetailed({ template, data });
  expect(diagnostics).toEqual([]);
  return withPdfFile(pdf, async (path) => (await run('pdftotext', [path, '-'])).stdout.replace(/\s+/g, ' ').trim());
}

describe('template budgets: hostile inputs', () => {
  for (const hostile of HOSTILE_TEMPLATES) {
    it(`refuses ${hostile.name} with limits.${hostile.limit}`, async () => {
      const error = await failure(hostile.template, hostile.data);
      expect(error.code).toBe('limit_exceeded');
      expect(error.message).toMatch(new RegExp(`\\(limits\\.${hostile.limit} = \\d+\\)$`));
      if (hostile.at !== undefined) expect(error.location).toBe(`hostile.html:${hostile.at}`);
    }, HANG);
  }

  it('names the recursion: partial, chain and call site', async () => {
    const error = await failure('{{#*inline "ping"}}{{> pong}}{{/inline}}{{#*inline "pong"}}{{> ping}}{{/inline}}{{> ping}}');
    expect(error.message).toBe("partial 'ping' recurses more than 100 calls deep (through pong → ping) (limits.maxPartialDepth = 100)");
  });

  it('locates recursion between engine-registered partials in their own files', async () => {
    const error = await failure('{{> a}}', {}, {}, { a: '<p>{{> b}}</p>', b: 'x\n {{> a}}' });
    expect(error.code).toBe('limit_exceeded');
    expect(error.message).toContain('(limits.maxPartialDepth = 100)');
    expect(error.location).toMatch(/^<partial [ab]>:\d+:\d+$/);
  });
});

describe('template budgets: legitimate templates at the same shapes', () => {
  it('recurses through a tree as deep as its data', async () => {
    let tree: unknown = { name: 'leaf', children: [] };
    for (let level = 9; level >= 1; level--) tree = { name: `n${level}`, children: [tree] };
    const template = '{{#*inline "node"}}{{name}} {{#each children}}{{> node}}{{/each}}{{/inline}}{{> node}}';
    expect(await pdfText(template, tree)).toBe('n1 n2 n3 n4 n5 n6 n7 n8 n9 leaf');
  });

  it('doubles partials ten times and nests blocks at the limit', async () => {
    let source = '{{#*inline "e0"}}x {{/inline}}';
    for (let level = 1; level <= 10; level++) source += `{{#*inline "e${level}"}}{{> e${level - 1}}}{{> e${level - 1}}}{{/inline}}`;
    expect((await pdfText(`<p>${source}{{> e10}}</p>`)).replace(/ /g, '')).toBe('x'.repeat(1024));
    expect(await pdfText('{{#if a}}'.repeat(128) + 'deep' + '{{/if}}'.repeat(128), { a: 1 })).toBe('deep');
    expect(await pdfText('{{uppercase ' + '(lowercase '.repeat(63) + '"Sub"' + ')'.repeat(63) + '}}')).toBe('SUB');
  });

  it('counts only what the template writes: text outside blocks, raised limits', async () => {
    const error = await failure('x'.repeat(2000), {}, { maxTemplateOutputBytes: 1000 });
    expect(error.message).toBe('the template writes more than 1000 characters (limits.maxTemplateOutputBytes = 1000)');
    const loop = '{{#each a}}{{#each ../a}}{{/each}}{{/each}}';
    const data = { a: Array.from({ length: 100 }, (_, index) => index) };
    expect((await failure(loop, data, { maxTemplateSteps: 5000 })).message).toContain('(limits.maxTemplateSteps = 5000)');
    expect(await pdfText(`${loop}done`, data, { maxTemplateSteps: 20_000 })).toBe('done');
  });

  it('weighs every mustache and helper call, even those writing nothing', async () => {
    const items = { a: Array.from({ length: 100 }, () => ({})) };
    const mustaches = `{{#each a}}${'{{x}}{{{y}}}'.repeat(10)}{{/each}}`;
    // 100 bodies + 2,000 mustaches + the each call
    expect((await failure(mustaches, items, { maxTemplateSteps: 2000 })).message).toContain('(limits.maxTemplateSteps = 2000)');
    expect(await pdfText(`${mustaches}done`, items, { maxTemplateSteps: 2200 })).toBe('done');
    const helpers = `{{#each a}}${'{{uppercase "x"}}'.repeat(10)}{{/each}}`;
    expect((await failure(helpers, items, { maxTemplateSteps: 1000 })).message).toContain('(limits.maxTemplateSteps = 1000)');
  });
});
