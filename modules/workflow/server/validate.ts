// What publishing refuses, element by element: a model the engine could not run to its end as drawn.
// Pure (no database): the users and roles an assignee rule names are checked by publish.ts.
import { parseCondition } from './conditions.js';
import type { FlowNode, GraphProblem, ProcessGraph } from './graph.js';

/** Assignee rules a user task may name (srm:assigneeType). */
export const ASSIGNEE_TYPES = ['user', 'role', 'processRole', 'position', 'initiator', 'deptHead', 'groupLeader', 'resolver'] as const;
export type AssigneeType = (typeof ASSIGNEE_TYPES)[number];
/**
 * Rules of the issue whose data another module owns: answered by the assignee resolver of the same name that
 * module declares (ServerModule.assigneeResolvers: org's "deptHead", base's "groupLeader"), so the workflow
 * names no module for them. `value`: whether the task must say something to the resolver (groupLeader: the
 * document's field holding the purchase group). Without the resolver the rule is refused at publish.
 */
export const RESOLVED_RULES: Readonly<Record<string, { value: boolean }>> = { deptHead: { value: false }, groupLeader: { value: true } };

export function validateGraph(graph: ProcessGraph, resolverNames: ReadonlySet<string>): GraphProblem[] {
  const problems: GraphProblem[] = [];
  const add = (elementId: string, key: string, params?: Record<string, string | number>) => problems.push({ elementId, key, params });
  const nodes = [...graph.nodes.values()];
  const starts = nodes.filter((n) => n.kind === 'start');
  if (starts.length !== 1) add(graph.processId, 'bpm.model.startCount', { count: starts.length });
  if (!nodes.some((n) => n.kind === 'end')) add(graph.processId, 'bpm.model.noEnd');

  for (const n of nodes) {
    if (n.kind === 'boundaryTimer') {
      checkTimer(graph, n, add);
      continue;
    }
    if (n.kind === 'unsupported') add(n.id, 'bpm.model.unsupported', { type: n.bpmnType.replace(/^bpmn:/, '') });
    if (n.kind === 'start' && n.incoming.length) add(n.id, 'bpm.model.startIncoming');
    if (n.kind !== 'start' && n.incoming.length === 0) add(n.id, 'bpm.model.noIncoming');
    if (n.kind === 'end' && n.outgoing.length) add(n.id, 'bpm.model.endOutgoing');
    if (n.kind !== 'end' && n.outgoing.length === 0) add(n.id, 'bpm.model.noOutgoing');
    if ((n.kind === 'start' || n.kind === 'userTask' || n.kind === 'serviceTask') && n.outgoing.length > 1) add(n.id, 'bpm.model.oneOutgoing');
    if (n.kind === 'exclusive') {
      if (n.defaultFlow && !n.outgoing.includes(n.defaultFlow)) add(n.id, 'bpm.model.badDefault');
      if (n.outgoing.length > 1 && !n.defaultFlow) add(n.id, 'bpm.model.noDefault');
      for (const fid of n.outgoing) {
        const f = graph.flows.get(fid)!;
        if (fid !== n.defaultFlow && n.outgoing.length > 1 && f.conditionText === undefined) add(fid, 'bpm.model.noCondition');
      }
    }
    if (n.kind === 'userTask') checkUserTask(n, resolverNames, add);
    if (n.kind === 'serviceTask' && !n.operation) add(n.id, 'bpm.model.noOperation');
  }
  for (const f of graph.flows.values()) {
    if (f.conditionText === undefined) continue;
    const from = graph.nodes.get(f.source);
    if (from?.kind !== 'exclusive') add(f.id, 'bpm.model.conditionPlace');
    else if (f.id === from.defaultFlow) add(f.id, 'bpm.model.conditionOnDefault');
    else {
      const parsed = parseCondition(f.conditionText);
      if ('problem' in parsed) add(f.id, 'bpm.model.badCondition', { reason: parsed.problem });
    }
  }
  // Reachable from the start event.
  if (starts.length === 1) {
    const seen = new Set<string>([starts[0].id]);
    const queue = [starts[0].id];
    while (queue.length) {
      const current = queue.shift()!;
      // A boundary timer is reached with the task it sits on.
      for (const b of nodes) {
        if (b.kind !== 'boundaryTimer' || b.attachedTo !== current || seen.has(b.id)) continue;
        seen.add(b.id);
        queue.push(b.id);
      }
      for (const fid of graph.nodes.get(current)!.outgoing) {
        const target = graph.flows.get(fid)!.target;
        if (graph.nodes.has(target) && !seen.has(target)) {
          seen.add(target);
          queue.push(target);
        }
      }
    }
    for (const n of nodes) if (!seen.has(n.id) && n.incoming.length > 0) add(n.id, 'bpm.model.unreachable');
  }
  return problems;
}

function checkUserTask(
  n: { id: string; assigneeType?: string; assignee?: string; multi?: { countersign: string; ratio: number | undefined } },
  resolverNames: ReadonlySet<string>,
  add: (id: string, key: string, params?: Record<string, string | number>) => void,
): void {
  const type = n.assigneeType;
  if (!type) add(n.id, 'bpm.model.noAssignee');
  else if (!(ASSIGNEE_TYPES as readonly string[]).includes(type)) add(n.id, 'bpm.model.unknownAssignee', { type, known: ASSIGNEE_TYPES.join(', ') });
  else if (RESOLVED_RULES[type] && !resolverNames.has(type)) add(n.id, 'bpm.model.ruleUnavailable', { type });
  else if (type !== 'initiator' && RESOLVED_RULES[type]?.value !== false && !n.assignee) add(n.id, 'bpm.model.assigneeValue', { type });
  else if (type === 'resolver' && !resolverNames.has(n.assignee!)) add(n.id, 'bpm.model.unknownResolver', { name: n.assignee! });
  if (n.multi) {
    const { countersign, ratio } = n.multi;
    if (!['all', 'any', 'ratio'].includes(countersign)) add(n.id, 'bpm.model.countersign', { value: countersign });
    else if (countersign === 'ratio' && (ratio === undefined || !(ratio > 0 && ratio <= 1))) add(n.id, 'bpm.model.ratio');
  }
}

/** The names listed in an assignee rule's value ("approver01, approver02"). */
export function assigneeNames(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A boundary timer sits on a user task, has a duration, and either leaves along one flow or names whom the
 *  step's tasks go to (srm:escalateTo). */
function checkTimer(graph: ProcessGraph, n: FlowNode, add: (id: string, key: string, params?: Record<string, string | number>) => void): void {
  if (graph.nodes.get(n.attachedTo ?? '')?.kind !== 'userTask') add(n.id, 'bpm.model.timerPlace');
  if (n.durationMs === undefined) add(n.id, 'bpm.model.timerDuration', { value: n.duration ?? '' });
  if (n.incoming.length) add(n.id, 'bpm.model.timerIncoming');
  if (n.outgoing.length > 1) add(n.id, 'bpm.model.oneOutgoing');
  if (n.outgoing.length === 0 && !n.escalateTo) add(n.id, 'bpm.model.timerTarget');
}
