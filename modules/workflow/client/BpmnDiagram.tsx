// A process diagram drawn by bpmn-js (NavigatedViewer: pan and zoom, no editing), the steps with open tasks
// outlined and the completed ones marked. bpmn-js and its styles load with this component's first use
// (dynamic import): no other screen downloads them.
import { useEffect, useRef, useState } from 'react';
import { Spin } from '@arco-design/web-react';
import { useRuntimeEnv } from '../../../runtime/env';
import { srmModdle } from './srmModdle';
import './bpmn.css';

export interface BpmnDiagramProps {
  xml: string;
  activeNodes?: readonly string[];
  doneNodes?: readonly string[];
  height?: number;
}

type Viewer = {
  importXML(xml: string): Promise<unknown>;
  get<T = unknown>(name: string): T;
  destroy(): void;
};

export async function loadBpmnStyles(): Promise<void> {
  await Promise.all([import('bpmn-js/dist/assets/diagram-js.css'), import('bpmn-js/dist/assets/bpmn-js.css')]);
}

export function BpmnDiagram({ xml, activeNodes = [], doneNodes = [], height = 360 }: BpmnDiagramProps) {
  const env = useRuntimeEnv();
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | { error: string }>('loading');
  const active = activeNodes.join(',');
  const done = doneNodes.join(',');

  useEffect(() => {
    let viewer: Viewer | null = null;
    let alive = true;
    setState('loading');
    void (async () => {
      try {
        const [{ default: NavigatedViewer }] = await Promise.all([import('bpmn-js/lib/NavigatedViewer'), loadBpmnStyles()]);
        if (!alive || !host.current) return;
        viewer = new NavigatedViewer({ container: host.current, moddleExtensions: { srm: srmModdle } }) as unknown as Viewer;
        await viewer.importXML(xml);
        if (!alive) return;
        const canvas = viewer.get<{ zoom(level: string): void; addMarker(id: string, marker: string): void }>('canvas');
        const registry = viewer.get<{ get(id: string): unknown }>('elementRegistry');
        for (const id of done.split(',').filter(Boolean)) if (registry.get(id)) canvas.addMarker(id, 'srm-bpm-done');
        for (const id of active.split(',').filter(Boolean)) if (registry.get(id)) canvas.addMarker(id, 'srm-bpm-active');
        canvas.zoom('fit-viewport');
        setState('ready');
      } catch (e) {
        if (alive) setState({ error: e instanceof Error ? e.message : String(e) });
      }
    })();
    return () => {
      alive = false;
      viewer?.destroy();
    };
  }, [xml, active, done]);

  return (
    <div className="srm-bpmn-diagram" data-testid="bpm-diagram" data-state={typeof state === 'string' ? state : 'error'} data-active={active}>
      {state === 'loading' && <Spin style={{ position: 'absolute', top: '45%', left: '48%' }} />}
      {typeof state === 'object' && <div className="srm-bpmn-error">{env.t('bpm.diagramFailed', { message: state.error })}</div>}
      <div ref={host} style={{ height, width: '100%' }} />
      <div className="srm-bpmn-legend">
        <span className="srm-bpmn-legend-active">{env.t('bpm.legend.active')}</span>
        <span className="srm-bpmn-legend-done">{env.t('bpm.legend.done')}</span>
      </div>
    </div>
  );
}
