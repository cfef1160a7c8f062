// The process model editor (widget "bpmnModeler" of the model page's bpmnXml field): bpmn-js's Modeler on
// the left, a properties panel for what this engine runs on the right — user tasks' assignee rule
// (srm:assigneeType / srm:assignee) and countersign (multi-instance all / any / ratio), exclusive gateways'
// default branch and each branch's condition, boundary timers and service tasks (ExtraProperties.tsx), built with the designer's condition builder (condition
// data, never script). Every edit writes the XML back to the form; a refused publish marks each element
// with its reason. This file and bpmn-js are one lazily loaded chunk.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox, Input, InputNumber, Select, Space } from '@arco-design/web-react';
import type { WidgetProps } from '@rjsf/utils';
import Modeler from 'bpmn-js/lib/Modeler';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn-embedded.css';
import { ConditionBuilder } from '../../../designer/ui/ConditionBuilder';
import type { Condition } from '../../../runtime/definitions';
import { useRuntimeEnv } from '../../../runtime/env';
import { onProblems, problemsOf, type Problem } from './problems';
import { srmModdle } from './srmModdle';
import { ServiceProperties, TimerProperties } from './ExtraProperties';
import { lendDesignerWords } from './designerWords';
import './bpmn.css';

const ASSIGNEE_TYPES = ['user', 'role', 'processRole', 'position', 'initiator', 'deptHead', 'groupLeader', 'resolver'] as const;
/** Rules that take no value: the step's people follow from the document's initiator. */
const NO_VALUE = new Set(['initiator', 'deptHead']);
/** What a purchase-group leader step reads when the modeler first offers it (the documents' usual field). */
const GROUP_FIELD = 'purchaseGroupId';
const COUNTERSIGN = ['none', 'all', 'any', 'ratio'] as const;
const TASKS = 'bpmServer/v1/bpmTaskRestful';
const CONFIGURABLE = [
  'bpmn:UserTask',
  'bpmn:ServiceTask',
  'bpmn:BoundaryEvent',
  'bpmn:SequenceFlow',
  'bpmn:ExclusiveGateway',
  'bpmn:ParallelGateway',
  'bpmn:StartEvent',
  'bpmn:EndEvent',
  'bpmn:Process',
];

