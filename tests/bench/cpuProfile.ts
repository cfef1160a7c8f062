// A page's JavaScript CPU profile over a stretch of a bench (Chromium DevTools protocol), summarised as
// the functions and the scripts that took the most time of their own: what to read when a browser figure
// moves and the request waterfall does not explain it.
import type { Page } from 'playwright-core';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

export async function startCpuProfile(page: Page): Promise<{ startedAt: number; stop(): Promise<CpuProfile> }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  return {
    startedAt: Date.now(),
    async stop() {
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
      await cdp.detach();
      return profile;
    },
  };
}

/**
 * Self time per function and per script, in ms, largest first; with `window` ([from, to] ms after the
 * profile started, by the bench's clock) only the samples inside it.
 */
export function printCpuProfile(profile: CpuProfile, top = 25, window?: [number, number]): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfMs = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  // Each sample's time is the delta to the next sample; a sample's moment is the sum of the deltas before it.
  let at = 0;
  for (let i = 0; i < samples.length; i++) {
    at += (deltas[i] ?? 0) / 1000;
    if (window && (at < window[0] || at > window[1])) continue;
    selfMs.set(samples[i], (selfMs.get(samples[i]) ?? 0) + (deltas[i + 1] ?? 0) / 1000);
  }
  const perFunction = new Map<string, number>();
  const perScript = new Map<string, number>();
  for (const [id, ms] of selfMs) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const script = url.replace(/^.*\/assets\//, '') || '(native)';
    const fn = `${functionName || '(anonymous)'} ${script}:${lineNumber + 1}`;
    perFunction.set(fn, (perFunction.get(fn) ?? 0) + ms);
    perScript.set(script, (perScript.get(script) ?? 0) + ms);
  }
  const total = window ? window[1] - window[0] : (profile.endTime - profile.startTime) / 1000;
  const show = (title: string, m: Map<string, number>) => {
    console.log(`  ${title}`);
    for (const [k, ms] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`    ${ms.toFixed(1).padStart(7)} ms  ${k}`);
  };
  console.log(`  CPU profile over ${total.toFixed(0)} ms`);
  show('self time by script', perScript);
  show('self time by function', perFunction);
}
