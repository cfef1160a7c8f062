import type { DemoStep } from '../../../server/modules/types.js';
export const demoInquiries: DemoStep = { name: 'inquiries', async run() {} };
