// CPU time of the processes a bench drives (Linux /proc), for figures that a loaded machine distorts
// little: wall-clock rates fall when other work shares the cores, CPU seconds per unit of work barely move.
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const TICKS = 100;

/** User + system CPU ms of one process, or null when it is gone. */
export function cpuMsOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS;
  } catch {
    return null;
  }
}

/** The pids whose command name is `comm` (e.g. redis-server). */
export function pidsNamed(comm: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === comm) pids.push(Number(entry));
    } catch {
      /* ended meanwhile */
    }
  }
  return pids;
}

/** CPU ms per pid now; `since` turns two snapshots into the CPU spent between them (new pids count whole). */
export class CpuSnapshot {
  private constructor(readonly ms: Map<number, number>) {}

  static of(pids: readonly number[]): CpuSnapshot {
    const ms = new Map<number, number>();
    for (const pid of pids) {
      const v = cpuMsOf(pid);
      if (v !== null) ms.set(pid, v);
    }
    return new CpuSnapshot(ms);
  }

  since(before: CpuSnapshot): number {
    let total = 0;
    for (const [pid, v] of this.ms) total += v - (before.ms.get(pid) ?? 0);
    return total;
  }
}
