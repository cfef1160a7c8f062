// The programs the modules declare become rows of schedule_program at start: names and parameter schema
// follow the code; timeout, retries and the enabled flag are the administrator's once the row exists.
import type { AppContext } from '../../../server/context.js';
import { dbNow } from '../../../server/db/typed.js';
import { tables } from './repo.js';

export async function registerPrograms(app: AppContext): Promise<void> {
  for (const p of app.modules.programs) {
    const names = p.names ?? { CN: p.code, EN: p.code, TH: p.code, VN: p.code };
    const code = {
      program_name: names.CN,
      program_name_en: names.EN,
      program_name_th: names.TH,
      program_name_vn: names.VN,
      module_name: p.module,
      params_schema: p.paramsSchema ? JSON.stringify(p.paramsSchema, null, 2) : null,
    };
    // Two processes starting together: the unique program code decides, the loser updates.
    const row = await tables(app.db)
      .insertInto('schedule_program')
      .values({
        program_code: p.code,
        ...code,
        timeout_ms: p.timeoutMs ?? null,
        retry_limit: p.retry?.limit ?? 0,
        retry_delay_ms: p.retry?.delayMs ?? null,
      })
      .onConflict((oc) => oc.column('program_code').doUpdateSet({ ...code, last_update_date: dbNow() }))
      .returning('program_id')
      .executeTakeFirstOrThrow();
    // Requests written before their program's row (the demo) point at it now.
    await tables(app.db)
      .updateTable('schedule_request')
      .set({ program_id: row.program_id })
      .where('program_id', 'is', null)
      .where('program_code', '=', p.code)
      .execute();
  }
}
