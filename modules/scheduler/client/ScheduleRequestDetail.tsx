// Screen "submitRequestDetail" (kind custom): submitting a request (create mode: the program's parameters
// are drawn from its schema) or one request with its runs and log (view mode).
import { useRuntimeEnv } from '../../../runtime/env';
import type { CustomPageProps } from '../../../runtime/registry/types';
import { resolveText } from '../../../runtime/text/resolveText';
import { pageUrl } from '../../../runtime/pages/routing';
import { RequestView } from './RequestView';
import { SubmitRequestForm } from './SubmitRequestForm';

export function ScheduleRequestDetail({ page, query }: CustomPageProps) {
  const env = useRuntimeEnv();
  const id = query.id && /^\d+$/.test(query.id) ? Number(query.id) : null;
  const back = () => env.navigate(pageUrl(page.listPage ?? 'submitRequest', {}, query));
  const label = (name: string) => resolveText(page.actions?.find((a) => a.name === name)?.label, env, name);
  return (
    <div className="srm-page" data-page={page.name}>
      <h2 style={{ fontSize: 18, fontWeight: 600, margin: '0 0 12px' }}>
        {resolveText(page.title, env)}
        {id ? ` #${id}` : ''}
      </h2>
      {id === null ? (
        <SubmitRequestForm
          env={env}
          onBack={back}
          onSubmitted={(r) => env.navigate(pageUrl(page.name, { id: r.requestId, mode: 'view' }, query), { replace: true })}
        />
      ) : (
        <RequestView key={id} env={env} id={id} labels={{ launch: label('launch'), pause: label('pause'), cancel: label('cancel') }} onBack={back} />
      )}
    </div>
  );
}
