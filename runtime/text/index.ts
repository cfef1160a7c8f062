export { resolveText, fieldLabel, findField, isAuditField, AUDIT_FIELDS } from './resolveText.js';
export type { AuditField } from './resolveText.js';
