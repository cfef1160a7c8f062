// CPU time of the Chromium processes this process started, by thread, from /proc (Linux): what a
// scroll frame costs the machine, whatever else runs beside it (frame deltas depend on the load; this
// does not). Used by grid.bench.ts and grid/profile.ts.
import { readdirSync, readFileSync } from 'node:fs';

/** /proc reports CPU time in clock ticks of 10 ms (USER_HZ 100). */
export const CLOCK_TICK_MS = 10;

/** Descendant process ids of this process (Chromium's browser, renderer, GPU and utility processes). */
function descendants(): number[] {
  const parents = new Map<number, number>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      parents.set(Number(d), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      /* gone */
    }
  }
  const found: number[] = [];
  const walk = (pid: number) => {
    for (const [child, parent] of parents) {
      if (parent !== pid) continue;
      found.push(child);
      walk(child);
    }
  };
  walk(process.pid);
  return found;
}

function processType(pid: number): string {
  try {
    // Chromium rewrites its command line (setproctitle): arguments may be joined by spaces.
    const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/);
    return cmd.find((a) => a.startsWith('--type='))?.slice(7) ?? (cmd[0].includes('chrom') ? 'browser' : (cmd[0].split('/').pop() ?? '?'));
  } catch {
    return '?';
  }
}

function readTasks(pid: number): string[] {
  try {
    return readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
}

/** CPU ticks by "process type / thread name". */
export function threadTicks(): Map<string, number> {
  const ticks = new Map<string, number>();
  for (const pid of descendants()) {
    const type = processType(pid);
    const tasks = readTasks(pid);
    for (const tid of tasks) {
      try {
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')).replace(/\d+$/, '');
        const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const key = `${type} / ${name}`;
        ticks.set(key, (ticks.get(key) ?? 0) + Number(f[11]) + Number(f[12]));
      } catch {
        /* gone */
      }
    }
  }
  return ticks;
}

/** Milliseconds of CPU per frame between two readings, by the names of `groups` (substring of "type / thread"). */
export function cpuPerFrame(before: Map<string, number>, after: Map<string, number>, frames: number, groups: Record<string, (key: string) => boolean>) {
  const out: Record<string, number> = { total: 0 };
  for (const name of Object.keys(groups)) out[name] = 0;
  for (const [key, ticks] of after) {
    const ms = (ticks - (before.get(key) ?? 0)) * CLOCK_TICK_MS;
    if (ms <= 0) continue;
    out.total += ms;
    for (const [name, match] of Object.entries(groups)) if (match(key)) out[name] += ms;
  }
  for (const k of Object.keys(out)) out[k] = Math.round((100 * out[k]) / frames) / 100;
  return out;
}
