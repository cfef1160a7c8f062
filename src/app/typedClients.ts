// The app's signed client (session, language and 401 handling of src/app/http) as the `Call` the
// generated typed clients take: `baseLookupTypeClient(call).listByPage({ params: {} })`.
import { callOf } from './callOf';
import { http } from './http';

export const call = callOf(http);