export const EMPTY_XML = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI"
  xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:srm="http://srm.example.com/schema/bpmn" id="defs" targetNamespace="http://srm.example.com/bpmn">
  <bpmn:process id="Process_1" isExecutable="true">
    <bpmn:startEvent id="start" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="diagram">
    <bpmndi:BPMNPlane id="plane" bpmnElement="Process_1">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="152" y="102" width="36" height="36" /></bpmndi:BPMNShape>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`;

/* eslint-disable @typescript-eslint/no-explicit-any -- bpmn-js's services are untyped diagram-js objects */
type Element = any;
type ModelerLike = any;
/* eslint-enable @typescript-eslint/no-explicit-any */

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export default function BpmnModelerField({ value, onChange, readonly, disabled, formContext, registry }: WidgetProps) {
  const env = useRuntimeEnv();
  const { i18n } = useTranslation();
  lendDesignerWords(i18n);
  const host = useRef<HTMLDivElement>(null);
  const modeler = useRef<ModelerLike>(null);
  const emitted = useRef<string | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const [ready, setReady] = useState(false);
  const [selected, setSelected] = useState<Element | null>(null);
  const [, setTick] = useState(0);
  const record = ((formContext ?? registry?.formContext) as { record?: Record<string, unknown> } | undefined)?.record ?? {};
  const modelId = record.modelId === undefined || record.modelId === null ? '' : String(record.modelId);
  const modelKey = typeof record.modelKey === 'string' ? record.modelKey : '';
  const [problems, setProblemList] = useState<readonly Problem[]>(() => problemsOf(modelId));
  const [fields, setFields] = useState<string[]>([]);

  useEffect(() => onProblems(() => setProblemList(problemsOf(modelId))), [modelId]);
  useEffect(() => setProblemList(problemsOf(modelId)), [modelId]);
  useEffect(() => {
    let alive = true;
    env.api<string[]>(`${TASKS}/findConditionFields`, { modelKey: modelKey || null }).then(
      (e) => alive && setFields(e.data ?? []),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [env, modelKey]);

  // The modeler, once.
  useEffect(() => {
    const m: ModelerLike = new Modeler({ container: host.current!, moddleExtensions: { srm: srmModdle } });
    modeler.current = m;
    m.on('commandStack.changed', async () => {
      const { xml } = await m.saveXML({ format: true });
      emitted.current = xml;
      onChangeRef.current(xml);
    });
    // A label edits what it labels (a flow's condition, a task's rule).
    m.on('selection.changed', (e: { newSelection: Element[] }) => {
      const first = e.newSelection[0] ?? null;
      setSelected(first?.labelTarget ?? first);
    });
    m.on('elements.changed', () => setTick((n) => n + 1));
    setReady(true);
    return () => {
      m.destroy();
      modeler.current = null;
    };
  }, []);

  // The XML: imported when it is not what the modeler itself wrote (first load, another record).
  const text = typeof value === 'string' && value.trim() ? value : '';
  useEffect(() => {
    const m = modeler.current;
    if (!ready || !m || (text !== '' && text === emitted.current)) return;
    let alive = true;
    void (async () => {
      try {
        await m.importXML(text || EMPTY_XML);
        if (!alive) return;
        m.get('canvas').zoom('fit-viewport', 'auto');
        setSelected(null);
        if (!text) {
          const { xml } = await m.saveXML({ format: true });
          emitted.current = xml;
          onChangeRef.current(xml);
        } else emitted.current = text;
      } catch (e) {
        env.notify('error', env.t('bpm.diagramFailed', { message: e instanceof Error ? e.message : String(e) }));
      }
    })();
    return () => {
      alive = false;
    };
  }, [ready, text, env]);

  // The refused publish's problems on the elements they name.
  useEffect(() => {
    const m = modeler.current;
    if (!ready || !m) return;
    const overlays = m.get('overlays');
    const canvas = m.get('canvas');
    const elements = m.get('elementRegistry');
    overlays.remove({ type: 'srm-problem' });
    for (const el of elements.getAll()) canvas.removeMarker(el.id, 'srm-bpm-problem');
    for (const p of problems) {
      const el = elements.get(p.elementId);
      if (!el || el.type === 'bpmn:Process') continue;
      canvas.addMarker(p.elementId, 'srm-bpm-problem');
      overlays.add(p.elementId, 'srm-problem', {
        position: el.waypoints ? { top: 0, left: 0 } : { bottom: 8, left: 0 },
        html: `<div class="srm-bpmn-problem-badge" data-problem="${escapeHtml(p.elementId)}">${escapeHtml(p.reason)}</div>`,
      });
    }
  }, [ready, problems, text]);

  const select = (id: string) => {
    const m = modeler.current;
    const el = m?.get('elementRegistry').get(id);
    if (el) m.get('selection').select(el);
  };

  return (
    <div className="srm-bpmn-field" data-testid="bpm-modeler">
      {problems.length > 0 && (
        <div className="srm-bpmn-problems" data-testid="bpm-modeler-problems" style={{ marginBottom: 8, color: 'rgb(var(--danger-6))' }}>
          <div>{env.t('bpm.modeler.problems')}</div>
          <ul style={{ margin: '4px 0 0', paddingLeft: 18 }}>
            {problems.map((p, i) => (
              <li key={i}>
                <a href="#" onClick={(e) => (e.preventDefault(), select(p.elementId))}>
                  {p.elementId}
                </a>
                : {p.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="srm-bpmn-modeler">
        <div className="srm-bpmn-modeler-canvas" ref={host} data-testid="bpm-modeler-canvas" />
        <div className="srm-bpmn-modeler-props" data-testid="bpm-modeler-props">
          <div style={{ fontWeight: 600, marginBottom: 8 }}>{env.t('bpm.modeler.properties')}</div>
          {selected && modeler.current ? (
            <Properties key={selected.id} element={selected} modeler={modeler.current} fields={fields} readOnly={Boolean(readonly || disabled)} />
          ) : (
            <div style={{ color: 'var(--color-text-3)' }}>{env.t('bpm.modeler.noSelection')}</div>
          )}
        </div>
      </div>
    </div>
  );
}

function Label({ children }: { children: string }) {
  return <div style={{ margin: '8px 0 4px', color: 'var(--color-text-2)' }}>{children}</div>;
}

function Hint({ children }: { children: string }) {
  return (
    <div data-testid="bpm-prop-assigneeHint" style={{ marginTop: 4, color: 'var(--color-text-3)', fontSize: 12 }}>
      {children}
    </div>
  );
}

function Properties({ element, modeler, fields, readOnly }: { element: Element; modeler: ModelerLike; fields: string[]; readOnly: boolean }) {
  const env = useRuntimeEnv();
  const t = env.t;
  const modeling = modeler.get('modeling');
  const moddle = modeler.get('moddle');
  const bo = element.businessObject;
  const update = (props: Record<string, unknown>) => modeling.updateProperties(element, props);
  const [name, setName] = useState<string>(bo.name ?? '');
  const [assignee, setAssignee] = useState<string>(bo.get('srm:assignee') ?? '');
  const type: string = element.type;
  const source = type === 'bpmn:SequenceFlow' ? element.source : null;
  const fromExclusive = source?.type === 'bpmn:ExclusiveGateway';
  const isDefault = fromExclusive && source.businessObject.default === bo;
  const condition = useMemo<Condition | undefined>(() => {
    const body = bo.conditionExpression?.body;
    if (!body) return undefined;
    try {
      return JSON.parse(body) as Condition;
    } catch {
      return undefined;
    }
  }, [bo.conditionExpression?.body]);
  const countersign: string = bo.loopCharacteristics ? (bo.get('srm:countersign') ?? 'all') : 'none';

  return (
    <Space direction="vertical" size={2} style={{ width: '100%' }} data-element={element.id} data-type={type}>
      <Label>{t('bpm.modeler.id')}</Label>
      <Input size="small" value={element.id} disabled />
      <Label>{t('bpm.modeler.name')}</Label>
      <Input
        size="small"
        data-testid="bpm-prop-name"
        value={name}
        disabled={readOnly}
        onChange={setName}
        onBlur={() => name !== (bo.name ?? '') && update({ name })}
      />
      {type === 'bpmn:UserTask' && (
        <>
          <Label>{t('bpm.modeler.assigneeType')}</Label>
          <Select
            size="small"
            data-testid="bpm-prop-assigneeType"
            disabled={readOnly}
            value={bo.get('srm:assigneeType') || undefined}
            onChange={(v: string) => {
              // A rule without a value drops the old one; the group leader's value is a field, not names: it
              // starts from the usual field, and leaving it drops the field.
              const was = bo.get('srm:assigneeType');
              const value = v === was ? assignee : v === 'groupLeader' ? GROUP_FIELD : NO_VALUE.has(v) || was === 'groupLeader' ? '' : assignee;
              setAssignee(value);
              update({ 'srm:assigneeType': v, 'srm:assignee': value || undefined });
            }}
            options={ASSIGNEE_TYPES.map((a) => ({ value: a, label: t(`bpm.modeler.type.${a}`) }))}
          />
          {bo.get('srm:assigneeType') === 'deptHead' && <Hint>{t('bpm.modeler.deptHeadHint')}</Hint>}
          {!NO_VALUE.has(bo.get('srm:assigneeType')) && (
            <>
              <Label>{t('bpm.modeler.assignee')}</Label>
              <Input
                size="small"
                data-testid="bpm-prop-assignee"
                disabled={readOnly}
                value={assignee}
                placeholder={t(bo.get('srm:assigneeType') === 'groupLeader' ? 'bpm.modeler.groupFieldHint' : 'bpm.modeler.assigneeHint')}
                onChange={setAssignee}
                onBlur={() => assignee !== (bo.get('srm:assignee') ?? '') && update({ 'srm:assignee': assignee || undefined })}
              />
            </>
          )}
          <Label>{t('bpm.modeler.multiLabel')}</Label>
          <Select
            size="small"
            data-testid="bpm-prop-countersign"
            disabled={readOnly}
            value={countersign}
            onChange={(v: string) =>
              v === 'none'
                ? update({ loopCharacteristics: undefined, 'srm:countersign': undefined, 'srm:ratio': undefined })
                : update({
                    loopCharacteristics: bo.loopCharacteristics ?? moddle.create('bpmn:MultiInstanceLoopCharacteristics'),
                    'srm:countersign': v,
                    'srm:ratio': v === 'ratio' ? (bo.get('srm:ratio') ?? 0.5) : undefined,
                  })
            }
            options={COUNTERSIGN.map((c) => ({ value: c, label: t(`bpm.modeler.multi.${c}`) }))}
          />
          {countersign === 'ratio' && (
            <>
              <Label>{t('bpm.modeler.ratio')}</Label>
              <InputNumber
                size="small"
                min={0.01}
                max={1}
                step={0.1}
                disabled={readOnly}
                value={bo.get('srm:ratio') ?? 0.5}
                onChange={(v) => update({ 'srm:ratio': typeof v === 'number' ? v : undefined })}
              />
            </>
          )}
        </>
      )}
      {fromExclusive && (
        <>
          <Label>{t('bpm.modeler.default')}</Label>
          <Checkbox
            data-testid="bpm-prop-default"
            disabled={readOnly}
            checked={isDefault}
            onChange={(checked: boolean) => {
              if (checked) update({ conditionExpression: undefined });
              modeling.updateProperties(source, { default: checked ? bo : undefined });
            }}
          >
            {t('bpm.modeler.makeDefault')}
          </Checkbox>
          {!isDefault && (
            <>
              <Label>{t('bpm.modeler.condition')}</Label>
              <ConditionBuilder
                value={condition}
                fields={fields}
                testId="bpm-prop-condition"
                onChange={(next) =>
                  update({ conditionExpression: next === undefined ? undefined : moddle.create('bpmn:FormalExpression', { body: JSON.stringify(next) }) })
                }
              />
            </>
          )}
        </>
      )}
      {type === 'bpmn:BoundaryEvent' && <TimerProperties element={element} moddle={moddle} update={update} readOnly={readOnly} />}
      {type === 'bpmn:ServiceTask' && <ServiceProperties element={element} moddle={moddle} update={update} readOnly={readOnly} />}
      {!CONFIGURABLE.includes(type) && <div style={{ marginTop: 8, color: 'var(--color-text-3)' }}>{t('bpm.modeler.unsupported')}</div>}
    </Space>
  );
}
