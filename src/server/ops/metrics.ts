import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { SearchIndexStore } from '../ask/search-index-db.ts';

// Prometheus metrics (issue 39), off unless CITELENS_METRICS=1: request counts and latencies by route (the route's
// pattern, `/api/answers/:id`, never the raw path, so the series stay few), review saves and conflicts (409), and how
// long a question takes to answer, and the ask index's size (read from the database when scraped). A registry of our own, not prom-client's global one: two apps in one process (the
// tests) never share counters.

export interface ServerMetrics {
  readonly registry: Registry;
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  observeAsk(seconds: number, outcome: 'answered' | 'failed'): void;
}

/** The review save route: a 200 is a stored decision, a 409 a colleague's newer one. */
const REVIEW_SAVE_ROUTE = '/api/answers/:id/review/claims/:claimId';

export interface MetricsOptions {
  /** The ask index's size, read at each scrape (the database's: every replica reports the one shared index). */
  indexSize?: () => Promise<{ documents: number; passages: number }>;
}

export function createMetrics(options: MetricsOptions = {}): ServerMetrics {
  const registry = new Registry();
  const { indexSize } = options;
  if (indexSize) {
    // One read per scrape for both gauges: the first gauge's collect reads, the second's takes the same figures.
    let last: Promise<{ documents: number; passages: number }> | null = null;
    const read = () => (last ??= indexSize().finally(() => setImmediate(() => (last = null))));
    new Gauge({
      name: 'citelens_ask_index_documents',
      help: 'Documents in the ask index.',
      registers: [registry],
      async collect() {
        await read().then(
          (size) => this.set(size.documents),
          () => this.reset(),
        );
      },
    });
    new Gauge({
      name: 'citelens_ask_index_passages',
      help: 'Sentences (passages) in the ask index.',
      registers: [registry],
      async collect() {
        // An index that cannot be read (the database down: /readyz says so) reports nothing rather than a stale size.
        await read().then(
          (size) => this.set(size.passages),
          () => this.reset(),
        );
      },
    });
  }
  const requests = new Counter({
    name: 'citelens_http_requests_total',
    help: 'HTTP requests by method, route and status.',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'citelens_http_request_duration_seconds',
    help: 'Time to the response headers, by method and route (a stream is counted until it starts).',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const saves = new Counter({ name: 'citelens_review_saves_total', help: 'Review decisions stored.', registers: [registry] });
  const conflicts = new Counter({
    name: 'citelens_review_conflicts_total',
    help: 'Review saves refused with 409: a colleague saved the claim first.',
    registers: [registry],
  });
  const ask = new Histogram({
    name: 'citelens_ask_duration_seconds',
    help: 'From a question to its stored answer (retrieval, the answerer, the database write), by outcome.',
    labelNames: ['outcome'],
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [registry],
  });
  return {
    registry,
    observeRequest(method, route, status, seconds) {
      requests.inc({ method, route, status: String(status) });
      latency.observe({ method, route }, seconds);
      if (method === 'PUT' && route === REVIEW_SAVE_ROUTE) {
        if (status === 200) saves.inc();
        else if (status === 409) conflicts.inc();
      }
    },
    observeAsk(seconds, outcome) {
      ask.observe({ outcome }, seconds);
    },
  };
}

/** The ask index's size as the metrics read it: documents and sentences in the shared index. */
export function indexSizeOf(index: SearchIndexStore): () => Promise<{ documents: number; passages: number }> {
  return async () => {
    const [entries, stats] = await Promise.all([index.entries(), index.stats([])]);
    return { documents: entries.size, passages: stats.n };
  };
}
