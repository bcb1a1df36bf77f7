// Generates the demo data the server serves: two policy PDFs and the answer files that cite them.
//
//   npx tsx scripts/generate-demo.ts [outDir]        (default outDir: src/server/demo-data)
//
// The output is reproducible byte for byte (fixed dates, no random IDs, stable JSON), and every highlight box is
// computed from the same layout that draws the text, so the boxes are exact by construction. The generator lives
// in scripts/demo/; scripts/generate-demo.test.ts regenerates into a temp dir, compares with the committed files and
// re-checks the boxes against what pdf.js extracts.

import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateDemo } from './demo/demo-files.ts';

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  const outDir = process.argv[2] ? path.resolve(process.argv[2]) : fileURLToPath(new URL('../src/server/demo-data/', import.meta.url));
  const written = await generateDemo(outDir);
  for (const f of written) console.log(path.join(outDir, f));
}
