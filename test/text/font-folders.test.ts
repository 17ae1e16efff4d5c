/**
 * Installed fonts without fontconfig (macOS, Windows, minimal containers): the standard font
 * folders of each platform, and a scan of a folder tree standing in for them (src/text/
 * installed.ts, extra-fonts.ts) — fonts found at any depth by their family names and for the
 * characters the bundled fonts lack, a broken font file and an unreadable folder reported as
 * warnings that name them, never a failed render.
 */
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { createFontRegistry } from '../../src/text/fonts.js';
import { installedFontsIn, standardFontFolders } from '../../src/text/installed.js';
import { FIXTURES, codes, newDiagnostics, request, runSummary } from './helpers.js';

describe('the standard font folders', () => {
  test('of macOS, Windows and Linux without fontconfig', () => {
    expect(standardFontFolders('darwin', {}, '/Users/ada')).toEqual(['/System/Library/Fonts', '/Library/Fonts', '/Users/ada/Library/Fonts']);
    expect(standardFontFolders('win32', { WINDIR: 'D:\\Windows', LOCALAPPDATA: 'C:\\Users\\ada\\AppData\\Local' }, 'C:\\Users\\ada'))
      .toEqual(['D:\\Windows\\Fonts', 'C:\\Users\\ada\\AppData\\Local\\Microsoft\\Windows\\Fonts']);
    expect(standardFontFolders('win32', {}, 'C:\\Users\\ada')).toEqual(['C:\\Windows\\Fonts']);
    expect(standardFontFolders('linux', {}, '/home/ada')).toEqual(['/usr/share/fonts', '/usr/local/share/fonts', '/home/ada/.fonts', '/home/ada/.local/share/fonts']);
  });
});

describe('a folder tree scanned as the installed fonts', () => {
  const root = mkdtempSync(join(tmpdir(), 'octavo-font-folders-'));
  // System/Library/Fonts with a font two folders deep, a user folder with a broken font, a locked folder
  const system = join(root, 'System', 'Library', 'Fonts');
  mkdirSync(join(system, 'Supplemental', 'Serif'), { recursive: true });
  copyFileSync(new URL('SourceSerif4-Regular.woff2', FIXTURES), join(system, 'Supplemental', 'Serif', 'SourceSerif4-Regular.woff2'));
  const user = join(root, 'Users', 'ada', 'Library', 'Fonts');
  mkdirSync(user, { recursive: true });
  writeFileSync(join(user, 'Broken.ttf'), 'not a font at all');
  copyFileSync(new URL('fira-sans/fira-sans-cyrillic-400-normal.woff2', FIXTURES), join(user, 'FiraSans-Cyrillic.woff2'));
  const locked = join(root, 'Locked');
  mkdirSync(locked);
  chmodSync(locked, 0o000);
  const readable = process.getuid?.() !== 0; // root reads any folder
  afterAll(() => {
    chmodSync(locked, 0o755);
    rmSync(root, { recursive: true, force: true });
  });

  const folders = [system, user, join(root, 'Missing'), locked];

  test('fonts at any depth answer their family names and the characters nothing else has', () => {
    const registry = createFontRegistry({ extraFonts: [], installed: installedFontsIn(folders) });
    const diagnostics = newDiagnostics();
    const text = registry.forRender({ faces: [], diagnostics });
    // by name
    expect(runSummary(text.shape('Hello', request({ families: ['Source Serif 4', 'serif'] })))).toEqual(['Source Serif 4: Hello']);
    // by coverage: U+2E3A TWO-EM DASH is in no bundled font
    expect(runSummary(text.shape('a\u2E3Ab', request({ families: ['serif'] })))).toEqual(['Liberation Serif: a', 'Source Serif 4: \u2E3A', 'Liberation Serif: b']);
    expect(codes(diagnostics)).toEqual([]);
  });

  test('a broken font file and an unreadable folder are warnings that name them, in the renders after the scan', () => {
    const installed = installedFontsIn(folders);
    const registry = createFontRegistry({ extraFonts: [], installed });
    registry.forRender({ faces: [], diagnostics: newDiagnostics() }).shape('\u2E3A', request());
    const diagnostics = newDiagnostics();
    const text = registry.forRender({ faces: [], diagnostics });
    expect(runSummary(text.shape('Привет', request({ families: ['Fira Sans'] })))).toEqual(['Fira Sans: Привет']);
    expect(codes(diagnostics)).toEqual([
      expect.stringMatching(/^font: installed font .*Users\/ada\/Library\/Fonts\/Broken\.ttf could not be used: /),
      ...(readable ? [expect.stringMatching(/^font: font folder .*Locked could not be read: EACCES/)] : []),
    ]);
  });
});
