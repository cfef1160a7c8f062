// Notices, client side: the endpoints of the public notice pages (slot `publicNotices`, declared by the
// shell) and the notices card on both homes.
import { defineClientModule } from '../../../runtime/registry/clientModule';
import { NoticeHomePanel } from './homePanel';
import { NOTICE_CALLS } from './paths';

export default defineClientModule({
  name: 'notices',
  services: { publicNotices: { list: NOTICE_CALLS.listPublic, find: NOTICE_CALLS.findPublic } },
  homePanels: { notices: { order: 10, homes: ['in', 'ex'], component: NoticeHomePanel } },
});
