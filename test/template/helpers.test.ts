import { describe, expect, it } from 'vitest';
import { templateHarness } from './harness.js';

const { render, failure } = templateHarness('t.html');

describe('comparison helpers', () => {
  it.each([
    ['{{eq a "paid"}}', { a: 'paid' }, 'true'],
    ['{{eq a 1}}', { a: '1' }, 'false'],
    ['{{ne a 1}}', { a: 2 }, 'true'],
    ['{{lt 1 2}} {{lte 2 2}} {{gt 1 2}} {{gte 2 3}}', {}, 'true true false false'],
    ['{{lt "apple" "banana"}}', {}, 'true'],
    ['{{gt total 100}}', { total: '150.5' }, 'true'],
    ['{{and a b}} {{and a c}} {{and a list}}', { a: 1, b: 'x', c: 0, list: [] }, 'true false false'],
    ['{{or nick name}}', { nick: '', name: 'Ada' }, 'Ada'],
    ['{{or a b}}', { a: 0, b: '' }, ''],
    ['{{not a}} {{not list}}', { a: 0, list: [1] }, 'true false'],
    ['{{#if (and (gt total 0) (not paid))}}due{{/if}}', { total: 5, paid: false }, 'due'],
  ])('%s', async (source, data, expected) => {
    expect(await render(source, data)).toBe(expected);
  });

  it('refuses to order incomparable values, with the location', async () => {
    const error = await failure('\n  {{lt a 3}}', { a: { x: 1 } });
    expect([error.code, error.line, error.column]).toEqual(['template_runtime', 2, 3]);
    expect(error.message).toBe('lt: cannot compare an object with 3');
  });
});

describe('math helpers', () => {
  it.each([
    ['{{add 1 2 3}}', {}, '6'],
    ['{{add 0.1 0.2}}', {}, '0.3'],
    ['{{subtract 10 "2.5"}}', {}, '7.5'],
    ['{{multiply 3 19.99}}', {}, '59.97'],
    ['{{multiply qty price}}', { qty: 3, price: 1.1 }, '3.3'],
    ['{{divide 10 4}}', {}, '2.5'],
    ['{{round 2.345 2}} {{round 2.5}} {{round -2.5}} {{round 1.005 2}}', {}, '2.35 3 -3 1.01'],
    ['{{sum xs}}', { xs: [1, 2, 3.5] }, '6.5'],
    ['{{sum items "amount"}}', { items: [{ amount: 10.1 }, { amount: '0.2' }] }, '10.3'],
    ['{{sum items "price.net"}}', { items: [{ price: { net: 2 } }, { price: { net: 3 } }] }, '5'],
    ['{{sum xs}}', { xs: [] }, '0'],
    ['{{sumProduct items "q" "p"}}', { items: [{ q: 3, p: 1.1 }, { q: '2', p: 0.7 }] }, '4.7'],
    ['{{sumProduct items "q" "p" "f"}}', { items: [{ q: 2, p: 3, f: 0.5 }] }, '3'],
  ])('%s', async (source, data, expected) => {
    expect(await render(source, data)).toBe(expected);
  });

  it('fails on non-numbers, missing values and division by zero', async () => {
    expect((await failure('{{add 1 x}}', { x: 'abc' })).message).toBe('add: argument 2 must be a number, got "abc"');
    expect((await failure('{{multiply qty price}}', { qty: 2 })).message).toBe('multiply: argument 2 must be a number, got a missing value');
    expect((await failure('{{divide 1 0}}')).message).toBe('divide: division by zero');
    expect((await failure('{{sum items "amount"}}', { items: [{ amount: 1 }, {}] })).message).toContain('"amount" of item 2');
    expect((await failure('{{sum x}}', { x: 3 })).message).toBe('sum: expected a list, got 3');
    expect((await failure('{{sumProduct items "q" "p"}}', { items: [{ q: 1 }] })).message).toContain('"p" of item 1');
  });
});

