// Which calls the operation log records, and how a path names its entity and action.
import { describe, expect, it } from 'vitest';
import { isStateChanging, routeParts } from '../../server/auditHook.js';

describe('operation log routing', () => {
  it('logs writes, not reads', () => {
    expect(isStateChanging('POST', '/api/srmServer/v1/srmBaseBankRestful/saveOrUpdate')).toBe(true);
    expect(isStateChanging('POST', '/api/srmServer/v1/srmPoRequisitionRestful/doSubmit')).toBe(true);
    expect(isStateChanging('POST', '/api/baseServer/v1/baseLoginService/login')).toBe(true);
    for (const read of ['listByPage', 'findById', 'getCurrentUser', 'findMenuByResp', 'checkEmailCode', 'validateUserName']) {
      expect(isStateChanging('POST', `/api/baseServer/v1/xRestful/${read}`)).toBe(false);
    }
    expect(isStateChanging('GET', '/api/fileServer/v2/file/download')).toBe(false);
    // A route's declaration beats its name: a writing action named like a read is still logged.
    expect(isStateChanging('POST', '/api/srmServer/v1/xRestful/generateNumbers', false)).toBe(true);
    expect(isStateChanging('POST', '/api/srmServer/v1/xRestful/recalculate', true)).toBe(false);
    expect(routeParts('/api/zuul/baseServer/v1/baseUsersRestful/changePassword')).toEqual({ entityName: 'baseUsers', actionName: 'changePassword' });
  });
});
