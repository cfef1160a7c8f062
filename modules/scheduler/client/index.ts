// The scheduler's screens (kind custom), by renderer name.
import { defineClientModule } from '../../../runtime/registry/clientModule';
import { ScheduleRequestDetail } from './ScheduleRequestDetail';

export default defineClientModule({ name: 'scheduler', renderers: { scheduleRequestDetail: ScheduleRequestDetail } });
