// Times as the scheduler's datetime columns hold them: 'yyyy-MM-dd HH:mm:ss' in UTC (the server's and the
// databases' zone; `localtimestamp(0)` writes the same), so a run's start and a request's next run compare.
export function dbTime(d: Date): string {
  return d.toISOString().slice(0, 19).replace('T', ' ');
}

export function fromDbTime(text: string): Date {
  return new Date(`${text.replace(' ', 'T')}Z`);
}

/** A run time as a client sends it: ISO with a zone (`…Z`, `+07:00`), or 'yyyy-MM-dd HH:mm[:ss]' in UTC; null when not a time. */
export function parseRunAt(raw: unknown): Date | null {
  if (typeof raw !== 'string' || raw.length > 40) return null;
  const bare = /^\d{4}-\d\d-\d\d[ T]\d\d:\d\d(:\d\d)?$/.test(raw.trim());
  const zoned = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d{1,3})?)?(Z|[+-]\d\d:\d\d)$/.test(raw.trim());
  if (!bare && !zoned) return null;
  const d = bare ? new Date(`${raw.trim().replace(' ', 'T')}Z`) : new Date(raw.trim());
  return Number.isNaN(d.getTime()) ? null : d;
}