describe('format helpers', () => {
  it.each([
    ['{{formatNumber 1234567.891}}', '1,234,567.891'],
    ['{{formatNumber 1234.5 2}}', '1,234.50'],
    ['{{formatNumber 1234.5 2 "de-DE"}}', '1.234,50'],
    ['{{formatNumber 1234.5 decimals=1 locale="fr-FR"}}', '1\u202f234,5'],
    ['{{formatNumber 2.345 2}}', '2.35'],
    ['{{formatNumber "1.005" 2}}', '1.01'],
    ['{{formatCurrency 1234.5 "USD"}}', '$1,234.50'],
    ['{{formatCurrency 1234.5 "EUR" "de-DE"}}', '1.234,50\u00a0€'],
    ['{{formatCurrency 1234.5 "JPY" "ja-JP"}}', '￥1,235'],
    ['{{formatCurrency 0.125 "EUR" "en-IE"}}', '€0.13'],
    ['{{formatCurrency 99 currency="CHF" locale="de-CH" decimals=0}}', 'CHF\u00a099'],
    ['{{uppercase "straße"}} {{lowercase "ÉTÉ"}}', 'STRASSE été'],
    ['{{default missing "n/a"}}|{{default "" "empty"}}|{{default 0 "zero"}}', 'n/a|empty|0'],
  ])('%s', async (source, expected) => {
    expect(await render(source, {})).toBe(expected);
  });

  it.each([
    ['{{formatDate d}}', { d: '2024-03-05' }, 'Mar 5, 2024'],
    ['{{formatDate d "long" "en-GB"}}', { d: '2024-03-05' }, '5 March 2024'],
    ['{{formatDate d "full" "de-DE"}}', { d: '2024-03-05' }, 'Dienstag, 5. März 2024'],
    ['{{formatDate d "iso"}}', { d: '2024-03-05T23:30:00Z' }, '2024-03-05'],
    ['{{formatDate d "DD.MM.YYYY HH:mm"}}', { d: '2024-03-05T23:30:00Z' }, '05.03.2024 23:30'],
    ['{{formatDate d "DD.MM.YYYY HH:mm" "de-DE" "Europe/Berlin"}}', { d: '2024-03-05T23:30:00Z' }, '06.03.2024 00:30'],
    ['{{formatDate d "D MMMM YYYY" "ru-RU"}}', { d: '2024-03-05' }, '5 марта 2024'],
    ['{{formatDate d "dddd, MMM D [at] h:mm A"}}', { d: '2024-07-04T15:05:09Z' }, 'Thursday, Jul 4 at 3:05 PM'],
    ['{{formatDate d "YY-M-D H:mm:ss"}}', { d: 1_700_000_000_000 }, '23-11-14 22:13:20'],
    ['{{formatDate d "HH:mm" timeZone="America/New_York"}}', { d: '2024-07-04T12:00' }, '12:00'],
    ['{{formatDate d "iso" timeZone="Pacific/Kiritimati"}}', { d: '2024-01-01' }, '2024-01-01'],
  ])('%s with %j', async (source, data, expected) => {
    expect(await render(source, data)).toBe(expected);
  });

  it('does not depend on the machine time zone', async () => {
    const before = process.env['TZ'];
    process.env['TZ'] = 'Asia/Tokyo';
    try {
      expect(await render('{{formatDate d "YYYY-MM-DD HH:mm"}}', { d: '2024-03-05T10:00' })).toBe('2024-03-05 10:00');
    } finally {
      if (before === undefined) delete process.env['TZ'];
      else process.env['TZ'] = before;
    }
  });

  it('reports bad dates, locales and currencies at the call', async () => {
    expect((await failure('{{formatDate d}}', { d: 'March 5' })).message).toContain('expected a date');
    expect((await failure('{{formatCurrency 1}}')).message).toContain('currency code');
    const badCurrency = await failure('\n{{formatCurrency 1 "EURO"}}');
    expect([badCurrency.code, badCurrency.line, badCurrency.column]).toEqual(['template_runtime', 2, 1]);
    expect((await failure('{{formatNumber 1 2 "not a locale!"}}')).message).toMatch(/^formatNumber: /);
    expect((await failure('{{formatDate d "iso" "en" "Mars/Olympus"}}', { d: '2024-01-01T00:00:00Z' })).message).toMatch(/^formatDate: /);
    expect((await failure('{{formatNumber 1 -1}}')).message).toContain('decimals');
  });
});

describe('collection helpers', () => {
  it.each([
    ['{{length xs}} {{length s}} {{length o}} {{length missing}}', { xs: [1, 2], s: 'abc', o: { a: 1 } }, '2 3 1 0'],
    ['{{join tags}}', { tags: ['a', 'b'] }, 'a, b'],
    ['{{join tags " / "}}', { tags: ['a', 'b'] }, 'a / b'],
    ['{{join people ", " "name"}}', { people: [{ name: 'Ada' }, { name: 'Bo' }] }, 'Ada, Bo'],
    ['{{join people field="name" separator="+"}}', { people: [{ name: 'Ada' }, { name: 'Bo' }] }, 'Ada+Bo'],
    ['{{first xs}}-{{last xs}}', { xs: [1, 2, 3] }, '1-3'],
    ['{{#with (first items)}}{{name}}{{/with}}', { items: [{ name: 'first!' }] }, 'first!'],
    ['{{first s}}{{last s}}', { s: 'xyz' }, 'xz'],
    ['[{{first xs}}]', { xs: [] }, '[]'],
    ['{{#if (gt (length items) 2)}}many{{/if}}', { items: [1, 2, 3] }, 'many'],
  ])('%s', async (source, data, expected) => {
    expect(await render(source, data)).toBe(expected);
  });

  it('escapes helper output in {{ }}', async () => {
    expect(await render('{{join xs}}', { xs: ['<a>', '&'] })).toBe('&lt;a&gt;, &amp;');
  });

  it('fails on a non-list', async () => {
    expect((await failure('{{join x}}', { x: 5 })).message).toBe('join: expected a list, got 5');
  });
});
