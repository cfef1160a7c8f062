// Figures of a concurrent-load run: latency percentiles and how evenly answers were shared between
// client loops. Kept apart from the bench so the arithmetic reads on its own.

export interface Latency {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

export interface Fairness {
  clients: number;
  /** Answers per client loop: the least served, the median and the best served one. */
  min: number;
  median: number;
  max: number;
  /** Client loops that got at most one answer in the whole run. */
  atMostOne: number;
  /**
   * Jain's fairness index (Σx)² / (n·Σx²) over answers per client: 1 when every loop got the same
   * number, 1/n when one loop got everything.
   */
  jain: number;
}

const round = (v: number, digits = 1) => Math.round(v * 10 ** digits) / 10 ** digits;

/** Nearest-rank percentile of sorted values. */
function at(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
}

export function latency(samples: number[]): Latency {
  const s = [...samples].sort((a, b) => a - b);
  const mean = s.length ? s.reduce((a, b) => a + b, 0) / s.length : 0;
  return { n: s.length, p50: round(at(s, 0.5)), p95: round(at(s, 0.95)), p99: round(at(s, 0.99)), max: round(s[s.length - 1] ?? 0), mean: round(mean) };
}

export function fairness(perClient: number[]): Fairness {
  const s = [...perClient].sort((a, b) => a - b);
  const sum = s.reduce((a, b) => a + b, 0);
  const squares = s.reduce((a, b) => a + b * b, 0);
  return {
    clients: s.length,
    min: s[0] ?? 0,
    median: at(s, 0.5),
    max: s[s.length - 1] ?? 0,
    atMostOne: s.filter((x) => x <= 1).length,
    jain: squares === 0 ? 0 : round((sum * sum) / (s.length * squares), 3),
  };
}
