// A program's parameters drawn from its schema (ScheduledProgram.paramsSchema): a number input, a text
// input, a switch or a select per property, labelled in the user's language. The server checks them again.
import { Form, Input, InputNumber, Select, Switch } from '@arco-design/web-react';
import type { RuntimeEnv } from '../../../runtime/env';
import type { ParamSpec, ParamsSchema } from './scheduleApi';

interface Props {
  schema: ParamsSchema | null;
  value: Record<string, unknown>;
  onChange(value: Record<string, unknown>): void;
  env: RuntimeEnv;
}

function label(name: string, spec: ParamSpec, lang: string): string {
  return spec.title?.[lang] ?? spec.title?.EN ?? name;
}

export function ParamsForm({ schema, value, onChange, env }: Props) {
  const entries = Object.entries(schema?.properties ?? {});
  if (!entries.length) return <div data-testid="params-none">{env.t('scheduler.noParams')}</div>;
  const set = (name: string, v: unknown) => onChange({ ...value, [name]: v });
  return (
    <>
      {entries.map(([name, spec]) => (
        <Form.Item key={name} label={label(name, spec, env.language)} required={schema?.required?.includes(name)}>
          {spec.enum ? (
            <Select
              data-testid={`param-${name}`}
              value={value[name] as string | undefined}
              onChange={(v) => set(name, v)}
              options={spec.enum.map((o) => ({ label: String(o), value: o }))}
            />
          ) : spec.type === 'boolean' ? (
            <Switch data-testid={`param-${name}`} checked={value[name] === true} onChange={(v) => set(name, v)} />
          ) : spec.type === 'integer' || spec.type === 'number' ? (
            <InputNumber
              data-testid={`param-${name}`}
              value={value[name] as number | undefined}
              min={spec.minimum}
              max={spec.maximum}
              precision={spec.type === 'integer' ? 0 : undefined}
              onChange={(v) => set(name, v)}
            />
          ) : (
            <Input data-testid={`param-${name}`} value={(value[name] as string | undefined) ?? ''} maxLength={spec.maxLength} onChange={(v) => set(name, v)} />
          )}
        </Form.Item>
      ))}
    </>
  );
}

/** The schema's defaults, as the form starts. */
export function defaultsOf(schema: ParamsSchema | null): Record<string, unknown> {
  return Object.fromEntries(Object.entries(schema?.properties ?? {}).flatMap(([k, p]) => (p.default === undefined ? [] : [[k, p.default]])));
}
