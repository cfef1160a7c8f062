import { useState } from 'react';
import { Button, Space } from '@arco-design/web-react';
import type { Action } from '../definitions.js';
import { useRuntimeEnv, type RuntimeEnv } from '../env.js';
import { evaluateCondition, type RecordLike } from '../../meta/conditions.js';
import { actions as actionRegistry } from '../registry/index.js';
import { resolveText } from '../text/resolveText.js';
import { ActionIcon } from '../grid/ActionIcon.js';

/** Buttons a user may see: held resource (env.can) and a passing `show` condition. */
export function visibleActions(list: readonly Action[] | undefined, record: RecordLike, can: RuntimeEnv['can']): Action[] {
  return (list ?? []).filter((a) => (a.resource === undefined || can(a.resource)) && evaluateCondition(a.show, record));
}

export interface ActionBarProps {
  actions: readonly Action[] | undefined;
  record: RecordLike;
  selectionCount: number;
  onRun(action: Action): Promise<void>;
  testIdPrefix?: string;
}

export function ActionBar({ actions, record, selectionCount, onRun, testIdPrefix = 'action' }: ActionBarProps) {
  const env = useRuntimeEnv();
  const [busy, setBusy] = useState<string | null>(null);
  const list = visibleActions(actions, record, env.can);
  if (list.length === 0) return null;
  return (
    <Space wrap size={8} className="srm-action-bar">
      {list.map((a) => {
        const needsSelection = a.needSelection === true || actionRegistry.get(a.type).needsSelection === true;
        const disabled = (needsSelection && selectionCount === 0) || (a.disabled !== undefined && evaluateCondition(a.disabled, record));
        return (
          <Button
            key={a.name}
            data-testid={`${testIdPrefix}-${a.name}`}
            type={a.status === 'primary' ? 'primary' : a.status === 'success' ? 'primary' : 'secondary'}
            status={a.status === 'danger' ? 'danger' : a.status === 'success' ? 'success' : undefined}
            disabled={disabled || (busy !== null && busy !== a.name)}
            loading={busy === a.name}
            icon={a.iconClass ? <ActionIcon iconClass={a.iconClass} /> : undefined}
            onClick={async () => {
              setBusy(a.name);
              try {
                await onRun(a);
              } finally {
                setBusy(null);
              }
            }}
          >
            {resolveText(a.label, env, a.name)}
          </Button>
        );
      })}
    </Space>
  );
}
