/** `octavo render --emit-html FILE`: the filled HTML, which a browser shows with the template's resources (issue 31). */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext } from 'playwright-core';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import command from '../../src/cli/commands/render.js';
import { withBaseHref } from '../../src/cli/commands/emit-html.js';
import { pdfText, runCommand } from './io.js';

let dir: string;
let profile: string;
let browser: BrowserContext | undefined;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'octavo-emit-html-'));
  mkdirSync(join(dir, 'letter', 'images'), { recursive: true });
  mkdirSync(join(dir, 'letter', 'partials'));
  mkdirSync(join(dir, 'elsewhere'));
  writeFileSync(join(dir, 'letter', 'letter.html'), [
    '<!doctype html><html lang="en"><head><link rel="stylesheet" href="style.css"></head>',
    '<body>{{> header}}<p class="who">{{uppercase name}}</p><img src="images/dot.png" alt="dot"></body></html>',
  ].join('\n'));
  writeFileSync(join(dir, 'letter', 'partials', 'header.html'), '<h1>{{title}}</h1>');
  writeFileSync(join(dir, 'letter', 'style.css'), '.who { color: rgb(0, 128, 0) }');
  copyFileSync('test/fixtures/images/interlaced.png', join(dir, 'letter', 'images', 'dot.png'));
  writeFileSync(join(dir, 'data.json'), JSON.stringify({ name: 'Ada', title: 'Dear <friend>' }));
});

afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
  if (profile !== undefined) rmSync(profile, { recursive: true, force: true });
});

describe('octavo render --emit-html', () => {
  it('writes the filled HTML with a <base href> at the template folder, beside the PDF', async () => {
    const result = await runCommand(command, ['letter/letter.html', '--data', 'data.json', '--emit-html', 'elsewhere/filled.html', '--out', 'letter.pdf'], { cwd: dir });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const html = readFileSync(join(dir, 'elsewhere', 'filled.html'), 'utf8');
    const base = `${pathToFileURL(join(dir, 'letter')).href}/`;
    expect(html).toContain(`<head><base href="${base}"><link rel="stylesheet" href="style.css">`);
    expect(html).toContain('<h1>Dear &lt;friend&gt;</h1><p class="who">ADA</p>');
    expect(pdfText(join(dir, 'letter.pdf'))).toContain('ADA');
  });

  it('shows the same document in a browser: the stylesheet and image of the template folder load', async () => {
    profile = mkdtempSync(join(tmpdir(), 'octavo-chromium-'));
    browser = await chromium.launchPersistentContext(profile, {
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    const page = await browser.newPage();
    await page.goto(pathToFileURL(join(dir, 'elsewhere', 'filled.html')).href);
    expect(await page.evaluate('getComputedStyle(document.querySelector(".who")).color')).toBe('rgb(0, 128, 0)');
    expect(await page.evaluate('document.querySelector("img").naturalWidth')).toBeGreaterThan(0);
  }, 60_000);

  it('reports a template error located, exit 1, and refuses --batch', async () => {
    writeFileSync(join(dir, 'broken.html'), '<p>\n{{#if x}}');
    const result = await runCommand(command, ['broken.html', '--emit-html', 'b.html'], { cwd: dir });
    expect([result.code, result.stderr.split('\n')[0]]).toEqual([1, 'octavo: broken.html:2:1: {{#if}} is never closed']);
    await expect(runCommand(command, ['broken.html', '--batch', 'x.ndjson', '--out-dir', 'o', '--emit-html', 'b.html'], { cwd: dir })).rejects.toThrow('--emit-html');
  });

  it('puts the base first in the head, in a new head, or first of all', () => {
    expect(withBaseHref('<html><body>x', '/t')).toBe('<html><head><base href="file:///t/"></head><body>x');
    expect(withBaseHref('<!DOCTYPE html><p>x', '/t')).toBe('<!DOCTYPE html><base href="file:///t/"><p>x');
    expect(withBaseHref('<head><base href="https://x/"></head>', '/t')).toBe('<head><base href="https://x/"></head>');
  });
});
