// Programs only the scheduler's tests register (a test module added to the discovered ones): they count
// their runs per request in this process, fail on purpose, outlive their timeout or wait for a cancel.
import { join } from 'node:path';
import { discoverModules } from '../../../../server/modules/discover.js';
import { defineModule, type ServerModule } from '../../../../server/modules/types.js';
import type { AppContext } from '../../../../server/context.js';

/** `${database}:${requestId}` → the times (ms) each run of it started, across every app in this process. */
const starts = new Map<string, number[]>();
// The database, not the app: two apps on one database (exactlyOnce) count together. Every test file's
// database is a copy of one template, so request ids repeat from file to file, and the api project's
// files share this process (isolate: false): a key without the database mixed their runs.
const keyOf = (app: AppContext, id: number) => `${app.config.databaseUrl ?? app.config.dataDir}:${id}`;
const started = (app: AppContext, id = 0) => {
  const key = keyOf(app, id);
  starts.set(key, [...(starts.get(key) ?? []), Date.now()]);
};

/** When each run of request `id` on `app`'s database started (ms), in start order. */
export function startsOf(app: AppContext, id: number): number[] | undefined {
  return starts.get(keyOf(app, id));
}

const root = join(new URL('.', import.meta.url).pathname, '../../../..');

export const testProgramsModule = defineModule({
  name: 'scheduler-tests',
  programs: [
    {
      code: 'TEST_COUNT',
      names: { CN: '计数', EN: 'Count', TH: 'นับ', VN: 'Đếm' },
      paramsSchema: { type: 'object', properties: { note: { type: 'string', maxLength: 20 } } },
      async run(app, params, run) {
        started(app, run?.requestId);
        run?.log(`counted ${String(params.note ?? '')}`);
      },
    },
    {
      code: 'TEST_FLAKY',
      names: { CN: '前两次失败', EN: 'Fails twice', TH: 'ล้มเหลวสองครั้ง', VN: 'Lỗi hai lần' },
      retry: { limit: 2, delayMs: 300 },
      async run(app, _params, run) {
        started(app, run?.requestId);
        if ((run?.attempt ?? 1) < 3) throw new Error(`flaky failure ${run?.attempt}`);
        run?.log('third time lucky');
      },
    },
    {
      code: 'TEST_SLOW',
      names: { CN: '超时', EN: 'Too slow', TH: 'ช้าเกินไป', VN: 'Quá chậm' },
      timeoutMs: 300,
      async run(app, _params, run) {
        started(app, run?.requestId);
        await new Promise((resolve) => setTimeout(resolve, 5000).unref());
      },
    },
    {
      code: 'TEST_BLOCK',
      names: { CN: '等待取消', EN: 'Waits for cancel', TH: 'รอยกเลิก', VN: 'Chờ hủy' },
      timeoutMs: 60_000,
      async run(app, _params, run) {
        started(app, run?.requestId);
        await new Promise<void>((_, reject) => run?.signal.addEventListener('abort', () => reject(new Error('aborted by cancel'))));
      },
    },
  ],
});

export async function modulesWithTestPrograms(): Promise<ServerModule[]> {
  return [...(await discoverModules(root)), testProgramsModule];
}
