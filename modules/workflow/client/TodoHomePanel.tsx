// The home card of the caller's open tasks (both homes: a supplier's tasks too): the five newest, each
// opening its document with the task's buttons, and a link to the whole list. Lazy: Arco's List loads
// with the home, not with the header's badge.
import { Button, Card, Empty, Spin } from '@arco-design/web-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useRuntimeEnv } from '../../../runtime/env';
import { bpmApi, errorText, TASKS_CHANGED, type Paged, type Todo } from './bpmApi';
import { onLiveTasks } from './live';

const ROWS = 5;

export default function TodoHomePanel() {
  const env = useRuntimeEnv();
  const api = useMemo(() => bpmApi(env), [env]);
  const [data, setData] = useState<Paged<Todo> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    api.todos({}, 1, ROWS).then(
      (d) => {
        setData(d);
        setError(null);
      },
      (e: unknown) => setError(errorText(e)),
    );
  }, [api]);
  useEffect(() => {
    load();
    window.addEventListener(TASKS_CHANGED, load);
    const off = onLiveTasks(load);
    return () => {
      window.removeEventListener(TASKS_CHANGED, load);
      off();
    };
  }, [load]);

  const open = async (row: Todo) => {
    try {
      const url = await api.taskUrl(row.taskId);
      env.navigate(`${url.route}?${new URLSearchParams(url.query).toString()}`);
    } catch (e) {
      env.notify('error', errorText(e));
    }
  };

  return (
    <Card
      bordered={false}
      className="srm-home-card"
      data-testid="home-todos"
      data-count={data?.count ?? ''}
      title={env.t('bpm.homeTitle', { count: data?.count ?? 0 })}
      extra={
        <Button type="text" size="small" data-testid="home-todos-all" onClick={() => env.navigate('/main/myUpcoming')}>
          {env.t('bpm.homeAll')}
        </Button>
      }
    >
      {error ? (
        <div className="srm-widget-empty">{error}</div>
      ) : !data ? (
        <Spin />
      ) : data.rows.length === 0 ? (
        <Empty description={env.t('bpm.homeNone')} />
      ) : (
        <table className="srm-widget-list">
          <tbody>
            {data.rows.map((row) => (
              <tr
                key={row.taskId}
                tabIndex={0}
                className="srm-widget-row-link"
                data-testid={`home-todo-${row.taskId}`}
                onClick={() => void open(row)}
                onKeyDown={(e) => e.key === 'Enter' && void open(row)}
              >
                <td>{row.documentNumber ?? ''}</td>
                <td>{row.title ?? ''}</td>
                <td>{row.taskName ?? ''}</td>
                <td>{row.initiatorName ?? ''}</td>
                <td>{row.createTime.slice(0, 16)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}
