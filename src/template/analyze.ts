/**
 * Everything octavo can tell about a template without rendering it (`octavo check`): its syntax,
 * every helper problem (not only the first, as a render stops at), and, given a sample payload,
 * the fields it reads that the sample lacks — warnings, or errors when missing fields would fail
 * the render (`strict`).
 */
import { OctavoError } from '../errors.js';
import { checkTemplate } from './check.js';
import { missingFields } from './fields.js';
import { parse } from './parse.js';

export interface TemplateFinding {
  readonly severity: 'error' | 'warning';
  readonly code: 'template_syntax' | 'missing_field';
  readonly message: string;
  readonly file: string;
  readonly line?: number;
  readonly column?: number;
  readonly hint?: string;
}

function located(error: OctavoError): Pick<TemplateFinding, 'line' | 'column' | 'hint'> {
  return {
    ...(error.line === undefined ? {} : { line: error.line }),
    ...(error.column === undefined ? {} : { column: error.column }),
    ...(error.hint === undefined ? {} : { hint: error.hint }),
  };
}

export function analyzeTemplate(source: string, file: string, sample: unknown, strict: boolean): TemplateFinding[] {
  let ast;
  try {
    ast = parse(source, file);
  } catch (error) {
    if (!(error instanceof OctavoError)) throw error;
    return [{ severity: 'error', code: 'template_syntax', message: error.message, file, ...located(error) }];
  }
  const findings: TemplateFinding[] = checkTemplate(ast).map((problem) => ({ severity: 'error', code: 'template_syntax', file, ...problem }));
  if (sample === undefined) return findings;
  for (const missing of missingFields(ast, sample)) {
    findings.push({
      severity: strict ? 'error' : 'warning',
      code: 'missing_field',
      message: `"${missing.path}" is not in the sample payload`,
      file, line: missing.line, column: missing.column,
      hint: strict ? 'with --strict a missing field fails the render; add it to the payload or guard it with {{#if}}'
        : 'it prints nothing; add it to the sample, or guard it with {{#if}} / {{default}} if it is optional',
    });
  }
  return findings;
}
