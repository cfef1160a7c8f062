// Page kind "tree": hierarchical browse and edit of an entity with a parent key. The tree on the left,
// the selected record's form (page.form) and buttons (page.actions) on the right. The server keeps the
// hierarchy rules (entity.tree): parent exists, no cycles, levels, only leaves deleted.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Empty, Modal, Result, Select, Spin, Tree } from '@arco-design/web-react';
import type Form from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import type { Action } from '../definitions.js';
import { useRuntimeEnv } from '../env.js';
import type { Row } from '../data/dataProvider.js';
import { EntityForm } from '../form/EntityForm.js';
import { buildFormSchema, emptyRecord } from '../form/schema.js';
import type { FormContext } from '../form/widgets.js';
import { actions as actionRegistry } from '../registry/index.js';
import type { ActionContext, PageProps } from '../registry/types.js';
import { resolveText } from '../text/resolveText.js';
import { ActionBar } from '../pages/ActionBar.js';
import { runAction, stripDisplay } from '../pages/actions.js';
import { TreeConfigError, findNode, pathTo, requireTreeConfig, subtreeKeys, type TreeNode } from './buildTree.js';
import { useTreeData } from './useTreeData.js';
import { useDataProvider } from '../data/useDataProvider.js';

interface ArcoNode {
  key: string;
  title: React.ReactNode;
  children?: ArcoNode[];
  isLeaf?: boolean;
}

const TOP = '__top__';

interface MoveOption {
  value: string;
  label: string;
}

export function TreePage(props: PageProps) {
  const env = useRuntimeEnv();
  try {
    const config = requireTreeConfig(props.page.tree);
    return <TreeEditor {...props} config={config} />;
  } catch (e) {
    // SPEC §5: without key, parent key and level key the tree is not built; say so on the page.
    if (e instanceof TreeConfigError) {
      return <Result status="error" title={resolveText(props.page.title, env)} subTitle={env.t('tree.configMissing', { missing: e.missing.join(', ') })} />;
    }
    throw e;
  }
}

