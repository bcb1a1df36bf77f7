import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// docs/benchmarks.md holds one section per producer, between `<!-- bench:NAME -->` and `<!-- /bench:NAME -->`;
// each producer rewrites only its own section and leaves the others as they are.

const FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../docs/benchmarks.md');

export function writeBenchSection(name: string, body: string[]): void {
  const start = `<!-- bench:${name} -->`;
  const end = `<!-- /bench:${name} -->`;
  const section = [start, ...body, end].join('\n');
  const current = existsSync(FILE) ? readFileSync(FILE, 'utf8') : '# Benchmarks\n';
  const s = current.indexOf(start);
  const e = current.indexOf(end);
  const next =
    s >= 0 && e > s ? current.slice(0, s) + section + current.slice(e + end.length) : `${current.trimEnd()}\n\n${section}\n`;
  writeFileSync(FILE, next);
}
