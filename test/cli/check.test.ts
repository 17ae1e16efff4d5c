import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import command from '../../src/cli/commands/check.js';
import { runCommand } from './io.js';
import { UsageError } from '../../src/cli/shared/command.js';

let dir: string;
const run = (args: string[]) => runCommand(command, args, { cwd: dir });
const stdout = async (args: string[]): Promise<{ code: number; lines: string[] }> => {
  const result = await run(args);
  return { code: result.code, lines: result.stdout.toString('utf8').trim().split('\n') };
};

const CLEAN = `<html><head><style>p { color: red }</style></head><body>
  <h1>{{customer.name}}</h1>
  {{#each items as |item|}}<p>{{item.name}}: {{formatCurrency item.price "EUR"}}</p>{{/each}}
  {{#if note}}<p>{{note}}</p>{{/if}}
</body></html>`;

const PROBLEMS = `<html lang="en">
<head>
  <link rel="stylesheet" href="missing.css">
  <style>
    body { colr: red; width: banana }
    .grid { column-fill: balance-all }
    @font-face { font-family: Brand; src: url(fonts/brand.ttf) }
    h1 { font-family: Brand }
  </style>
</head>
<body>
  <h1 class="grid">{{customer.name}}</h1>
  <img src="images/logo.png">
  {{#each items}}<p>{{name}} {{qty}}</p>{{/each}}
  <p>{{customer.vat}}</p>
</body>
</html>`;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'octavo-check-'));
  mkdirSync(join(dir, 'partials'));
  writeFileSync(join(dir, 'clean.html'), CLEAN);
  writeFileSync(join(dir, 'problems.html'), PROBLEMS);
  writeFileSync(join(dir, 'data.json'), JSON.stringify({ customer: { name: 'Ada' }, items: [{ name: 'Widget', price: 3 }] }));
  writeFileSync(join(dir, 'syntax.html'), '<p>\n  {{#if paid}}\n</p>');
  writeFileSync(join(dir, 'helpers.html'), '<p>{{frobnicate a}}</p>\n<p>{{formatNumber 1 digits=2}}</p>\n{{> nowhere}}');
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('octavo check', () => {
  it('passes a clean template with its sample', async () => {
    expect(await stdout(['clean.html', '--data', 'data.json'])).toEqual({ code: 0, lines: ['no problems found'] });
  });

  it('reports a syntax error at the unclosed block and exits 1', async () => {
    expect(await stdout(['syntax.html'])).toEqual({ code: 1, lines: [
      'syntax.html:2:3: error[template_syntax]: {{#if}} is never closed',
      '  hint: add {{/if}} where the block ends',
      '1 error, 0 warnings',
    ] });
  });

  it('reports every unknown helper, bad option and missing partial', async () => {
    const { code, lines } = await stdout(['helpers.html']);
    expect(code).toBe(1);
    expect(lines.filter((line) => !line.startsWith('  hint'))).toEqual([
      "helpers.html:1:4: error[template_syntax]: unknown helper 'frobnicate'",
      "helpers.html:2:4: error[template_syntax]: helper 'formatNumber' has no option 'digits'; it accepts decimals, locale",
      "helpers.html:3:1: error[template_syntax]: unknown partial 'nowhere'",
      '3 errors, 0 warnings',
    ]);
    writeFileSync(join(dir, 'partial.html'), '<p>x</p>\n  {{> nowhere}}');
    const partial = await stdout(['partial.html']);
    expect([partial.code, partial.lines[0]]).toEqual([1, "partial.html:2:3: error[template_syntax]: unknown partial 'nowhere'"]);
  });

  it('reports fields the sample lacks, CSS, missing resources and fonts, each located, with hints', async () => {
    const { code, lines } = await stdout(['problems.html', '--data', 'data.json']);
    expect(code).toBe(0);
    expect(lines.filter((line) => !line.startsWith('  hint'))).toEqual([
      'problems.html:14:30: warning[missing_field]: "qty" is not in the sample payload',
      'problems.html:15:6: warning[missing_field]: "customer.vat" is not in the sample payload',
      'problems.html:3:3: warning[resource]: stylesheet not found: missing.css',
      'problems.html:5:12: warning[css_unknown_property]: unknown property `colr`',
      'problems.html:5:23: warning[css_invalid_value]: invalid value `banana` for `width`',
      'problems.html:6:13: warning[css_unsupported]: `column-fill: balance-all` has no effect: only the last fragment of a multi-column container is balanced (as `balance`)',
      'problems.html:7:43: warning[font]: @font-face "Brand" was ignored: cannot read fonts/brand.ttf: no such file',
      'problems.html:13:3: warning[resource]: image not loaded: cannot read images/logo.png: no such file',
      '0 errors, 8 warnings',
    ]);
    expect(lines.filter((line) => line.startsWith('  hint')).length).toBe(8);
  });

  it('reports font-family names that match no available font, at their declaration, also in linked stylesheets', async () => {
    mkdirSync(join(dir, 'fonts-css'), { recursive: true });
    writeFileSync(join(dir, 'fonts-css', 'main.css'), '@import "more.css";\np {\n  font-family: Robotto, "DejaVu Sans";\n}\n');
    writeFileSync(join(dir, 'fonts-css', 'more.css'), 'h2 { font: italic bold 10pt/1.5 "Missing Serif", serif }\n');
    writeFileSync(join(dir, 'families.html'), [
      '<link rel="stylesheet" href="fonts-css/main.css">',
      '<style>',
      '  @font-face { font-family: "Brand Sans"; src: url(data:font/ttf;base64,AAAA) }',
      '  body { font-family: "Brand Sans", Arial, Helvetica, "Liberation Mono", sans-serif }',
      '  h1 { font-family: Robot0, cursive } /* font-family: Commented */',
      '  .x { font-family: {{font}}, serif }',
      '</style>',
      '<h1>font: 12px Text</h1><p style="font-family: \'Nope Font\', monospace">{{font}}</p>',
    ].join('\n'));
    const { code, lines } = await stdout(['families.html']);
    expect(code).toBe(0);
    expect(lines.filter((line) => line.includes('matches no available font'))).toEqual([
      'families.html:5:21: warning[font]: font-family "Robot0" matches no available font: no @font-face declares it, octavo does not bundle it and it is not installed (the next family of the list is used)',
      'families.html:8:48: warning[font]: font-family "Nope Font" matches no available font: no @font-face declares it, octavo does not bundle it and it is not installed (the next family of the list is used)',
      'fonts-css/main.css:3:16: warning[font]: font-family "Robotto" matches no available font: no @font-face declares it, octavo does not bundle it and it is not installed (the next family of the list is used)',
      'fonts-css/more.css:1:33: warning[font]: font-family "Missing Serif" matches no available font: no @font-face declares it, octavo does not bundle it and it is not installed (the next family of the list is used)',
    ]);
  });

  it('names custom properties a render leaves unset quietly, at their declaration, with a hint', async () => {
    mkdirSync(join(dir, 'vars-css'), { recursive: true });
    writeFileSync(join(dir, 'vars-css', 'ui.css'), ':root { --brand-color: navy }\nh1 {\n  color: var(--brand-colour);\n  height: var(--h);\n}\n');
    writeFileSync(join(dir, 'vars.html'), '<link rel="stylesheet" href="vars-css/ui.css">\n<style>h1 { --h: ; }</style>\n<h1>Title</h1>');
    const { code, lines } = await stdout(['vars.html']);
    expect(code).toBe(0);
    expect(lines).toEqual([
      'vars-css/ui.css:3:3: warning[css_invalid_value]: `color: var(--brand-colour)` refers to an undefined custom property; the declaration is ignored',
      '  hint: set the property on the element or an ancestor (`:root`), or give var() a fallback: `var(--name, value)`; a framework\'s optional variable may stay unset (a render does not warn of it)',
      'vars-css/ui.css:4:3: warning[css_invalid_value]: invalid value `` for `height` after var() substitution',
      '  hint: a custom property substituted nothing (`--name: ;`): give it a value, or leave it where a framework means it empty (a render does not warn of it)',
      '0 errors, 2 warnings',
    ]);
  });

  it('reports a generic family written in quotes, which names a font and not the generic, once', async () => {
    writeFileSync(join(dir, 'quoted.html'), [
      '<style>',
      '  code { font-family: "monospace" }',
      "  .unused { font-family: 'Serif', Arial }",
      '  kbd { font-family: monospace, "monospace" }',
      '  samp { font-family: Arial, "sans-serif" }',
      '</style>',
      '<p><code>a</code> <kbd>b</kbd> <samp>c</samp></p>',
    ].join('\n'));
    const { code, lines } = await stdout(['quoted.html']);
    expect(code).toBe(0);
    // the trial render warns where text asks for "monospace"; no text asks for "Serif", so check says it at the declaration
    expect(lines.filter((line) => line.includes('warning[font]'))).toEqual([
      'quoted.html:7:4: warning[font]: font-family "monospace" in quotes names a font, not the generic family, and none has that name here, so the first text asking for it is set in "Liberation Serif" (write monospace without quotes for the generic family)',
      'quoted.html:3:26: warning[font]: font-family "Serif" in quotes names a font, not the generic family, and no font is named so (the render takes what the system substitutes, else the next family of the list; write Serif without quotes for the generic family)',
    ]);
  });

  it('makes missing fields errors with --strict', async () => {
    const { code, lines } = await stdout(['problems.html', '--data', 'data.json', '--strict']);
    expect(code).toBe(1);
    expect(lines.at(-1)).toBe('2 errors, 0 warnings');
  });

  it('prints JSON for machines', async () => {
    const result = await run(['syntax.html', '--json']);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout.toString('utf8'))).toEqual({
      ok: false, errors: 1, warnings: 0,
      findings: [{ severity: 'error', code: 'template_syntax', message: '{{#if}} is never closed', file: 'syntax.html', line: 2, column: 3, hint: 'add {{/if}} where the block ends' }],
    });
  });

  it('exits 2 on usage and input errors', async () => {
    await expect(run([])).rejects.toThrow(UsageError);
    expect((await run(['absent.html'])).code).toBe(2);
  });
});
