// The app's own screens of kind custom (no definition can express them), registered into the runtime.
import type { RuntimeModule } from '../../app/runtimeModule';
import { CacheManage } from './CacheManage';
import { CacheOverview } from './CacheOverview';
import { devtoolsScreens } from '../devtools/register';

export function registerAppScreens(runtime: RuntimeModule): void {
  const screens = { cacheOverview: CacheOverview, cacheManage: CacheManage, ...devtoolsScreens };
  for (const [name, component] of Object.entries(screens)) {
    if (!runtime.renderers.has(name)) runtime.renderers.register(name, { component, configSchema: { type: 'object', properties: {} } });
  }
}
