// Demo company, workflow's own part: the process roles. The process models are the modules' own
// (modules/{area}/processes/*.bpmn, published by seedDemo in demoProcesses.ts) and each module tells the
// processes of its demo documents through DemoContext.process.
import type { DemoStep } from '../../../server/modules/types.js';
import { processRoleDemo } from './processRoles.js';

export const workflowDemo: readonly DemoStep[] = [processRoleDemo];
