import type { Hono } from 'hono';
import type { AuthVariables } from '../auth-context.ts';
import type { Readiness } from '../review/readiness.ts';
import type { ServerMetrics } from './metrics.ts';

// GET /healthz: the process is up and serving (a liveness probe: restart it when this fails). GET /readyz: it may
// take traffic: the database answers, the migrations are applied, and it is not shutting down (a readiness probe: a
// load balancer sends it nothing meanwhile). 503 with the reason otherwise. GET /metrics when CITELENS_METRICS=1.
// None of them needs the API token: probes and scrapers do not carry one (keep them off the public side at the proxy,
// docs/deploy.md).

export interface HealthOptions {
  /** The database's state (open-database.ts); absent: there is none to check. */
  readiness?: () => Promise<Readiness>;
  /** True once SIGTERM was received: not ready, so the balancer stops sending while streams finish. */
  draining?: () => boolean;
  metrics?: ServerMetrics;
}

export function mountHealthRoutes(app: Hono<{ Variables: AuthVariables }>, o: HealthOptions): void {
  app.get('/healthz', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ status: 'ok' });
  });

  app.get('/readyz', async (c) => {
    c.header('Cache-Control', 'no-store');
    const state: Readiness = o.draining?.() ? { ready: false, reason: 'shutting down' } : ((await o.readiness?.()) ?? { ready: true });
    return state.ready ? c.json({ status: 'ready' }) : c.json({ status: 'not ready', reason: state.reason }, 503);
  });

  app.get('/metrics', async (c) => {
    c.header('Cache-Control', 'no-store');
    if (!o.metrics) return c.text('Metrics are off (CITELENS_METRICS=1 turns them on).\n', 404);
    return c.body(await o.metrics.registry.metrics(), 200, { 'Content-Type': o.metrics.registry.contentType });
  });
}
