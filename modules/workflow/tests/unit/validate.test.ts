// The BPMN parser and the publish validator without a server: what is accepted, and each refusal with the
// element it names.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { moduleDirs } from '../../../../meta/load.js';
import { parseBpmn } from '../../server/graph.js';
import { validateGraph } from '../../server/validate.js';
import { bpmn, flow, userTask } from '../api/helpers.js';

async function problems(xml: string, resolvers: string[] = []) {
  const { graph, problems: parse } = await parseBpmn(xml);
  return [...parse, ...(graph ? validateGraph(graph, new Set(resolvers)) : [])].map((p) => `${p.elementId} ${p.key}`);
}

// The models modules ship (modules/{area}/processes/{KEY}.bpmn): each must publish as it is.
const shipped = moduleDirs(join(import.meta.dirname, '../../../..')).flatMap((m) => {
  const dir = join(m.dir, 'processes');
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.bpmn'))
        .map((f) => ({ key: f.slice(0, -5), xml: readFileSync(join(dir, f), 'utf8') }))
    : [];
});
const PR_APPROVAL_XML = shipped.find((s) => s.key === 'PR_APPROVAL')?.xml ?? '';

const wrap = (body: string) => bpmn('P', `<bpmn:startEvent id="s"/>${body}<bpmn:endEvent id="e"/>`);

