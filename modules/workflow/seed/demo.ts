// Demo company, workflow's own part: the process roles, the budget-check showcase of service tasks and
// compensation (PR_BUDGET_CHECK, published but not bound) and the urge rules. The approval models are the
// modules' own (modules/{area}/processes/*.bpmn, published by seedDemo in demoProcesses.ts) and each module
// tells the processes of its demo documents through DemoContext.process.
import type { DemoStep } from '../../../server/modules/types.js';
import { processRoleDemo } from './processRoles.js';
import { budgetCheckDemo } from './budgetCheck.js';
import { urgeDemo } from './urgeRules.js';

export const workflowDemo: readonly DemoStep[] = [processRoleDemo, budgetCheckDemo, urgeDemo];
