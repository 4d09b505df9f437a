import client from 'prom-client';

/**
 * The process's own Prometheus instruments, which code anywhere records into (a request's duration, an
 * authorisation's decision). The gauges read from a database at scrape time live with the app (http/metrics.ts).
 */
export const processMetrics = new client.Registry();

export const httpRequestDuration = new client.Histogram({
  name: 'wallet_http_request_duration_seconds',
  help: 'HTTP requests by method, route (its URL pattern) and status.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [processMetrics],
});

export const authorizationDecisionDuration = new client.Histogram({
  name: 'wallet_authorization_decision_seconds',
  help: 'Time to decide a card authorisation (the one-statement decision and its hold).',
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
  registers: [processMetrics],
});

export const authorizationDeclines = new client.Counter({
  name: 'wallet_authorization_declines_total',
  help: 'Card authorisations declined, by reason.',
  labelNames: ['reason'] as const,
  registers: [processMetrics],
});

let defaultMetricsOn = false;

/** Node's own figures (event-loop delay, heap, CPU, handles), started once per process and only when scraped. */
export function collectNodeMetrics(): void {
  if (defaultMetricsOn) return;
  defaultMetricsOn = true;
  client.collectDefaultMetrics({ register: processMetrics });
}
