/**
 * Template helpers from a JavaScript module (`--helpers FILE` of `octavo render`, its `--batch`
 * render processes included, `octavo check`, and the service's `serve`, `worker` and `template`,
 * in each render process): its default export when that is an object of functions (`module.exports = { nl2br }`
 * of a CommonJS file reads so too), else its exported functions, each a helper by its name
 * (EngineOptions.helpers). The module is the caller's own code: it runs with the process's rights.
 */
import { pathToFileURL } from 'node:url';
import { OctavoError } from './errors.js';
import type { TemplateHelper } from './options.js';
import { validateHelpers } from './validate-options.js';

export async function loadHelpersModule(file: string): Promise<Record<string, TemplateHelper>> {
  let module: Record<string, unknown>;
  // the CLI's bundles find this import by the variable's name (scripts/bundle-plugins.mjs)
  const helpersModuleUrl = pathToFileURL(file).href;
  try {
    module = (await import(helpersModuleUrl)) as Record<string, unknown>;
  } catch (error) {
    throw new OctavoError('invalid_options', `cannot load the helpers module ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const fallback = module['default'];
  const exported = typeof fallback === 'object' && fallback !== null && !Array.isArray(fallback) ? fallback as Record<string, unknown> : module;
  const helpers = Object.fromEntries(Object.entries(exported).filter(([name, value]) => name !== 'default' && typeof value === 'function'));
  if (Object.keys(helpers).length === 0) {
    throw new OctavoError('invalid_options', `the helpers module ${file} exports no function`, { hint: 'export each helper by its name, or an object of them as the default export' });
  }
  return validateHelpers(helpers) ?? {};
}
