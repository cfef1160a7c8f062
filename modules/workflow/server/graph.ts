// BPMN 2.0 XML → the process graph the engine walks, parsed with bpmn-moddle. Elements the engine does not
// run yet (timers and other events on start/end, sub-processes, inclusive gateways) are kept as
// `unsupported` so that validation names them.
import BpmnModdle, { type ModdleElement } from 'bpmn-moddle';
import { srmModdlePackage } from './srmExtension.js';

export type NodeKind = 'start' | 'end' | 'userTask' | 'exclusive' | 'parallel' | 'boundaryTimer' | 'serviceTask' | 'unsupported';
export type Countersign = 'all' | 'any' | 'ratio';

export interface FlowNode {
  id: string;
  name: string;
  kind: NodeKind;
  /** The BPMN element type (bpmn:UserTask), for messages. */
  bpmnType: string;
  incoming: string[];
  outgoing: string[];
  /** Exclusive gateways: the flow taken when no condition holds. */
  defaultFlow?: string;
  /** User tasks: the assignee rule as written. */
  assigneeType?: string;
  assignee?: string;
  /** User tasks with multiInstanceLoopCharacteristics: how many of the parallel tasks must approve. */
  multi?: { countersign: string; ratio: number | undefined };
  /** Boundary timers: the user task they sit on, the ISO 8601 duration (PT48H) as written and in ms, and
   *  the user the step's open tasks go to when it fires without an outgoing flow (srm:escalateTo). */
  attachedTo?: string;
  duration?: string;
  durationMs?: number;
  escalateTo?: string;
  /** Service tasks: the registered operation (srm:operation) and its parameters as JSON text (srm:params). */
  operation?: string;
  paramsText?: string;
}

export interface SequenceFlow {
  id: string;
  source: string;
  target: string;
  /** The raw condition text (the pages' condition format as JSON), when the flow has one. */
  conditionText?: string;
}

export interface ProcessGraph {
  processId: string;
  nodes: Map<string, FlowNode>;
  flows: Map<string, SequenceFlow>;
}

export interface GraphProblem {
  elementId: string;
  /** A message key of the module's catalogue (server section). */
  key: string;
  params?: Record<string, string | number>;
}

/** Upper bound of a model's XML text: a process diagram, not a data file. */
export const MAX_BPMN_BYTES = 1_000_000;

const KINDS: Record<string, NodeKind> = {
  'bpmn:StartEvent': 'start',
  'bpmn:EndEvent': 'end',
  'bpmn:UserTask': 'userTask',
  'bpmn:ExclusiveGateway': 'exclusive',
  'bpmn:ParallelGateway': 'parallel',
  'bpmn:ServiceTask': 'serviceTask',
};

const idOf = (ref: unknown): string | undefined =>
  ref && typeof ref === 'object' && typeof (ref as ModdleElement).id === 'string' ? (ref as ModdleElement).id : undefined;
const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

export async function parseBpmn(xml: string): Promise<{ graph?: ProcessGraph; problems: GraphProblem[] }> {
  if (Buffer.byteLength(xml, 'utf8') > MAX_BPMN_BYTES) return { problems: [{ elementId: '-', key: 'bpm.model.tooLarge', params: { max: MAX_BPMN_BYTES } }] };
  let root: ModdleElement;
  try {
    const parsed = await new BpmnModdle({ srm: srmModdlePackage }).fromXML(xml);
    root = parsed.rootElement;
  } catch {
    return { problems: [{ elementId: '-', key: 'bpm.model.unparsable' }] };
  }
  const processes = ((root.rootElements as ModdleElement[] | undefined) ?? []).filter((e) => e.$type === 'bpmn:Process');
  if (processes.length !== 1) return { problems: [{ elementId: '-', key: 'bpm.model.processCount', params: { count: processes.length } }] };
  const process = processes[0];
  const nodes = new Map<string, FlowNode>();
  const flows = new Map<string, SequenceFlow>();
  const problems: GraphProblem[] = [];
  for (const e of (process.flowElements as ModdleElement[] | undefined) ?? []) {
    const id = e.id ?? '';
    if (e.$type === 'bpmn:SequenceFlow') {
      const source = idOf(e.sourceRef);
      const target = idOf(e.targetRef);
      if (!source || !target) {
        problems.push({ elementId: id, key: 'bpm.model.flowEnds' });
        continue;
      }
      const condition = e.conditionExpression as ModdleElement | undefined;
      flows.set(id, { id, source, target, conditionText: condition ? (text(condition.body) ?? '') : undefined });
      continue;
    }
    let kind = KINDS[e.$type] ?? 'unsupported';
    if (e.$type === 'bpmn:BoundaryEvent') {
      nodes.set(id, boundaryTimer(e, id));
      continue;
    }
    // Events with definitions (timer, message, signal…) are not run yet.
    if ((kind === 'start' || kind === 'end') && ((e.eventDefinitions as unknown[] | undefined) ?? []).length > 0) kind = 'unsupported';
    const node: FlowNode = { id, name: text(e.name) ?? id, kind, bpmnType: e.$type, incoming: [], outgoing: [] };
    if (kind === 'exclusive') node.defaultFlow = idOf(e.default);
    if (kind === 'serviceTask') {
      node.operation = text(e.operation);
      node.paramsText = text(e.params);
      if (e.loopCharacteristics) node.kind = 'unsupported';
    }
    if (kind === 'userTask') {
      node.assigneeType = text(e.assigneeType);
      node.assignee = text(e.assignee);
      const loop = e.loopCharacteristics as ModdleElement | undefined;
      if (loop) {
        if (loop.$type !== 'bpmn:MultiInstanceLoopCharacteristics' || loop.isSequential === true) node.kind = 'unsupported';
        else node.multi = { countersign: text(e.countersign) ?? 'all', ratio: typeof e.ratio === 'number' ? e.ratio : undefined };
      }
    }
    nodes.set(id, node);
  }
  for (const f of flows.values()) {
    const from = nodes.get(f.source);
    const to = nodes.get(f.target);
    if (!from || !to) problems.push({ elementId: f.id, key: 'bpm.model.flowEnds' });
    from?.outgoing.push(f.id);
    to?.incoming.push(f.id);
  }
  return { graph: { processId: process.id ?? '', nodes, flows }, problems };
}

/** A boundary event: a timer with a duration on a user task (escalation); any other kind is unsupported. */
function boundaryTimer(e: ModdleElement, id: string): FlowNode {
  const defs = (e.eventDefinitions as ModdleElement[] | undefined) ?? [];
  const node: FlowNode = { id, name: text(e.name) ?? id, kind: 'unsupported', bpmnType: e.$type, incoming: [], outgoing: [] };
  if (defs.length !== 1 || defs[0].$type !== 'bpmn:TimerEventDefinition') return node;
  const duration = text((defs[0].timeDuration as ModdleElement | undefined)?.body);
  return { ...node, kind: 'boundaryTimer', attachedTo: idOf(e.attachedToRef), duration, durationMs: durationMs(duration), escalateTo: text(e.escalateTo) };
}

/** An ISO 8601 duration of days, hours, minutes, seconds (P2D, PT48H, PT1H30M) in ms; undefined otherwise. */
export function durationMs(value: string | undefined): number | undefined {
  const m = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/.exec(value ?? '');
  if (!m || value === 'P' || value === 'PT') return undefined;
  const [d, h, min, sec] = m.slice(1).map((x) => Number(x ?? 0));
  const ms = (((d * 24 + h) * 60 + min) * 60 + sec) * 1000;
  return ms > 0 ? ms : undefined;
}