describe('BPMN parsing and validation', () => {
  it.each(shipped.map((s) => [s.key, s.xml] as const))('the shipped model %s parses, validates and is named by its file', async (key, xml) => {
    const { graph, problems: p } = await parseBpmn(xml);
    expect(p).toEqual([]);
    expect(validateGraph(graph!, new Set())).toEqual([]);
    expect(graph!.processId).toBe(key);
  });

  it('finds the shipped models', () => {
    expect(shipped.map((s) => s.key)).toEqual(expect.arrayContaining(['PR_APPROVAL', 'PO_APPROVAL', 'SUPPLIER_REGISTER_APPROVAL']));
  });

  it('reads PR_APPROVAL: nodes, assignees, the condition and the default flow', async () => {
    const { graph, problems: p } = await parseBpmn(PR_APPROVAL_XML);
    expect(p).toEqual([]);
    expect(validateGraph(graph!, new Set())).toEqual([]);
    expect(graph!.processId).toBe('PR_APPROVAL');
    expect(graph!.nodes.get('approve02')).toMatchObject({
      kind: 'userTask',
      assigneeType: 'user',
      assignee: 'approver02',
      incoming: ['large'],
      outgoing: ['toEnd'],
    });
    expect(graph!.nodes.get('amount')).toMatchObject({ kind: 'exclusive', defaultFlow: 'small', outgoing: ['large', 'small'] });
    expect(JSON.parse(graph!.flows.get('large')!.conditionText!)).toEqual({ field: 'totalAmountCny', operator: 'gt', value: 100000 });
  });

  it('reads multi-instance tasks with their countersign mode', async () => {
    const xml = wrap(
      `${flow('f1', 's', 't')}${userTask('t', 'T', 'role', 'PR_APPROVER', 'srm:countersign="ratio" srm:ratio="0.5"', '<bpmn:multiInstanceLoopCharacteristics/>')}${flow('f2', 't', 'e')}`,
    );
    const { graph } = await parseBpmn(xml);
    expect(graph!.nodes.get('t')!.multi).toEqual({ countersign: 'ratio', ratio: 0.5 });
    expect(await problems(xml)).toEqual([]);
  });

  it('refuses what is not one BPMN process', async () => {
    expect(await problems('not xml')).toEqual(['- bpm.model.unparsable']);
    expect(await problems('<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d"/>')).toEqual(['- bpm.model.processCount']);
    expect(await problems('x'.repeat(1_000_001))).toEqual(['- bpm.model.tooLarge']);
  });

  it('names unreachable nodes, dead ends, a gateway without default and misplaced or malformed conditions', async () => {
    const xml = wrap(
      `${flow('f1', 's', 'g')}<bpmn:exclusiveGateway id="g"/>
       ${flow('a', 'g', 't1', { field: 'x', operator: 'gt', value: 1 })}${flow('b', 'g', 't2', { field: 'x', operator: 'matches', value: 1 })}
       ${userTask('t1', 'T1', 'user', 'u')}${userTask('t2', 'T2', 'user', 'u')}${flow('c', 't1', 'e', { field: 'x', operator: 'eq' })}${flow('d', 't2', 'e')}
       <bpmn:parallelGateway id="island"/>${userTask('t3', 'T3', 'user', 'u')}${flow('i1', 'island', 't3')}${flow('i2', 't3', 'island')}
       ${userTask('t4', 'T4', 'user', 'u')}${flow('z', 's', 't4')}`,
    );
    expect((await problems(xml)).sort()).toEqual(
      [
        'g bpm.model.noDefault',
        'b bpm.model.badCondition',
        'c bpm.model.conditionPlace',
        'island bpm.model.unreachable',
        't3 bpm.model.unreachable',
        's bpm.model.oneOutgoing',
        't4 bpm.model.noOutgoing',
      ].sort(),
    );
  });

  it('checks assignee rules and countersign settings', async () => {
    const task = (id: string, type: string, value: string, extra = '', body = '') => `${userTask(id, id, type, value, extra, body)}`;
    const mi = '<bpmn:multiInstanceLoopCharacteristics/>';
    const xml = wrap(
      `${flow('f0', 's', 'p')}<bpmn:parallelGateway id="p"/>${flow('f1', 'p', 'a')}${flow('f2', 'p', 'b')}${flow('f3', 'p', 'c')}${flow('f4', 'p', 'd')}${flow('f5', 'p', 'r')}${flow('f6', 'p', 'm')}${flow('f7', 'p', 'n')}
       ${task('a', 'manager', 'x')}${task('b', 'deptHead', '')}${task('c', 'user', '')}${task('d', 'resolver', 'nobody')}${task('r', 'resolver', 'known')}
       ${task('m', 'user', 'u', 'srm:countersign="most"', mi)}${task('n', 'user', 'u', 'srm:countersign="ratio" srm:ratio="1.5"', mi)}
       ${['a', 'b', 'c', 'd', 'r', 'm', 'n'].map((x) => flow(`${x}e`, x, 'j')).join('')}<bpmn:parallelGateway id="j"/>${flow('je', 'j', 'e')}`,
    );
    expect((await problems(xml, ['known'])).sort()).toEqual(
      [
        'a bpm.model.unknownAssignee',
        'b bpm.model.ruleUnavailable',
        'c bpm.model.assigneeValue',
        'd bpm.model.unknownResolver',
        'm bpm.model.countersign',
        'n bpm.model.ratio',
      ].sort(),
    );
  });

  it('takes the department head and the purchase-group leader when a module answers them; the leader needs the document field', async () => {
    const task = (id: string, type: string, value: string) => userTask(id, id, type, value);
    const ids = ['h', 'g', 'v'];
    const xml = wrap(
      `${flow('f0', 's', 'p')}<bpmn:parallelGateway id="p"/>${ids.map((x) => flow(`p${x}`, 'p', x)).join('')}
       ${task('h', 'deptHead', '')}${task('g', 'groupLeader', 'purchaseGroupId')}${task('v', 'groupLeader', '')}
       ${ids.map((x) => flow(`${x}e`, x, 'j')).join('')}<bpmn:parallelGateway id="j"/>${flow('je', 'j', 'e')}`,
    );
    expect(await problems(xml, ['deptHead', 'groupLeader'])).toEqual(['v bpm.model.assigneeValue']);
    // An installation without the modules that answer them refuses both rules, naming them.
    expect((await problems(xml, [])).sort()).toEqual(['g bpm.model.ruleUnavailable', 'h bpm.model.ruleUnavailable', 'v bpm.model.ruleUnavailable']);
  });

  it('refuses what the engine does not run (intermediate timers, sequential multi-instance) and a service task without its operation', async () => {
    const xml = wrap(
      `${flow('f1', 's', 'svc')}<bpmn:serviceTask id="svc"/>${flow('f2', 'svc', 'tm')}
       <bpmn:intermediateCatchEvent id="tm"><bpmn:timerEventDefinition/></bpmn:intermediateCatchEvent>${flow('f3', 'tm', 'seq')}
       ${userTask('seq', 'S', 'user', 'u', '', '<bpmn:multiInstanceLoopCharacteristics isSequential="true"/>')}${flow('f4', 'seq', 'e')}`,
    );
    expect((await problems(xml)).sort()).toEqual(['seq bpm.model.unsupported', 'svc bpm.model.noOperation', 'tm bpm.model.unsupported']);
  });
});
