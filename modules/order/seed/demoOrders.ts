// Demo orders in every state: written below when time allowed.
import type { DemoStep } from '../../../server/modules/types.js';

export const demoOrders: readonly DemoStep[] = [];
