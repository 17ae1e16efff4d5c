import { execFileSync } from 'node:child_process';

/** The installed families fontconfig knows, lower-cased (empty without fontconfig). */
export function installedFamilies(): Set<string> {
  try {
    const listing = execFileSync('fc-list', ['--format', '%{family}\n'], { encoding: 'utf8' });
    return new Set(listing.split(/[\n,]/).map((name) => name.trim().toLowerCase()));
  } catch {
    return new Set();
  }
}
