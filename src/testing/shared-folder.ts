import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Tests that read the team's shared material (`../shared/corpus`, `../shared/payloads`, beside the repo) skip on a
// user's machine, where it is absent, but must never skip in CI, where it is always laid out: a missing folder there
// means the tests would pass without testing anything.

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The absolute path of `../shared/<name>`, or null when it is absent outside CI. In CI (`CI` set) an absent folder
 * throws, so the suite fails loudly instead of skipping.
 */
export function sharedFolder(name: string): string | null {
  const dir = path.resolve(repoRoot, '..', 'shared', name);
  if (existsSync(dir)) return dir;
  if (process.env.CI) throw new Error(`../shared/${name} is missing in CI (looked in ${dir}); these tests must run there.`);
  return null;
}
