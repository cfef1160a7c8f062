// Limits of SPEC §5/§9 for the file routes, overridable by environment (tests shrink them).
export interface FileOptions {
  /** Per-file limit in bytes (SPEC §9: 2147483648). */
  maxFileBytes: number;
  /** Combined size of a business record's attachments; -1 = unlimited (SPEC §5 default). */
  totalCapBytes: number;
  /** Attachments per business record (SPEC §9: 999); also the most files in one upload. */
  maxFiles: number;
  /** Lower-case extensions allowed on top of what the server can sniff; empty = all sniffable ones. */
  allowedExtensions: string[];
  /** Above this size the widget uses the large-file routes (SPEC §9: 104857600). */
  largeFileThreshold: number;
  /** Default chunk size of the large-file upload. */
  chunkBytes: number;
  /** Unfinished large uploads older than this are swept. */
  orphanHours: number;
  /** How often the sweep runs (ms); 0 disables the timer. */
  sweepIntervalMs: number;
  /** Lifetime of a download ticket (CONTRACT.md: at most 300 s). */
  ticketSeconds: number;
}

export function fileOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): FileOptions {
  const num = (name: string, dflt: number) => (env[name] !== undefined && env[name] !== '' && Number.isFinite(Number(env[name])) ? Number(env[name]) : dflt);
  return {
    maxFileBytes: num('SRM_FILE_MAX_BYTES', 2147483648),
    totalCapBytes: num('SRM_FILE_TOTAL_CAP_BYTES', -1),
    maxFiles: num('SRM_FILE_MAX_COUNT', 999),
    allowedExtensions: (env.SRM_FILE_ALLOWED_EXT ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase().replace(/^\./, ''))
      .filter(Boolean),
    largeFileThreshold: num('SRM_LARGE_FILE_THRESHOLD', 104857600),
    chunkBytes: num('SRM_LARGE_FILE_CHUNK_BYTES', 8 * 1024 * 1024),
    orphanHours: num('SRM_LARGE_FILE_ORPHAN_HOURS', 24),
    sweepIntervalMs: num('SRM_LARGE_FILE_SWEEP_MS', 15 * 60 * 1000),
    ticketSeconds: Math.min(300, num('SRM_FILE_TICKET_SECONDS', 300)),
  };
}
