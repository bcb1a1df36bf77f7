import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { replaceSection } from './bench/stats.ts';

// docs/benchmarks.md holds one section per producer, between `<!-- bench:NAME -->` and `<!-- /bench:NAME -->`;
// each producer rewrites only its own section and leaves the others as they are.

const FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../docs/benchmarks.md');

export function writeBenchSection(name: string, body: string[], file = FILE): void {
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
  writeFileSync(file, replaceSection(current, name, body));
}
