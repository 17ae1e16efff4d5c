/** `octavo check` reports every problem of a template, its partials and its CSS in one run (issue 31). */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import command from '../../src/cli/commands/check.js';
import { runCommand } from './io.js';

let dir: string;
const check = async (args: string[], cwd = dir): Promise<{ code: number; lines: string[] }> => {
  const result = await runCommand(command, args, { cwd });
  return { code: result.code, lines: result.stdout.toString('utf8').trim().split('\n') };
};

/** The template: a mistyped helper (line 5), an unclosed {{#each}} (6) and {{#if}} (8), a CSS typo. */
const CERTIFICATE = `<html lang="en"><head><style>
  @font-face { font-family: "Cert Serif"; src: url(fonts/cert.ttf) }
  body { font-family: "Cert Serif", Georgia, serif; colr: red }
</style></head><body>
<p>{{formatCurency total "EUR"}}</p>
{{#each items}}
  <p>{{name}}</p>
  {{#if paid}}
    <b>paid</b>
</body></html>
`;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'octavo-check-recovery-'));
  mkdirSync(join(dir, 'cert', 'fonts'), { recursive: true });
  copyFileSync('fonts/liberation/LiberationSerif-Regular.ttf', join(dir, 'cert', 'fonts', 'cert.ttf'));
  writeFileSync(join(dir, 'cert', 'cert.html'), CERTIFICATE);
  writeFileSync(join(dir, 'cert', 'data.json'), JSON.stringify({ total: 3, items: [{ name: 'A' }] }));
  mkdirSync(join(dir, 'parts', 'partials'), { recursive: true });
  writeFileSync(join(dir, 'parts', 'partials', 'header.html'), '<h1>{{title}}</h1>\n{{#if logo}}<img>\n');
  writeFileSync(join(dir, 'parts', 'page.html'), '{{> header}}\n{{> footr}}\n<p>{{custmer.name}}</p>\n{{each items}}\n<style>\n  p { display: blok }\n</style>\n');
  writeFileSync(join(dir, 'parts', 'partials', 'footer.hbs'), '<footer></footer>');
  writeFileSync(join(dir, 'parts', 'data.json'), JSON.stringify({ customer: { name: 'Ada' }, items: [] }));
  mkdirSync(join(dir, 'invoice', 'partials'), { recursive: true });
  writeFileSync(join(dir, 'invoice', 'invoice.html'), '<h1>{{> title}}</h1>\n<table>{{#each lines}}{{> row this currency=../currency}}{{/each}}</table>\n{{> address customer}}\n');
  writeFileSync(join(dir, 'invoice', 'partials', 'title.html'), 'Invoice {{numbr}}');
  writeFileSync(join(dir, 'invoice', 'partials', 'row.html'), '<tr><td>{{descripton}}</td>\n<td>{{formatCurrency amount currency}}</td></tr>');
  writeFileSync(join(dir, 'invoice', 'partials', 'address.html'), '<p>{{name}}, {{citty}}</p>');
  writeFileSync(join(dir, 'invoice', 'data.json'), JSON.stringify({
    number: 'F-1', currency: 'EUR', customer: { name: 'Ada', city: 'Paris' }, lines: [{ description: 'Tea', amount: 3 }],
  }));
  writeFileSync(join(dir, 'syntax.html'), '<p>{{#each a}}{{/if}}</p>\n<p>{{foo bar}</p>\n<p>{{/with}}</p>\n<p>{{formatNumbr 1}}</p>\n');
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('octavo check recovers after errors', () => {
  it('reports the mistyped helper, both unclosed blocks and the CSS typo at once, with did-you-mean, paths relative to the working directory', async () => {
    const { code, lines } = await check(['cert/cert.html', '--data', 'cert/data.json']);
    expect(code).toBe(1);
    expect(lines).toEqual([
      "cert/cert.html:5:4: error[template_syntax]: unknown helper 'formatCurency'",
      "  hint: did you mean 'formatCurrency'?",
      'cert/cert.html:6:1: error[template_syntax]: {{#each}} is never closed',
      '  hint: add {{/each}} where the block ends',
      'cert/cert.html:8:3: error[template_syntax]: {{#if}} is never closed',
      '  hint: add {{/if}} where the block ends',
      'cert/cert.html:3:53: warning[css_unknown_property]: unknown property `colr`',
      '  hint: did you mean `color`?',
      '3 errors, 1 warning',
    ]);
  });

  it('checks partials in their own files, suggests partials, fields and CSS values, and explains block helpers used inline', async () => {
    const { code, lines } = await check(['page.html', '--data', 'data.json'], join(dir, 'parts'));
    expect(code).toBe(1);
    expect(lines).toEqual([
      "page.html:2:1: error[template_syntax]: unknown partial 'footr'",
      "  hint: did you mean 'footer'?",
      'page.html:3:4: warning[missing_field]: "custmer.name" is not in the sample payload',
      '  hint: did you mean "customer.name"? (it prints nothing; add it to the sample, or guard it with {{#if}} / {{default}} if it is optional)',
      "page.html:4:1: error[template_syntax]: 'each' is a block helper and cannot be used inside a mustache or as an argument",
      '  hint: write it as a block: {{#each items}}...{{/each}}',
      'partials/header.html:1:5: warning[missing_field]: "title" is not in the sample payload',
      '  hint: it prints nothing; add it to the sample, or guard it with {{#if}} / {{default}} if it is optional',
      'partials/header.html:2:1: error[template_syntax]: {{#if}} is never closed',
      '  hint: add {{/if}} where the block ends',
      'page.html:6:7: warning[css_invalid_value]: invalid value `blok` for `display`',
      '  hint: did you mean `block`?',
      '3 errors, 3 warnings',
    ]);
  });

  it('checks the fields a partial reads against the sample, in the context its call gives it', async () => {
    const { code, lines } = await check(['invoice/invoice.html', '--data', 'invoice/data.json']);
    expect(code).toBe(0);
    expect(lines).toEqual([
      'invoice/partials/title.html:1:9: warning[missing_field]: "numbr" is not in the sample payload',
      '  hint: did you mean "number"? (it prints nothing; add it to the sample, or guard it with {{#if}} / {{default}} if it is optional)',
      'invoice/partials/row.html:1:9: warning[missing_field]: "descripton" is not in the sample payload',
      '  hint: did you mean "description"? (it prints nothing; add it to the sample, or guard it with {{#if}} / {{default}} if it is optional)',
      'invoice/partials/address.html:1:14: warning[missing_field]: "citty" is not in the sample payload',
      '  hint: did you mean "city"? (it prints nothing; add it to the sample, or guard it with {{#if}} / {{default}} if it is optional)',
      '0 errors, 3 warnings',
    ]);
  });

  it('recovers from mismatched, malformed and stray tags', async () => {
    const { code, lines } = await check(['syntax.html']);
    expect(code).toBe(1);
    expect(lines.filter((line) => !line.startsWith('  hint'))).toEqual([
      'syntax.html:1:4: error[template_syntax]: {{#each}} is closed by {{/if}} at line 1, column 15',
      expect.stringMatching(/^syntax\.html:2:\d+: error\[template_syntax\]: invalid Handlebars syntax/),
      'syntax.html:3:4: error[template_syntax]: {{/with}} closes no open block',
      "syntax.html:4:4: error[template_syntax]: unknown helper 'formatNumbr'",
      '4 errors, 0 warnings',
    ]);
  });
});
