/**
 * The sandbox through the whole engine (issue 15): whatever way a template names a file outside
 * its root — `../`, URL-encoded dots, `file:` URLs, absolute paths, symbolic links, stylesheet
 * `@import`/`url()`, `@font-face` — or a network URL, the render is refused with
 * `resource_denied` (no network traffic: the URL is refused before any connection). Payload
 * keys `__proto__` / `constructor.prototype` print nothing and change nothing.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createEngine, OctavoError } from '../../src/index.js';

const top = mkdtempSync(join(tmpdir(), 'octavo-sandbox-'));
const base = join(top, 'root', 'template');
mkdirSync(base, { recursive: true });
writeFileSync(join(top, 'secret.css'), 'p { color: red }');
writeFileSync(join(base, 'own.css'), 'p { color: blue }');
symlinkSync(join(top, 'secret.css'), join(base, 'link.css'));
const secret = join(top, 'secret.css');
const engine = createEngine();

const REFERENCES: Readonly<Record<string, string>> = {
  'a ../ escape': '../../secret.css',
  'URL-encoded dots': '%2e%2e/%2e%2e/secret.css',
  'mixed-case encoded dots': '%2E%2e/.%2E/secret.css',
  'a file: URL': pathToFileURL(secret).href,
  'an absolute path': secret,
  'a symbolic link leading out': 'link.css',
  'an http URL': 'http://127.0.0.1:9/secret.css',
  'an https URL': 'https://127.0.0.1:9/secret.css',
};

const USES: Readonly<Record<string, (url: string) => string>> = {
  stylesheet: (url) => `<link rel="stylesheet" href="${url}"><p>x</p>`,
  image: (url) => `<img src="${url}">`,
  '@import': (url) => `<style>@import url("${url}");</style><p>x</p>`,
  'background url()': (url) => `<p style="background-image: url('${url}')">x</p>`,
  '@font-face': (url) => `<style>@font-face { font-family: F; src: url("${url}") } p { font-family: F }</style><p>x</p>`,
};

describe('sandbox', () => {
  for (const [what, url] of Object.entries(REFERENCES)) {
    it.each(Object.keys(USES))(`refuses ${what} in a %s`, async (use) => {
      const error = await engine.render({ template: USES[use]!(url), baseDir: base }).then(() => undefined, (e: unknown) => e);
      expect(error).toBeInstanceOf(OctavoError);
      expect((error as OctavoError).code).toBe('resource_denied');
    });
  }

  it('reads a file inside the root, and one above baseDir only when root is widened', async () => {
    const inside = await engine.renderDetailed({ template: '<link rel="stylesheet" href="own.css"><p>x</p>', baseDir: base });
    expect(inside.diagnostics).toEqual([]);
    writeFileSync(join(top, 'root', 'shared.css'), 'p { color: green }');
    const shared = '<link rel="stylesheet" href="../shared.css"><p>x</p>';
    await expect(engine.render({ template: shared, baseDir: base })).rejects.toMatchObject({ code: 'resource_denied' });
    const widened = await engine.renderDetailed({ template: shared, baseDir: base, root: join(top, 'root') });
    expect(widened.diagnostics).toEqual([]);
  });

  it('keeps __proto__ and constructor.prototype payload keys as data: they print nothing and change nothing', async () => {
    const data = JSON.parse('{"__proto__": {"polluted": "yes"}, "constructor": {"prototype": {"polluted": "yes"}}, "name": "ok"}') as unknown;
    const result = await engine.renderDetailed({
      template: '<p>[{{#if constructor}}{{constructor.prototype.polluted}}{{/if}}][{{#if __proto__}}{{__proto__.polluted}}{{/if}}][{{name}}]</p>',
      data,
    });
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(execFileSync('pdftotext', ['-', '-'], { input: result.pdf, encoding: 'utf8' }).trim()).toBe('[][][ok]');
    // a key of the payload is a field like any other: strict mode says it is missing, nothing more
    await expect(engine.render({ template: '{{polluted}}', data, strict: true })).rejects.toMatchObject({ code: 'template_runtime' });
    await expect(engine.render({ template: '{{constructor.prototype.polluted}}', data, strict: true })).rejects.toMatchObject({ code: 'template_runtime' });
  });
});
