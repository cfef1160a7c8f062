// Organisation: institutions, departments, position levels, jobs, positions, employees and allotments.
import { defineModule } from '../../server/modules/types.js';
import { orgDemo } from './seed/demo.js';
import { allotBeforeSave } from './server/allotRules.js';
import { registerOrgRoutes } from './server/orgRoutes.js';
import { knownPositions, usersInPositions } from './server/positions.js';
import { departmentHeadOf } from './server/departmentHeads.js';
import type { OrgApi } from './api.js';

export default defineModule({
  name: 'org',
  rules: { basePositionAllot: { beforeSave: allotBeforeSave } },
  routes: (server, { app }) => registerOrgRoutes(server, app),
  // Who holds a position (the workflow's assignee rule "position") and who heads a user's department.
  api: (): OrgApi => ({ usersInPositions, knownPositions, departmentHeadOf }),
  // The workflow's assignee rule "deptHead": the head of the initiator's department (docs/workflow.md).
  assigneeResolvers: {
    deptHead: async (db, { initiatorId }) => {
      const head = await departmentHeadOf(db, initiatorId);
      return head === null ? [] : [head];
    },
  },
  seed: { demo: orgDemo },
});
