/** Handlebars source -> AST, or a located `template_syntax` OctavoError (./errors.ts). */
import Handlebars from 'handlebars';
import type { AstNode } from './ast.js';
import type { LexerState } from './errors.js';
import { parseError } from './errors.js';

/** The jison parser Handlebars shares between environments (its lexer holds the error position). */
function sharedLexer(): LexerState | undefined {
  return (Handlebars as unknown as { Parser?: { lexer?: LexerState } }).Parser?.lexer;
}

export function parse(source: string, name: string): AstNode {
  try {
    return Handlebars.parse(source) as unknown as AstNode;
  } catch (error) {
    throw parseError(error, sharedLexer(), name, source);
  }
}
