// Submitting a request: the program, its parameters from its schema, an optional time and cron.
import { useEffect, useMemo, useState } from 'react';
import { Button, Form, Input, Select, Space } from '@arco-design/web-react';
import type { RuntimeEnv } from '../../../runtime/env';
import { ParamsForm, defaultsOf } from './ParamsForm';
import { errorText, parseSchema, programName, scheduleApi, type Program, type ScheduleRequest } from './scheduleApi';

interface Props {
  env: RuntimeEnv;
  onSubmitted(r: ScheduleRequest): void;
  onBack(): void;
}

export function SubmitRequestForm({ env, onSubmitted, onBack }: Props) {
  const api = useMemo(() => scheduleApi(env), [env]);
  const [programs, setPrograms] = useState<Program[]>([]);
  const [code, setCode] = useState<string | undefined>();
  const [params, setParams] = useState<Record<string, unknown>>({});
  const [runAt, setRunAt] = useState('');
  const [cron, setCron] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    api.programs().then(setPrograms, (e: unknown) => env.notify('error', errorText(e)));
  }, [api, env]);
  const program = programs.find((p) => p.programCode === code);
  const schema = parseSchema(program?.paramsSchema ?? null);

  const choose = (c: string) => {
    setCode(c);
    setParams(defaultsOf(parseSchema(programs.find((p) => p.programCode === c)?.paramsSchema ?? null)));
  };
  const submit = async () => {
    if (!code) return env.notify('warning', env.t('scheduler.selectProgram'));
    setBusy(true);
    try {
      const r = await api.submit({
        programCode: code,
        params,
        ...(runAt.trim() ? { runAt: runAt.trim() } : {}),
        ...(cron.trim() ? { cron: cron.trim() } : {}),
      });
      env.notify('success', env.t('scheduler.submitted'));
      onSubmitted(r);
    } catch (e) {
      env.notify('error', errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form layout="vertical" style={{ maxWidth: 560 }}>
      <Form.Item label={env.t('scheduler.program')} required>
        <Select
          data-testid="program-select"
          showSearch
          placeholder={env.t('scheduler.selectProgram')}
          value={code}
          onChange={choose}
          options={programs.map((p) => ({ value: p.programCode, label: `${p.programCode} · ${programName(p, env.language)}` }))}
        />
      </Form.Item>
      {program && <ParamsForm schema={schema} value={params} onChange={setParams} env={env} />}
      <Form.Item label={env.t('scheduler.runAt')}>
        <Input data-testid="run-at" placeholder="2026-12-01 08:00:00" value={runAt} onChange={setRunAt} />
      </Form.Item>
      <Form.Item label={env.t('scheduler.cron')}>
        <Input data-testid="cron" placeholder="0 8 * * *" value={cron} onChange={setCron} />
      </Form.Item>
      <Space>
        {env.can('btnAdd') && (
          <Button type="primary" data-testid="submit-request" loading={busy} onClick={() => void submit()}>
            {env.t('actions.submit')}
          </Button>
        )}
        <Button onClick={onBack}>{env.t('actions.back')}</Button>
      </Space>
    </Form>
  );
}
