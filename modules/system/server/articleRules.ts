// Article content is rich text from a browser: only the allow-listed HTML is stored (the same
// sanitiser as document previews), so a stored article can never carry script to its readers.
import { refuse } from '../../../server/errors.js';
import { sanitizeHtml } from '../../../server/files/sanitizeHtml.js';
import type { EntityRules } from '../../../server/modules/types.js';

const MAX_CONTENT = 1_000_000;

export const articleBeforeSave: NonNullable<EntityRules['beforeSave']> = async (_ctx, _db, values) => {
  const content = values.content;
  if (typeof content !== 'string') return;
  if (content.length > MAX_CONTENT) throw refuse('article.tooLong', { max: MAX_CONTENT });
  values.content = sanitizeHtml(content);
};
