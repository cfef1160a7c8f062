// Base data: banks, currencies and exchange rates, materials, purchase categories and groups.
import { defineModule } from '../../server/modules/types.js';
import { materialUnits } from './server/materials.js';
import type { BaseApi } from './api.js';
import { baseDemo } from './seed/demo.js';
import { enabledCategories, enabledCategoryIds } from './server/categories.js';
import { rateToCny } from './server/rates.js';
import { groupLeaderResolver, purchaseGroupLeaderOf } from './server/purchaseGroups.js';

export default defineModule({
  name: 'base',
  seed: { demo: baseDemo },
  api: (): BaseApi => ({ rateToCny, enabledCategoryIds, enabledCategories, purchaseGroupLeaderOf, materialUnits }),
  // The workflow's assignee rule "groupLeader": the leader of the document's purchase group (docs/workflow.md).
  assigneeResolvers: { groupLeader: groupLeaderResolver },
});
