// Action type "rejectWithReason" (the review pages' Reject of a status change or an information change):
// asks for the reason and sends it with the transition ({id, reason}); nothing is rejected without one.
import { reasonAction } from '../../../runtime/pages/reasonAction';

export const rejectWithReasonAction = reasonAction({
  operation: 'doReject',
  titleKey: 'supplierReject.title',
  placeholderKey: 'supplierReject.placeholder',
  doneKey: 'supplierReject.done',
  maxLength: 500,
  testId: 'reject-reason',
});
