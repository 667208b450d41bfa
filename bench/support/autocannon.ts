// autocannon 9 ships no type declarations and @types/autocannon is not installed: this is the
// small, typed slice of its programmatic API that the benchmarks use.
import { createRequire } from 'node:module';

export type AutocannonOptions = {
  url: string;
  connections: number;
  /** Seconds; ignored when `amount` is given. */
  duration: number;
  /** Stop after this many requests, however long they take. */
  amount?: number;
  pipelining?: number;
  timeout?: number;
  method?: 'GET' | 'POST';
  body?: string;
  /**
   * Per request: may change the body or headers (autocannon cycles through the list on each
   * connection, and calls this once for every request it sends).
   */
  requests?: { setupRequest: (request: AutocannonRequest) => AutocannonRequest }[];
  headers?: Record<string, string>;
};

export type AutocannonRequest = { body?: string; headers?: Record<string, string> };

type Histogram = {
  average: number;
  mean: number;
  stddev: number;
  min: number;
  max: number;
  total: number;
  p50: number;
  p90: number;
  p99: number;
};

export type AutocannonResult = {
  requests: Histogram;
  /** Milliseconds. */
  latency: Histogram;
  throughput: Histogram;
  errors: number;
  timeouts: number;
  non2xx: number;
  resets: number;
  duration: number;
  '1xx': number;
  '2xx': number;
  '3xx': number;
  '4xx': number;
  '5xx': number;
  statusCodeStats: Record<string, { count: number }>;
};

type Autocannon = (options: AutocannonOptions) => Promise<AutocannonResult>;

const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

export function runAutocannon(options: AutocannonOptions): Promise<AutocannonResult> {
  return autocannon(options);
}
