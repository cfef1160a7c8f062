// Cache administration screens (kind custom), by renderer name; the users' table settings (service slot
// `tableSettings`), kept by this module's srmBaseTableConfig.
import { defineClientModule } from '../../../runtime/registry/clientModule';
import { CacheManage } from './CacheManage';
import { CacheOverview } from './CacheOverview';
import { tableSettings } from './tableSettings';

export default defineClientModule({
  name: 'system',
  renderers: { cacheOverview: CacheOverview, cacheManage: CacheManage },
  services: { tableSettings },
});
