// Writes the generated layout fixtures (scripts/layout-fixtures/) to a folder as PDFs with *.truth.json beside them,
// the shape of ../shared/corpus, so that the shared scorer can run on them too:
//   npx tsx scripts/write-layout-fixtures.ts /tmp/layouts && node ../shared/tools/score-locate.mjs . /tmp/layouts
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { LAYOUT_FIXTURES } from './layout-fixtures/all.ts';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: tsx scripts/write-layout-fixtures.ts <folder>');
  process.exit(2);
}
mkdirSync(dir, { recursive: true });
for (const build of LAYOUT_FIXTURES) {
  const { bytes, truth } = await build();
  writeFileSync(path.join(dir, truth.file), bytes);
  writeFileSync(path.join(dir, truth.file.replace(/\.pdf$/, '.truth.json')), `${JSON.stringify(truth, null, 2)}\n`);
  console.log(`${truth.file}: ${truth.quotes.length} quotes`);
}
