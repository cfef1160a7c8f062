// An Arco Tree over permit nodes (menus with their buttons) applying the SPEC §4 checking rules itself
// (checkStrictly: Arco's own cascade would uncheck a parent whose buttons are cleared).
import { useMemo, useState } from 'react';
import { Button, Tag, Tree } from '@arco-design/web-react';
import type { TreeProps } from '@arco-design/web-react/es/Tree/interface';
import { useRuntimeEnv } from '../env.js';
import { checkNode, checkedKeys, expandedKeys, flatten, type TreeNode } from './checking.js';

/** Tree nodes as the server's permit trees send them (SPEC §3 tree node plus what they name). */
export interface PermitNode extends TreeNode {
  nodeType?: 'MENU' | 'RESOURCE';
  code?: string;
  menuType?: string | null;
  children: PermitNode[];
}

export interface PermitTreeProps {
  /** Test ids: `tree-{name}`, nodes `tree-{name}-{menuCode}[-{resourceCode}]`. */
  name: string;
  nodes: PermitNode[];
  onChange(nodes: PermitNode[]): void;
  readOnly?: boolean;
}

interface ArcoNode {
  key: string;
  title: string;
  children: ArcoNode[];
  testId: string;
  resource: boolean;
  edited: boolean;
  disableCheckbox: boolean;
}

function toArco(nodes: PermitNode[], name: string, parentCode: string, readOnly: boolean): ArcoNode[] {
  return nodes.map((n) => {
    const code = n.code ?? n.key;
    const testCode = n.nodeType === 'RESOURCE' ? `${parentCode}-${code}` : code;
    return {
      key: n.key,
      title: n.title,
      testId: `tree-${name}-${testCode}`,
      resource: n.nodeType === 'RESOURCE',
      edited: n.isEdit === true,
      disableCheckbox: readOnly,
      children: toArco(n.children, name, code, readOnly),
    };
  });
}

export function PermitTree({ name, nodes, onChange, readOnly }: PermitTreeProps) {
  const env = useRuntimeEnv();
  const data = useMemo(() => toArco(nodes, name, '', readOnly === true), [nodes, name, readOnly]);
  const [expanded, setExpanded] = useState<string[]>(() => expandedKeys(nodes));
  const checked = useMemo(() => checkedKeys(nodes), [nodes]);
  const count = useMemo(() => ({ all: flatten(nodes).length, checked: checked.length }), [nodes, checked]);
  return (
    <div data-testid={`tree-${name}`} data-checked={checked.join(',')}>
      <div style={{ display: 'flex', gap: 8, alignItems: 'center', marginBottom: 8 }}>
        <Button size="small" data-testid={`tree-${name}-expand-all`} onClick={() => setExpanded(expandedKeys(nodes, true))}>
          {env.t('permitTree.expandAll')}
        </Button>
        <Button size="small" data-testid={`tree-${name}-collapse-all`} onClick={() => setExpanded([])}>
          {env.t('permitTree.collapseAll')}
        </Button>
        <span style={{ color: '#86909c', fontSize: 13 }}>{env.t('permitTree.checkedCount', { checked: count.checked, all: count.all })}</span>
      </div>
      <Tree
        checkable
        checkStrictly
        animation={false}
        blockNode
        treeData={data as unknown as TreeProps['treeData']}
        checkedKeys={checked}
        expandedKeys={expanded}
        onExpand={(keys) => setExpanded(keys)}
        onCheck={(_keys, extra) => {
          const key = extra.node.props._key;
          if (!readOnly && key !== undefined) onChange(checkNode(nodes, key, extra.checked));
        }}
        renderTitle={(props) => {
          const n = props.dataRef as unknown as ArcoNode;
          return (
            <span data-testid={n.testId} data-checked={checked.includes(n.key) ? 'Y' : 'N'} data-edited={n.edited ? 'Y' : 'N'}>
              {n.title}
              {n.resource && (
                <Tag size="small" color="arcoblue" style={{ marginLeft: 6 }}>
                  {env.t('permitTree.button')}
                </Tag>
              )}
              {n.edited && <span style={{ color: '#ff7d00', marginLeft: 4 }}>*</span>}
            </span>
          );
        }}
      />
    </div>
  );
}
