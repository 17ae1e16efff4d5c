/**
 * Tests fail on unexpected diagnostics (docs/design.md §3): a test declares the warnings it expects and
 * every other one fails it, as does an expected one that was not reported.
 *
 *   checkDiagnostics(result.diagnostics, [{ code: 'css_unsupported', message: /float: inline-start/ }]);
 *   checkDiagnostics(laid.diagnostics, ['warning[layout]: content overflows']);  // part of the formatted line
 */
import { formatDiagnostic } from '../../src/api.js';
import type { Diagnostic, DiagnosticCode } from '../../src/api.js';

/** A diagnostic by its code, narrowed by its message and location where the test cares. */
export interface DiagnosticPattern {
  readonly code: DiagnosticCode;
  /** A substring of the message, or a pattern it matches. */
  readonly message?: string | RegExp;
  readonly file?: string;
  readonly line?: number;
  readonly column?: number;
}

/**
 * An expected diagnostic: a pattern by code, or a substring of / pattern matching its formatted
 * line (`file:line:column: warning[code]: message`, see formatDiagnostic).
 */
export type ExpectedDiagnostic = DiagnosticPattern | string | RegExp;

function matchesText(text: string, pattern: string | RegExp): boolean {
  return typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text);
}

function matches(diagnostic: Diagnostic, expected: ExpectedDiagnostic): boolean {
  if (typeof expected === 'string' || expected instanceof RegExp) return matchesText(formatDiagnostic(diagnostic), expected);
  return diagnostic.code === expected.code
    && (expected.message === undefined || matchesText(diagnostic.message, expected.message))
    && (expected.file === undefined || diagnostic.file === expected.file)
    && (expected.line === undefined || diagnostic.line === expected.line)
    && (expected.column === undefined || diagnostic.column === expected.column);
}

function describeExpected(expected: ExpectedDiagnostic): string {
  if (typeof expected === 'string' || expected instanceof RegExp) return String(expected);
  const where = [expected.file, expected.line, expected.column].filter((part) => part !== undefined).join(':');
  return `[${expected.code}]${expected.message === undefined ? '' : ` ${String(expected.message)}`}${where === '' ? '' : ` at ${where}`}`;
}

/** Throws unless the diagnostics are exactly the expected ones (each expected one reported, nothing else). */
export function checkDiagnostics(diagnostics: readonly Diagnostic[], expected: readonly ExpectedDiagnostic[]): void {
  const unexpected = diagnostics.filter((diagnostic) => !expected.some((pattern) => matches(diagnostic, pattern)));
  const missing = expected.filter((pattern) => !diagnostics.some((diagnostic) => matches(diagnostic, pattern)));
  if (unexpected.length > 0 || missing.length > 0) {
    throw new Error([
      ...unexpected.map((diagnostic) => `unexpected diagnostic: ${formatDiagnostic(diagnostic)}`),
      ...missing.map((pattern) => `expected diagnostic not reported: ${describeExpected(pattern)}`),
    ].join('\n'));
  }
}
