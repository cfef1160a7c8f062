// Calls of the request screen (scheduleRequestRestful operations, scheduleProgramRestful list).
import type { RuntimeEnv } from '../../../runtime/env';

const REQUESTS = 'schedule/v1/scheduleRequestRestful';
const PROGRAMS = 'schedule/v1/scheduleProgramRestful';

export interface ParamSpec {
  type: 'string' | 'integer' | 'number' | 'boolean';
  title?: Partial<Record<string, string>>;
  default?: string | number | boolean;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  enum?: (string | number)[];
}

export interface ParamsSchema {
  type: 'object';
  properties: Record<string, ParamSpec>;
  required?: string[];
}

export interface Program {
  programId: number;
  programCode: string;
  programName: string;
  programNameEn: string | null;
  programNameTh: string | null;
  programNameVn: string | null;
  paramsSchema: string | null;
}

export interface ScheduleRequest {
  requestId: number;
  programCode: string;
  params: string | null;
  runAt: string | null;
  cron: string | null;
  requestStatus: string;
  nextRunAt: string | null;
  lastRunAt: string | null;
  runCount: number | null;
  lastError: string | null;
  versionNum: number;
}

export interface Run {
  runId: number;
  startTime: string;
  endTime: string | null;
  status: string;
  output: string | null;
  attempt: number;
  error: string | null;
  worker: string | null;
}

export interface LogEntry {
  logId: number;
  event: string;
  message: string | null;
  runId: number | null;
  time: string;
}

export const scheduleApi = (env: RuntimeEnv) => ({
  programs: async () => (await env.api<Program[]>(`${PROGRAMS}/listByPage`, { params: { enabledFlag: 'Y' }, pageRows: 200 })).data,
  request: async (id: number) => (await env.api<ScheduleRequest>(`${REQUESTS}/findById`, { id })).data,
  runs: async (id: number) => (await env.api<Run[]>(`${REQUESTS}/findLog`, { id })).data,
  events: async (id: number) => (await env.api<LogEntry[]>(`${REQUESTS}/findEvents`, { id })).data,
  submit: async (body: { programCode: string; params: Record<string, unknown>; runAt?: string; cron?: string }) =>
    (await env.api<ScheduleRequest>(`${REQUESTS}/doSubmit`, body)).data,
  act: async (action: 'doLaunch' | 'doPause' | 'doCancel', id: number) => (await env.api<ScheduleRequest>(`${REQUESTS}/${action}`, { id })).data,
});

export function programName(p: Program, lang: string): string {
  const n = lang === 'EN' ? p.programNameEn : lang === 'TH' ? p.programNameTh : lang === 'VN' ? p.programNameVn : p.programName;
  return n || p.programName;
}

export function parseSchema(text: string | null): ParamsSchema | null {
  if (!text) return null;
  try {
    const s = JSON.parse(text) as ParamsSchema;
    return s && typeof s === 'object' && s.properties ? s : null;
  } catch {
    return null;
  }
}

export function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
