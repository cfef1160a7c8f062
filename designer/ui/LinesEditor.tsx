// Child grids (lines) of an edit page: each line grid's title, columns, options and toolbar, over the
// line entity the header entity declares.
import { Collapse, Form } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { PageDefinition } from '../../runtime/definitions';
import { ActionsEditor } from './ActionsEditor';
import { ColumnsEditor } from './ColumnsEditor';
import { PartErrors, useEditor, useValue } from './EditorContext';
import { GridOptions } from './GridOptions';
import { TextInputs } from './inputs';

type Line = NonNullable<PageDefinition['lines']>[number];

export function LinesEditor() {
  const { t } = useTranslation();
  const { entity, entities } = useEditor();
  const lines = useValue<Line[]>(['lines']) ?? [];
  if (lines.length === 0) return <div className="designer-muted">{t('designer.lines.none')}</div>;
  return (
    <Collapse defaultActiveKey={lines.map((l) => l.name)} data-testid="lines-editor">
      {lines.map((line, i) => {
        const lineEntityName = entity?.lines?.find((l) => l.name === line.name)?.entity;
        const lineEntity = lineEntityName ? entities[lineEntityName] : undefined;
        return (
          <Collapse.Item key={line.name} name={line.name} header={`${line.name}${lineEntityName ? ` (${lineEntityName})` : ''}`}>
            <PartErrors path={['lines', i]} exact />
            <Form layout="vertical" size="small">
              <Form.Item label={t('designer.lines.title')}>
                <TextInputs path={['lines', i, 'title']} testId={`line-${i}-title`} />
              </Form.Item>
            </Form>
            <ColumnsEditor gridPath={['lines', i, 'grid']} entity={lineEntity} testId={`line-${i}-columns`} />
            <h4 className="designer-section">{t('designer.tabs.grid')}</h4>
            <GridOptions gridPath={['lines', i, 'grid']} entity={lineEntity} testId={`line-${i}-grid`} />
            <h4 className="designer-section">{t('designer.actions.toolbar')}</h4>
            <ActionsEditor path={['lines', i, 'grid', 'toolbar']} entity={lineEntity} testId={`line-${i}-toolbar`} />
          </Collapse.Item>
        );
      })}
    </Collapse>
  );
}
