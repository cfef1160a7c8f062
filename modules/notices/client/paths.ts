// The notices module's fixed calls (server/routes.ts), as the shell's http and a page's env take them.
const BASE = 'srmServer/v1/srmNoticeRestful';

export const NOTICE_CALLS = {
  listPublic: `${BASE}/listPublicNotices`,
  findPublic: `${BASE}/findPublicNotice`,
  listMine: `${BASE}/listMyNotices`,
  findMine: `${BASE}/findMyNotice`,
} as const;
