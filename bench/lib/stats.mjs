// Small numeric helpers shared by the benchmarks.

/** Median, min, max and mean of `samples` (ms). */
export function stats(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const n = sorted.length;
  return {
    median: n % 2 ? sorted[(n - 1) / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2,
    min: sorted[0],
    max: sorted[n - 1],
    mean: samples.reduce((a, b) => a + b, 0) / n,
    p99: sorted[Math.min(n - 1, Math.ceil(0.99 * n) - 1)],
  };
}

export const MiB = 1024 * 1024;

/** Peak resident memory of this process so far, MiB (the kernel's high-water mark). */
export function peakRssMiB() {
  return process.resourceUsage().maxRSS / 1024;
}
