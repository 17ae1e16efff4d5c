import { describe, expect, test } from 'vitest';
import { OctavoError } from '../src/errors.js';
import type { RenderOptions } from '../src/options.js';
import { validateRenderOptions } from '../src/validate-options.js';

const invalid = (options: unknown, option: string): void => {
  let error: unknown;
  try {
    validateRenderOptions(options as RenderOptions);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(OctavoError);
  expect((error as OctavoError).code).toBe('invalid_options');
  expect((error as OctavoError).message).toContain(`invalid option ${option}:`);
};

describe('validateRenderOptions', () => {
  test('accepts a complete, well-typed request and returns it', () => {
    const options: RenderOptions = {
      template: '<p>{{x}}</p>', data: { x: 1 }, baseDir: '/srv/t/invoice', root: '/srv/t', templateName: 'invoice.html',
      resources: { load: async () => new Uint8Array() },
      encryption: { userPassword: 'u', ownerPassword: 'o', algorithm: 'rc4-40', permissions: { printing: false, copying: true } },
      metadata: { title: 'T', keywords: ['a', 'b'], creationDate: new Date(0), language: 'en' },
      deterministic: true, compress: false, glyphAdvances: 'whole-px',
    };
    expect(validateRenderOptions(options)).toBe(options);
    expect(validateRenderOptions({ template: '' })).toEqual({ template: '' });
  });

  test.each([
    [null, 'options'],
    [{}, 'template'],
    [{ template: 1 }, 'template'],
    [{ template: '', baseDir: 3 }, 'baseDir'],
    [{ template: '', root: '' }, 'root'],
    [{ template: '', baseDir: '/a/b', root: '/a/c' }, 'root'],
    [{ template: '', baseDir: '/a', root: '/a/b' }, 'root'],
    [{ template: '', deterministic: 'yes' }, 'deterministic'],
    [{ template: '', compress: 1 }, 'compress'],
    [{ template: '', glyphAdvances: 'whole' }, 'glyphAdvances'],
    [{ template: '', resources: {} }, 'resources'],
    [{ template: '', templat: '' }, 'templat'],
    [{ template: '', encryption: 'aes' }, 'encryption'],
    [{ template: '', encryption: { algorithm: 'aes-512' } }, 'encryption.algorithm'],
    [{ template: '', encryption: { userPassword: 5 } }, 'encryption.userPassword'],
    [{ template: '', encryption: { ownerPassword: null } }, 'encryption.ownerPassword'],
    [{ template: '', encryption: { permissions: { printing: 'no' } } }, 'encryption.permissions.printing'],
    [{ template: '', encryption: { permissions: { print: false } } }, 'encryption.permissions.print'],
    [{ template: '', encryption: { permissions: [] } }, 'encryption.permissions'],
    [{ template: '', encryption: { userPassword: 'пароль', algorithm: 'rc4-128' } }, 'encryption.userPassword'],
    [{ template: '', metadata: { title: 7 } }, 'metadata.title'],
    [{ template: '', metadata: { keywords: [1] } }, 'metadata.keywords'],
    [{ template: '', metadata: { creationDate: '2020-01-01' } }, 'metadata.creationDate'],
    [{ template: '', metadata: { creationDate: new Date('nope') } }, 'metadata.creationDate'],
    [{ template: '', metadata: { titel: 'x' } }, 'metadata.titel'],
  ])('refuses %j naming %s', (options, option) => invalid(options, option));

  test('Unicode passwords are fine with aes-256', () => {
    expect(() => validateRenderOptions({ template: '', encryption: { userPassword: 'пароль' } })).not.toThrow();
  });
});
