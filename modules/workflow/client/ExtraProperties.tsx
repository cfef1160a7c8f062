// The modeler's properties for the elements beyond user tasks and gateways: a boundary timer's duration
// (ISO 8601, PT48H) and whom the step's tasks escalate to (srm:escalateTo; empty when it leaves along its
// own flow), and a service task's operation (one a module registered, listed by the server) with its
// parameters (srm:params, JSON). Publishing validates both like every other element.
import { useEffect, useState } from 'react';
import { Input, InputNumber, Select, Switch } from '@arco-design/web-react';
import { useRuntimeEnv } from '../../../runtime/env';

/* eslint-disable-next-line @typescript-eslint/no-explicit-any -- bpmn-js elements are untyped */
type Element = any;
type Lang = 'CN' | 'EN' | 'TH' | 'VN';
interface ServiceOp {
  name: string;
  label: Record<Lang, string>;
  params: Record<string, { type: 'string' | 'number' | 'boolean'; label: Record<Lang, string>; required?: boolean }>;
}

const TASKS = 'bpmServer/v1/bpmTaskRestful';

function Label({ children }: { children: string }) {
  return <div style={{ margin: '8px 0 4px', color: 'var(--color-text-2)' }}>{children}</div>;
}

interface Props {
  element: Element;
  moddle: Element;
  update: (p: Record<string, unknown>) => void;
  readOnly: boolean;
}

export function TimerProperties({ element, moddle, update, readOnly }: Props) {
  const t = useRuntimeEnv().t;
  const bo = element.businessObject;
  const def = (bo.eventDefinitions ?? []).find((d: Element) => d.$type === 'bpmn:TimerEventDefinition');
  const [duration, setDuration] = useState<string>(def?.timeDuration?.body ?? '');
  const [target, setTarget] = useState<string>(bo.get('srm:escalateTo') ?? '');
  if (!def) return <div style={{ marginTop: 8, color: 'var(--color-text-3)' }}>{t('bpm.modeler.unsupported')}</div>;
  return (
    <>
      <Label>{t('bpm.modeler.duration')}</Label>
      <Input
        size="small"
        data-testid="bpm-prop-duration"
        disabled={readOnly}
        value={duration}
        placeholder="PT48H"
        onChange={setDuration}
        onBlur={() => {
          if (duration === (def.timeDuration?.body ?? '')) return;
          def.timeDuration = duration ? moddle.create('bpmn:FormalExpression', { body: duration.trim() }) : undefined;
          // Written through modeling so that the XML is emitted (the definition object itself changed above).
          update({ eventDefinitions: bo.eventDefinitions });
        }}
      />
      <div style={{ color: 'var(--color-text-3)', fontSize: 12 }}>{t('bpm.modeler.durationHint')}</div>
      <Label>{t('bpm.modeler.escalateTo')}</Label>
      <Input
        size="small"
        data-testid="bpm-prop-escalateTo"
        disabled={readOnly}
        value={target}
        placeholder={t('bpm.modeler.escalateHint')}
        onChange={setTarget}
        onBlur={() => target !== (bo.get('srm:escalateTo') ?? '') && update({ 'srm:escalateTo': target.trim() || undefined })}
      />
    </>
  );
}

export function ServiceProperties({ element, update, readOnly }: Props) {
  const env = useRuntimeEnv();
  const t = env.t;
  const lang = env.language as Lang;
  const bo = element.businessObject;
  const [ops, setOps] = useState<ServiceOp[]>([]);
  const operation: string | undefined = bo.get('srm:operation') || undefined;
  const params = parse(bo.get('srm:params'));
  useEffect(() => {
    let alive = true;
    env.api<ServiceOp[]>(`${TASKS}/findServiceOperations`, {}).then(
      (e) => alive && setOps(e.data ?? []),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [env]);
  const op = ops.find((o) => o.name === operation);
  const setParam = (name: string, value: unknown) => {
    const next = { ...params, [name]: value };
    if (value === undefined || value === '') delete next[name];
    update({ 'srm:params': Object.keys(next).length ? JSON.stringify(next) : undefined });
  };
  return (
    <>
      <Label>{t('bpm.modeler.operation')}</Label>
      <Select
        size="small"
        data-testid="bpm-prop-operation"
        disabled={readOnly}
        value={operation}
        onChange={(v: string) => update({ 'srm:operation': v, 'srm:params': undefined })}
        options={ops.map((o) => ({ value: o.name, label: o.label[lang] ?? o.name }))}
      />
      {op &&
        Object.entries(op.params).map(([name, p]) => (
          <div key={name}>
            <Label>{`${p.label[lang] ?? name}${p.required ? ' *' : ''}`}</Label>
            {p.type === 'number' ? (
              <InputNumber
                size="small"
                data-testid={`bpm-prop-param-${name}`}
                disabled={readOnly}
                value={typeof params[name] === 'number' ? (params[name] as number) : undefined}
                onChange={(v) => setParam(name, typeof v === 'number' ? v : undefined)}
              />
            ) : p.type === 'boolean' ? (
              <Switch size="small" disabled={readOnly} checked={params[name] === true} onChange={(v: boolean) => setParam(name, v)} />
            ) : (
              <Input size="small" disabled={readOnly} value={String(params[name] ?? '')} onChange={(v) => setParam(name, v)} />
            )}
          </div>
        ))}
    </>
  );
}

function parse(text: unknown): Record<string, unknown> {
  try {
    const v = typeof text === 'string' && text ? (JSON.parse(text) as unknown) : {};
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
