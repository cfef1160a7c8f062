// The generated typed clients (src/generated/clients.ts) take a `Call`; this turns any runtime HTTP
// client (the app's signed `http`, a page's RuntimeEnv) into one, so app code calls
// `baseLookupTypeClient(call).listByPage(...)` instead of spelling family paths and row types by hand.
import type { RuntimeEnv } from '../../runtime/env';
import type { Call } from '../generated/clients';

export function callOf(client: Pick<RuntimeEnv, 'api'>): Call {
  return <T>(path: string, body: unknown) => client.api<T>(path, body);
}
