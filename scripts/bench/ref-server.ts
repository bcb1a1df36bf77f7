// Serves the pdf.js reference harness with the real citelens server code (createApp), over the same data folder
// as the citelens server, so both viewers download the same PDF bytes through the same /api/documents route.
//   BENCH_REF_DIST=<built harness> CITELENS_DATA=<data> PORT=<port> node --import tsx scripts/bench/ref-server.ts
import { serve } from '@hono/node-server';
import { createApp } from '../../src/server/app.ts';

const distDir = process.env.BENCH_REF_DIST;
const dataDir = process.env.CITELENS_DATA;
if (!distDir || !dataDir) throw new Error('BENCH_REF_DIST and CITELENS_DATA are required');
const port = Number(process.env.PORT ?? 0);

const server = serve({ fetch: createApp({ dataDir, distDir }).fetch, hostname: '127.0.0.1', port }, (info) => {
  process.stdout.write(`bench reference ready at http://127.0.0.1:${info.port}/\n`);
});
const stop = () => {
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
