// The designer's "put this page in a menu": the request is checked here, then the administration module
// (its public API) writes the menu, its resources and the grants in one transaction or not at all.
import { refuse } from '../../../server/errors.js';
import type { AdminApi, MenuAdded, PageMenuRequest } from '../../admin/api.js';
import { stringArg, type Body } from './access.js';

const MENU_CODE = /^[A-Z][A-Z0-9_]{1,59}$/;
const RESOURCE_CODE = /^btn[A-Z][A-Za-z0-9]{0,55}$/;
const LANGS = ['CN', 'EN', 'TH', 'VN'] as const;
type Names = PageMenuRequest['names'];

function namesOf(v: unknown, what: string): Names {
  const o = v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  for (const l of LANGS) {
    const s = o[l];
    if (typeof s !== 'string' || s.trim() === '' || s.length > 200) throw refuse('definition.namesRequired', { what });
  }
  return { CN: String(o.CN).trim(), EN: String(o.EN).trim(), TH: String(o.TH).trim(), VN: String(o.VN).trim() };
}

export async function addToMenu(admin: AdminApi, body: Body, pageName: string, userId: number): Promise<MenuAdded> {
  const parentCode = stringArg(body, 'parentMenuCode', 60);
  const menuCode = stringArg(body, 'menuCode', 60);
  if (!MENU_CODE.test(menuCode)) throw refuse('definition.badMenuCode', { code: menuCode });
  const names = namesOf(body.names, menuCode);
  const rawResources = Array.isArray(body.resources) ? body.resources : [];
  const resources = rawResources.map((r: unknown) => {
    const o = r && typeof r === 'object' ? (r as Record<string, unknown>) : {};
    const code = typeof o.resourceCode === 'string' ? o.resourceCode : '';
    if (!RESOURCE_CODE.test(code)) throw refuse('definition.badResourceCode', { code: code.slice(0, 60) });
    return { code, names: namesOf(o.names, code) };
  });
  if (new Set(resources.map((r) => r.code)).size !== resources.length) throw refuse('definition.duplicateResource');
  const respCodes = Array.isArray(body.grantRespCodes) ? body.grantRespCodes.filter((c): c is string => typeof c === 'string') : [];
  return admin.addPageMenu({ parentCode, menuCode, names, resources, respCodes, pageName }, userId);
}
