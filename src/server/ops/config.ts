import { ConfigError } from '../../node/config-error.ts';

// The operations variables (docs/deploy.md). An unusable value stops the server with exit code 2, naming it.

export interface OpsConfig {
  /** Serve GET /metrics: CITELENS_METRICS=1. */
  metrics: boolean;
  /** One JSON line per request on stderr; CITELENS_REQUEST_LOG=0 turns it off (the e2e server, whose stderr is shown). */
  requestLog: boolean;
  /** After SIGTERM, how long open requests (a question's answer being streamed) may take to finish. */
  shutdownGraceMs: number;
}

export const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;

export function readOpsEnv(env: NodeJS.ProcessEnv): OpsConfig {
  const metrics = env.CITELENS_METRICS?.trim() ?? '';
  if (!['', '0', '1'].includes(metrics)) throw new ConfigError('CITELENS_METRICS must be 1 (serve /metrics) or 0.');
  const requestLog = env.CITELENS_REQUEST_LOG?.trim() ?? '';
  if (!['', '0', '1'].includes(requestLog)) throw new ConfigError('CITELENS_REQUEST_LOG must be 0 (no request log) or 1.');
  const grace = env.CITELENS_SHUTDOWN_GRACE_MS?.trim() ?? '';
  if (grace !== '' && (!/^\d{1,6}$/.test(grace) || Number(grace) > 600_000)) {
    throw new ConfigError('CITELENS_SHUTDOWN_GRACE_MS must be a whole number of milliseconds from 0 to 600000.');
  }
  return { metrics: metrics === '1', requestLog: requestLog !== '0', shutdownGraceMs: grace === '' ? DEFAULT_SHUTDOWN_GRACE_MS : Number(grace) };
}
