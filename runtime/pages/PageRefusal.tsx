// What a page shows instead of itself when its first load is refused (issue 18 item 3): a user who may
// not open the screen sees a no-permission page, a record that cannot be loaded (gone, another
// supplier's) a not-found page with the server's reason — never an empty form with a live save button.
import { Result } from '@arco-design/web-react';
import type { ReactNode } from 'react';
import { ApiError, useRuntimeEnv } from '../env.js';

export type RefusalKind = 'forbidden' | 'notFound' | 'failed';

export interface Refusal {
  kind: RefusalKind;
  /** The server's words, in the user's language; the page's own text when absent. */
  message?: string;
}

/**
 * How a failed first load reads to the user: HTTP 403 is no permission; a refused record load (status E:
 * not found, not yours) is not found; anything else (network, server error) a failure.
 */
export function refusalOf(error: unknown, loadingRecord: boolean): Refusal {
  const message = error instanceof Error && error.message ? error.message : undefined;
  if (error instanceof ApiError && error.httpStatus === 403) return { kind: 'forbidden', message };
  if (loadingRecord && error instanceof ApiError && error.httpStatus === 200) return { kind: 'notFound', message };
  return { kind: 'failed', message };
}

const STATUS = { forbidden: '403', notFound: '404', failed: 'error' } as const;

export function PageRefusal({ refusal, extra }: { refusal: Refusal; extra?: ReactNode }) {
  const env = useRuntimeEnv();
  return (
    <Result
      className="srm-page-refusal"
      data-testid="page-refused"
      data-kind={refusal.kind}
      status={STATUS[refusal.kind]}
      title={env.t(`refusal.${refusal.kind}.title`)}
      subTitle={refusal.message ?? env.t(`refusal.${refusal.kind}.description`)}
      extra={extra}
    />
  );
}
