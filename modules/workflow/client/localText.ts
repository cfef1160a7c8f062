// Formatter "bpmLocalText": a text the server keeps in the four languages as JSON ({"CN": …, "EN": …})
// — a failed service task's reason on transactionCompen — shown in the reader's language (CN when that
// one is missing); any other text (a foreign system's own error) as it is.
import type { FormatterDef } from '../../../runtime/registry/types';

export const localTextFormatter: FormatterDef = {
  format(value, _args, ctx) {
    const text = typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value);
    if (!text.startsWith('{')) return text;
    try {
      const all = JSON.parse(text) as Record<string, unknown>;
      const local = all[ctx.language] ?? all.CN;
      return typeof local === 'string' ? local : text;
    } catch {
      return text;
    }
  },
};
