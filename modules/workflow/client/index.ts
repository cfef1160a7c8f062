// The workflow's client part: the task centre's lists (kind custom pages), the process panel on every
// document's edit page (task buttons, history, diagram), the header's to-do badge, and the model page's
// modeler widget with its Publish action, the binding's condition widget, the monitoring's Reassign and the compensation list's Skip. The header loads this file on every
// screen, so the screens themselves are lazy chunks (screens.tsx); bpmn-js loads only with the diagram and
// the modeler (dynamic imports inside them).
import { defineClientModule } from '../../../runtime/registry/clientModule';
import { DoneList, ModelVersions, ProcessPanel, StartedList, TodoList } from './screens';
import { TodoBadge } from './TodoBadge';
import { TodoHomeCard } from './todoHomeCard';
import { ModelerWidget } from './ModelerWidget';
import { ConditionWidget } from './ConditionWidget';
import { publishAction, reassignAction } from './publishAction';
import { skipAction } from './skipAction';
import { localTextFormatter } from './localText';

export default defineClientModule({
  name: 'workflow',
  renderers: { bpmTodo: TodoList, bpmDone: DoneList, bpmStarted: StartedList },
  editAddons: { bpmProcess: { order: 10, component: ProcessPanel }, bpmModelVersions: { order: 20, component: ModelVersions } },
  headerItems: { bpmTodo: { order: 20, component: TodoBadge } },
  homePanels: { bpmTodo: { order: 5, homes: ['in', 'ex'], component: TodoHomeCard } },
  widgets: { bpmnModeler: { component: ModelerWidget }, bpmCondition: { component: ConditionWidget } },
  actions: { bpmPublish: publishAction, bpmReassign: reassignAction, bpmSkip: skipAction },
  formatters: { bpmLocalText: localTextFormatter },
});