function TreeEditor({ page, entity, entities, query, config }: PageProps & { config: NonNullable<PageProps['page']['tree']> }) {
  const env = useRuntimeEnv();
  const provider = useDataProvider(entity);
  const data = useTreeData(env, provider, entity, config);
  const [selectedKey, setSelectedKey] = useState<string | null>(query.id ?? null);
  const [expanded, setExpanded] = useState<string[]>([]);
  const [record, setRecord] = useState<Row | null>(null);
  const [moving, setMoving] = useState<{ target: string } | null>(null);
  const formRef = useRef<Form<Row, RJSFSchema, FormContext>>(null);
  const toKey = (k: string) => (/^\d{1,15}$/.test(k) ? Number(k) : k);

  const select = useCallback(
    async (key: string | null) => {
      setSelectedKey(key);
      if (key === null) return setRecord(null);
      try {
        setRecord(await provider.findById(toKey(key)));
      } catch (e) {
        setRecord(null);
        env.notify('error', e instanceof Error ? e.message : String(e));
      }
    },
    [provider, env],
  );

  // A route with ?id= (after creating a node) opens that node, its path expanded.
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || data.loading) return;
    opened.current = true;
    if (query.id) {
      setExpanded((e) => [...new Set([...e, ...pathTo(data.nodes, query.id!).slice(0, -1)])]);
      void select(query.id);
    } else if (data.nodes.length > 0) {
      setExpanded(data.nodes.map((n) => n.key));
    }
  }, [data.loading, data.nodes, query.id, select]);

  const reload = useCallback(async () => {
    await data.reload();
    if (selectedKey !== null) {
      try {
        setRecord(await provider.findById(toKey(selectedKey)));
      } catch {
        // Deleted: nothing is selected any more.
        setSelectedKey(null);
        setRecord(null);
      }
    }
  }, [data, selectedKey, provider]);

  const selectedNode = selectedKey !== null ? findNode(data.nodes, selectedKey) : undefined;
  const isNew = record !== null && (record[entity.key] === undefined || record[entity.key] === null);

  const startCreate = (parent: TreeNode | undefined) => {
    const fresh: Row = { ...emptyRecord(entity) };
    if (parent) {
      fresh[config.parentKey] = toKey(parent.key);
      fresh[`${config.parentKey}Display`] = parent.title;
    }
    setSelectedKey(null);
    setRecord(fresh);
  };

  const moveTo = async (target: string) => {
    if (!selectedNode) return;
    try {
      const current = await provider.findById(toKey(selectedNode.key));
      const parent = target === TOP ? null : toKey(target);
      await provider.saveOrUpdate(stripDisplay({ ...current, [config.parentKey]: parent }, { entity }));
      env.notify('success', env.t('tree.moved'));
      setMoving(null);
      if (target !== TOP) setExpanded((e) => [...new Set([...e, target])]);
      await reload();
    } catch (e) {
      env.notify('error', e instanceof Error ? e.message : String(e));
    }
  };

  const context = (action: Action): ActionContext => ({
    env,
    action,
    page,
    entity,
    provider,
    query,
    record: record ?? {},
    selection: [],
    reload,
    validate: () => {
      const ok = formRef.current?.validateForm() ?? true;
      if (!ok) env.notify('error', env.t('messages.invalidForm'));
      return ok;
    },
    applyRecord: (r) => setRecord(r),
    tree: {
      selected: selectedNode ? { key: selectedNode.key, title: selectedNode.title, leaf: selectedNode.children.length === 0 } : undefined,
      addRoot: () => startCreate(undefined),
      addChild: () => {
        if (!selectedNode) return env.notify('warning', env.t('tree.selectNode'));
        setExpanded((e) => [...new Set([...e, selectedNode.key])]);
        startCreate(selectedNode);
      },
      move: async () => {
        if (!selectedNode) return env.notify('warning', env.t('tree.selectNode'));
        setMoving({ target: String(selectedNode.record[config.parentKey] ?? TOP) });
      },
    },
  });
  const run = (action: Action) => runAction(actionRegistry.get(action.type), context(action));

  // Buttons that need a stored node are hidden while a new one is being typed, and vice versa.
  const needsNode = (a: Action) => a.type === 'addChild' || a.type === 'move' || a.operation === 'delete';
  const actionsShown = (page.actions ?? []).filter(
    (a) => !(isNew && needsNode(a)) && !(record === null && (a.type === 'save' || a.operation === 'delete' || a.type === 'move')),
  );
  const canEdit = (page.actions ?? []).some((a) => a.type === 'save' && (a.resource === undefined || env.can(a.resource)));
  const built = useMemo(
    () => buildFormSchema(page, entity, env, { record: record ?? {}, readOnly: !canEdit, entities }),
    [page, entity, env, record, canEdit, entities],
  );

  const toArco = (list: TreeNode[]): ArcoNode[] =>
    list.map((n) => ({
      key: n.key,
      title: <span data-testid={`tree-node-${n.key}`}>{n.title}</span>,
      children: toArco(n.children),
      isLeaf: config.load === 'lazy' ? data.loaded.has(n.key) && n.children.length === 0 : n.children.length === 0,
    }));
  // Every node the selected one may move under (not itself, not its descendants), labelled by its path.
  const moveOptions = (list: TreeNode[], banned: Set<string>, path: string[] = []): MoveOption[] =>
    list
      .filter((n) => !banned.has(n.key))
      .flatMap((n) => [{ value: n.key, label: [...path, n.title].join(' / ') }, ...moveOptions(n.children, banned, [...path, n.title])]);
  const name = page.name.split('/').pop() ?? page.name;
  const heading = isNew
    ? env.t(record?.[config.parentKey] ? 'tree.newChild' : 'tree.newRoot', { parent: String(record?.[`${config.parentKey}Display`] ?? '') })
    : (selectedNode?.title ?? (record ? String(record[entity.key]) : ''));

  return (
    <div className="srm-page srm-tree-page" data-page={page.name} data-testid={`tree-page-${name}`}>
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', marginBottom: 12, gap: 12, flexWrap: 'wrap' }}>
        <h2 style={{ fontSize: 18, fontWeight: 600, margin: 0 }}>{resolveText(page.title, env)}</h2>
        <ActionBar actions={actionsShown} record={record ?? {}} selectionCount={selectedNode ? 1 : 0} onRun={run} />
      </div>
      <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
        <div
          data-testid={`tree-${name}`}
          data-count={data.rows.length}
          style={{
            width: 320,
            minWidth: 240,
            maxHeight: 'calc(100vh - 220px)',
            overflow: 'auto',
            border: '1px solid var(--color-border-2, #e5e6eb)',
            borderRadius: 4,
            padding: 8,
            flexShrink: 0,
          }}
        >
          <Spin loading={data.loading} style={{ display: 'block' }}>
            {data.truncated && <div style={{ color: '#f53f3f', fontSize: 12, marginBottom: 6 }}>{env.t('tree.truncated', { count: data.rows.length })}</div>}
            {data.nodes.length === 0 && !data.loading ? (
              <Empty description={env.t('tree.empty')} />
            ) : (
              <Tree
                blockNode
                treeData={toArco(data.nodes)}
                selectedKeys={selectedKey !== null ? [selectedKey] : []}
                expandedKeys={expanded}
                onExpand={(keys) => setExpanded(keys)}
                onSelect={(keys) => void select(keys[0] ?? null)}
                loadMore={config.load === 'lazy' ? (node) => data.loadChildren(String(node.props._key ?? node.key)) : undefined}
              />
            )}
          </Spin>
        </div>
        <div style={{ flex: 1, minWidth: 0 }} data-testid={`tree-form-${name}`} data-key={record?.[entity.key] === undefined ? '' : String(record[entity.key])}>
          {record ? (
            <>
              <div style={{ fontWeight: 600, marginBottom: 12 }} data-testid="tree-form-title">
                {heading}
              </div>
              <EntityForm
                ref={formRef}
                entityName={entity.name}
                schema={built.schema}
                uiSchema={built.uiSchema}
                formData={record}
                onChange={(d) => setRecord(d)}
              />
            </>
          ) : (
            <Empty description={env.t('tree.selectNode')} />
          )}
        </div>
      </div>
      <Modal
        title={env.t('tree.moveTitle', { name: selectedNode?.title ?? '' })}
        visible={moving !== null}
        onCancel={() => setMoving(null)}
        onOk={() => (moving ? moveTo(moving.target) : undefined)}
        okText={env.t('actions.ok')}
        cancelText={env.t('actions.cancel')}
        unmountOnExit
      >
        <div data-testid="tree-move-dialog">
          <Select
            className="srm-tree-move-target"
            style={{ width: '100%' }}
            value={moving?.target}
            onChange={(v: string) => setMoving({ target: v })}
            options={[{ value: TOP, label: env.t('tree.topLevel') }, ...moveOptions(data.nodes, selectedNode ? subtreeKeys(selectedNode) : new Set())]}
            showSearch
            filterOption={(input, option) =>
              String((option.props as { children?: unknown }).children ?? '')
                .toLowerCase()
                .includes(input.toLowerCase())
            }
          />
        </div>
      </Modal>
    </div>
  );
}
