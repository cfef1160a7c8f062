// The values of a lookup type for the runtime's lookup cache (cells, selects, search forms): service
// slot `lookupValues`, answered by this module's findDic in the request's language.
import { defineClientModule } from '../../../runtime/registry/clientModule';
import type { LookupValue } from '../../../runtime/data/lookupCache';

export const FIND_DIC = 'baseServer/v1/baseLookupValuesRestful/findDic';

export default defineClientModule({
  name: 'lookups',
  services: {
    lookupValues: {
      async find(env, lookupType) {
        return (await env.api<LookupValue[]>(FIND_DIC, { lookupType })).data;
      },
    },
  },
});
