export { evaluateCondition, evaluateFlag } from '../../meta/conditions.js';
export type { RecordLike } from '../../meta/conditions.js';
