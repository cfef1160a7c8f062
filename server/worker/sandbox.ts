// Work on untrusted files (an uploaded workbook, a document to preview) runs here, never on the
// server's event loop: each task gets its own worker thread with a memory budget (V8 resourceLimits:
// the thread, not the process, dies when it is spent) and a time budget (the thread is terminated —
// V8 stops it even inside a loop — when it is spent). At most `SRM_SANDBOX_WORKERS` (default 2) run at
// once, a few more wait; beyond that the call is refused as busy. docs/security.md "Hostile input".
import { Worker } from 'node:worker_threads';
import { AppError, refuse, unavailable, type MessageParams } from '../errors.js';

export interface SandboxBudget {
  /** Wall time from the thread's start; then it is terminated. */
  timeMs: number;
  /** V8 old-generation heap of the thread, in MB; spent: the thread dies with ERR_WORKER_OUT_OF_MEMORY. */
  memoryMb: number;
  /** Message keys of the refusals when a budget is spent (they name what the user tried: import, preview). */
  timeoutKey: string;
  memoryKey: string;
  params?: MessageParams;
}

/** A task: the module (an absolute file URL) and the async function it exports, taking one structured-clonable input. */
export interface SandboxTask {
  module: URL;
  export: string;
}

type Reply = { ok: unknown } | { appError: { httpStatus: AppError['httpStatus']; key: string; params: MessageParams; data: unknown } } | { failure: string };

const BOOTSTRAP = new URL('./bootstrap.mjs', import.meta.url);
const envNumber = (name: string, dflt: number) => {
  const v = Number(process.env[name]);
  return process.env[name] && Number.isFinite(v) && v > 0 ? v : dflt;
};
const MAX_RUNNING = envNumber('SRM_SANDBOX_WORKERS', 2);
const MAX_WAITING = envNumber('SRM_SANDBOX_QUEUE', 8);

let running = 0;
const waiting: (() => void)[] = [];

async function slot(): Promise<() => void> {
  if (running >= MAX_RUNNING) {
    if (waiting.length >= MAX_WAITING) throw unavailable('error.busy');
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  running += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    running -= 1;
    waiting.shift()?.();
  };
}

/** Thrown for a task that failed other than by a refusal or a spent budget (the caller says what failed). */
export class SandboxFailure extends Error {
  constructor(readonly reason: string) {
    super(`sandbox task failed: ${reason}`);
    this.name = 'SandboxFailure';
  }
}

/** Runs `task` on `input` in a fresh worker thread within `budget`; its AppErrors come back as AppErrors. */
export async function runSandboxed<T>(task: SandboxTask, input: unknown, budget: SandboxBudget): Promise<T> {
  const release = await slot();
  let worker: Worker | undefined;
  try {
    worker = new Worker(BOOTSTRAP, {
      execArgv: [],
      workerData: { module: task.module.href, export: task.export, input },
      resourceLimits: { maxOldGenerationSizeMb: budget.memoryMb, maxYoungGenerationSizeMb: Math.min(64, Math.max(8, budget.memoryMb / 8)), stackSizeMb: 4 },
      stdout: false,
      stderr: false,
    });
    const w = worker;
    return await new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(refuse(budget.timeoutKey, budget.params)), budget.timeMs);
      const done = (fn: () => void) => {
        clearTimeout(timer);
        fn();
      };
      w.on('message', (m: Reply) =>
        done(() => {
          if ('ok' in m) resolve(m.ok as T);
          else if ('appError' in m) reject(new AppError(m.appError.httpStatus, m.appError.key, m.appError.params, m.appError.data));
          else reject(new SandboxFailure(m.failure));
        }),
      );
      w.on('error', (err: Error & { code?: string }) =>
        done(() => reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? refuse(budget.memoryKey, budget.params) : new SandboxFailure(err.code ?? err.name))),
      );
      w.on('exit', (code) => done(() => reject(new SandboxFailure(`exit ${code}`))));
    });
  } finally {
    // The thread is gone (its memory with it) before the next task may start.
    await worker?.terminate();
    release();
  }
}
