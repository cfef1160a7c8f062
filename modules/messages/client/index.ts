// The messages module's client part: the inbox, the instance view, the message log and the compose
// screens, and the bell in the header.
import { defineClientModule } from '../../../runtime/registry/clientModule';
import { Compose } from './Compose';
import { InstanceCheck } from './InstanceCheck';
import { Inbox } from './Inbox';
import { MessageBell } from './MessageBell';
import { MessageLog } from './MessageLog';

export default defineClientModule({
  name: 'messages',
  renderers: { msgInbox: Inbox, msgInstanceCheck: InstanceCheck, msgLog: MessageLog, msgCompose: Compose },
  headerItems: { messageBell: { order: 10, component: MessageBell } },
});
