import { describe, expect, it } from 'vitest';
import { isPublicPath } from './guard';

describe('navigation guard', () => {
  it('lets the public routes through', () => {
    for (const p of ['/', '/login', '/forget', '/register', '/registerInfoEdit', '/notice/noticeMore', '/notice/noticePreview', '/login/']) {
      expect(isPublicPath(p)).toBe(true);
    }
  });

  it('guards everything else', () => {
    for (const p of ['/main', '/main/inHome', '/main/base/bankList', '/iframeBox', '/nowhere', '/notice']) {
      expect(isPublicPath(p)).toBe(false);
    }
  });
});
