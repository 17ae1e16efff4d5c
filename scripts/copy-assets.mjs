// Copies non-TypeScript assets of src/ (the UA stylesheets) next to the compiled files in dist/.
import { cpSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const assets = ['css/ua.css', 'css/ua-quirks.css'];
for (const asset of assets) {
  const to = join(root, 'dist', asset);
  mkdirSync(dirname(to), { recursive: true });
  cpSync(join(root, 'src', asset), to);
}
