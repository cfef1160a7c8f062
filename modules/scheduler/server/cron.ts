// Cron expressions through croner: checked on submit (a bad one is refused in the caller's language) and
// asked for the next occurrence after each run. Five fields (minute precision) or six (seconds first),
// evaluated in UTC like every scheduler time (time.ts).
import { Cron } from 'croner';
import { refuse } from '../../../server/errors.js';

const MAX_LENGTH = 120;

function parse(expr: string): Cron {
  return new Cron(expr, { paused: true, timezone: 'Etc/UTC' });
}

/** The expression trimmed, or a refusal naming it; a valid one that never fires is refused too. */
export function checkedCron(raw: unknown): string {
  const expr = typeof raw === 'string' ? raw.trim().replace(/\s+/g, ' ') : '';
  if (!expr || expr.length > MAX_LENGTH) throw refuse('scheduler.badCron', { cron: String(raw ?? '').slice(0, MAX_LENGTH) });
  let next: Date | null;
  try {
    next = parse(expr).nextRun();
  } catch {
    throw refuse('scheduler.badCron', { cron: expr });
  }
  if (!next) throw refuse('scheduler.cronNeverRuns', { cron: expr });
  return expr;
}

/** The next occurrence strictly after `after` (null when the expression has none left). */
export function nextCronRun(expr: string, after: Date): Date | null {
  return parse(expr).nextRun(after);
}
