// Action type "bpmSkip" (transactionCompen's Skip, operation doSkip): asks for the reason and sends
// {id, reason}; nothing is skipped without one. The process then goes on past the failed service task.
import { reasonAction } from '../../../runtime/pages/reasonAction';

export const skipAction = reasonAction({
  operation: 'doSkip',
  titleKey: 'bpm.compen.skipTitle',
  placeholderKey: 'bpm.compen.skipPlaceholder',
  doneKey: 'bpm.compen.skipped',
  maxLength: 2000,
  testId: 'bpm-skip-reason',
});
