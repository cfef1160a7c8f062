export { evaluateCondition, evaluateFlag } from './evaluate.js';
export type { RecordLike } from './evaluate.js';
