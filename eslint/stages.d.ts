/** Types of eslint/stages.js (a plain ES module: eslint.config.js loads it without a build). */
import type { Rule } from 'eslint';

export declare const STAGES: readonly { readonly name: string; readonly paths: readonly string[] }[];
declare const plugin: { readonly rules: { readonly 'stage-order': Rule.RuleModule; readonly 'no-folder-cycle': Rule.RuleModule } };
export default plugin;
