// The header's to-do badge: the caller's open tasks, counted by findTodoTasks (one row asked for, the
// page's count read). It follows pushed "task" frames when the live service is there, else it asks again
// every minute and when the window regains focus; an action in this tab refreshes it at once. A click
// opens my to-dos.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Badge, Button, Tooltip } from '@arco-design/web-react';
import { useRuntimeEnv } from '../../../runtime/env';
import { bpmApi, TASKS_CHANGED } from './bpmApi';
import { hasLive, onLiveTasks } from './live';

const POLL_MS = 60_000;

export function TodoBadge() {
  const env = useRuntimeEnv();
  const api = useMemo(() => bpmApi(env), [env]);
  const [count, setCount] = useState<number | null>(null);
  const refresh = useCallback(async () => {
    try {
      setCount(await api.todoCount());
    } catch {
      // Signed out or offline: the badge keeps its last count; the next refresh tries again.
    }
  }, [api]);

  useEffect(() => {
    void refresh();
    const again = () => void refresh();
    window.addEventListener(TASKS_CHANGED, again);
    const off = onLiveTasks(again);
    const live = hasLive();
    window.addEventListener('focus', again);
    const timer = live ? undefined : window.setInterval(again, POLL_MS);
    return () => {
      window.removeEventListener(TASKS_CHANGED, again);
      window.removeEventListener('focus', again);
      off();
      if (timer !== undefined) window.clearInterval(timer);
    };
  }, [refresh]);

  const label = env.t('bpm.badge');
  return (
    <Tooltip content={label}>
      <Badge count={count ?? 0} maxCount={99} dot={false} offset={[-2, 2]} data-testid="bpm-todo-count" data-count={count ?? ''}>
        <Button
          type="text"
          aria-label={label}
          data-testid="bpm-todo-badge"
          onClick={() => env.navigate('/main/myUpcoming')}
          style={{ color: 'inherit', padding: '0 8px' }}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" style={{ verticalAlign: 'middle' }}>
            <path
              fill="currentColor"
              d="M9 2h6a1 1 0 0 1 1 1v1h3a1 1 0 0 1 1 1v16a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h3V3a1 1 0 0 1 1-1zm1 2v2h4V4h-4zM6 6v14h12V6h-2v2H8V6H6zm9.3 4.3 1.4 1.4-5.2 5.2-3.2-3.2 1.4-1.4 1.8 1.8 3.8-3.8z"
            />
          </svg>
        </Button>
      </Badge>
    </Tooltip>
  );
}
