// An edit page's permit tree (page `trees`): loaded by a read operation with the record key, saved
// as a whole (all or nothing on the server) by a write operation behind its resource.
import { useCallback, useEffect, useState } from 'react';
import { Button, Spin } from '@arco-design/web-react';
import type { PageDefinition } from '../definitions.js';
import { useRuntimeEnv } from '../env.js';
import type { DataProvider, RowKey } from '../data/dataProvider.js';
import { resolveText } from '../text/resolveText.js';
import { checkedKeys, clearEdits, editedKeys } from './checking.js';
import { PermitTree, type PermitNode } from './PermitTree.js';

export type TreeDefinition = NonNullable<PageDefinition['trees']>[number];

export interface TreeSectionProps {
  tree: TreeDefinition;
  provider: DataProvider;
  id: RowKey;
  readOnly: boolean;
}

export function TreeSection({ tree, provider, id, readOnly }: TreeSectionProps) {
  const env = useRuntimeEnv();
  const [nodes, setNodes] = useState<PermitNode[] | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    setBusy(true);
    try {
      setNodes((await provider.call<PermitNode[]>(tree.load, { id })).data);
    } catch (e) {
      env.notify('error', e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }, [provider, tree.load, id, env]);

  useEffect(() => {
    void load();
  }, [load]);

  const canSave = !readOnly && env.can(tree.resource);
  const save = async () => {
    if (!nodes) return;
    setBusy(true);
    try {
      await provider.call(tree.save, { id, checked: checkedKeys(nodes) });
      env.notify('success', env.t('messages.saved'));
      setNodes(clearEdits(nodes));
      await load();
    } catch (e) {
      // Refused: nothing was saved, the user's checks stay on screen.
      env.notify('error', e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="srm-tree-section" style={{ marginTop: 16 }}>
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', marginBottom: 8 }}>
        <h3 style={{ fontSize: 15, fontWeight: 600, margin: 0 }}>{tree.title !== undefined ? resolveText(tree.title, env) : tree.name}</h3>
        {canSave && (
          <Button
            type="primary"
            size="small"
            loading={busy}
            data-testid={`tree-${tree.name}-save`}
            disabled={!nodes || editedKeys(nodes).length === 0}
            onClick={() => void save()}
          >
            {env.t('permitTree.save')}
          </Button>
        )}
      </div>
      <Spin loading={busy} style={{ display: 'block' }}>
        {nodes && <PermitTree name={tree.name} nodes={nodes} onChange={setNodes} readOnly={!canSave} />}
      </Spin>
    </div>
  );
}
