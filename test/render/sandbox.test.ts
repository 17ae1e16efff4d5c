/**
 * The sandbox through the whole engine (issue 15): whatever way a template names a file outside
 * its root — `../`, URL-encoded dots, `file:` URLs, absolute paths, symbolic links, stylesheet
 * `@import`/`url()`, `@font-face` — or a network URL no allow-list names, the file is not read:
 * the document renders without it, with one located warning saying why, as a browser skips a
 * resource it cannot have (issues 28 and 33; no network traffic: the URL is refused before any
 * connection). Payload
 * keys `__proto__` / `constructor.prototype` print nothing and change nothing.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/api.js';

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
    it.each(Object.keys(USES))(`refuses ${what} in a %s, with a warning`, async (use) => {
      const result = await engine.renderDetailed({ template: USES[use]!(url), baseDir: base, templateName: 'page.html' });
      expect(result.pdf.byteLength).toBeGreaterThan(0);
      expect(result.diagnostics).toHaveLength(1);
      const [warning] = result.diagnostics;
      expect(warning!.code).toBe(use === '@font-face' ? 'font' : 'resource');
      expect(warning!.message).toMatch(/outside the resource root|remote resources are not allowed/);
      expect(warning!.file).toBe('page.html');
    });
  }

  it('reads a file inside the root, and one above baseDir only when root is widened', async () => {
    const inside = await engine.renderDetailed({ template: '<link rel="stylesheet" href="own.css"><p>x</p>', baseDir: base });
    expect(inside.diagnostics).toEqual([]);
    writeFileSync(join(top, 'root', 'shared.css'), 'p { color: green }');
    const shared = '<link rel="stylesheet" href="../shared.css"><p>x</p>';
    const refused = await engine.renderDetailed({ template: shared, baseDir: base, templateName: 'page.html' });
    expect(refused.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.message}`)).toEqual([
      expect.stringMatching(/^page\.html:1:1 stylesheet not loaded: \.\.\/shared\.css is outside the resource root \(path escapes the root\)$/),
    ]);
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
