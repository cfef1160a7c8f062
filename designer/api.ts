// The designer's calls (docs/designer-api.md), signed with the app's session through src/app/http.
import type { PageDefinition } from '../runtime/definitions';
import { http } from '../src/app/http';
import { call as typedCall } from '../src/app/typedClients';
import { baseLookupTypeClient, baseResponsibilityClient, shellClient } from '../src/generated/clients';

const DEFS = 'baseServer/v1/baseDefinitionRestful';

export type Kind = 'page';
export type VersionRef = number | 'draft';

export interface DefinitionSummary {
  kind: Kind;
  name: string;
  entity: string;
  title: PageDefinition['title'];
  source: 'shipped' | 'overlay' | 'new';
  publishedVersion: number | null;
  hasDraft: boolean;
  conflict: boolean;
}

export interface DefinitionDetail {
  kind: Kind;
  name: string;
  shipped: PageDefinition | null;
  published: PageDefinition | null;
  draft: PageDefinition | null;
  effective: PageDefinition;
  publishedVersion: number | null;
  draftVersionNum: number | null;
  conflict: null | { shippedNow: PageDefinition; shippedAtOverlay: string };
}

export interface DefinitionError {
  path: string;
  message: string;
}

export interface VersionInfo {
  version: number;
  comment?: string | null;
  createdBy?: number | string | null;
  createdByName?: string | null;
  creationDate?: string | null;
  current: boolean;
}

export interface DiffEntry {
  path: string;
  op: 'add' | 'remove' | 'change';
  before?: unknown;
  after?: unknown;
}

export interface MenuNames {
  CN: string;
  EN: string;
  TH: string;
  VN: string;
}

export interface AddToMenuRequest {
  pageName: string;
  parentMenuCode: string;
  menuCode: string;
  names: MenuNames;
  resources: { resourceCode: string; names: MenuNames }[];
  grantRespCodes: string[];
}

async function call<T>(action: string, body: unknown): Promise<T> {
  return (await http.api<T>(`${DEFS}/${action}`, body)).data;
}

export const designerApi = {
  list: () => call<DefinitionSummary[]>('listDefinitions', { kind: 'page' }),
  get: (name: string) => call<DefinitionDetail>('getDefinition', { kind: 'page', name }),
  validate: (name: string, content: PageDefinition) => call<{ errors: DefinitionError[] }>('validateDefinition', { kind: 'page', name, content }),
  saveDraft: (name: string, content: PageDefinition, draftVersionNum: number | null) =>
    call<{ draftVersionNum: number; errors: DefinitionError[] }>('saveDraft', {
      kind: 'page',
      name,
      content,
      ...(draftVersionNum !== null ? { draftVersionNum } : {}),
    }),
  discardDraft: (name: string) => call<null>('discardDraft', { kind: 'page', name }),
  publish: (name: string, comment: string) => call<{ version: number }>('publish', { kind: 'page', name, comment }),
  versions: (name: string) => call<VersionInfo[]>('listVersions', { kind: 'page', name }),
  version: (name: string, version: VersionRef) => call<PageDefinition>('getVersion', { kind: 'page', name, version }),
  diff: (name: string, from: VersionRef, to: VersionRef) => call<DiffEntry[]>('diff', { kind: 'page', name, from, to }),
  rollback: (name: string, version: number, comment?: string) =>
    call<{ version: number }>('rollback', { kind: 'page', name, version, ...(comment ? { comment } : {}) }),
  resolveConflict: (name: string, keep: 'overlay' | 'shipped') => call<{ version: number }>('resolveConflict', { kind: 'page', name, keep }),
  createPage: (name: string, entity: string, kind: 'list' | 'edit', title?: MenuNames) =>
    call<{ name: string; draftVersionNum: number; content: PageDefinition; errors: DefinitionError[] }>('createPage', {
      name,
      entity,
      kind,
      ...(title ? { title } : {}),
    }),
  addToMenu: (request: AddToMenuRequest) => call<{ menuId: number; resourceIds: number[] }>('addToMenu', request),
};

/** Lookup types for the column lookup binding (the lookup-type family the admin screens use). */
export async function listLookupTypes(): Promise<{ lookupType: string; meaning?: string }[]> {
  const page = await baseLookupTypeClient(typedCall).listByPage({ params: {}, pageIndex: 1, pageRows: 500 });
  return page.rows.map((r) => ({ lookupType: r.lookupType, meaning: r.meaning }));
}

/** Folder menus the current responsibility sees (SYS_ADMIN: all), flattened, for the parent of a new menu. */
export async function listFolderMenus(respId: number | string): Promise<{ menuCode: string; menuName: string }[]> {
  type Node = { menuCode: string; menuName: string; menuType: string; children?: Node[] | null };
  const menus: Node[] | null = await shellClient(typedCall).findMenuByResp({ respId });
  const out: { menuCode: string; menuName: string }[] = [];
  const walk = (nodes: Node[] | null | undefined, prefix: string) => {
    for (const node of nodes ?? []) {
      if (node.menuType !== 'DIR') continue;
      out.push({ menuCode: node.menuCode, menuName: `${prefix}${node.menuName}` });
      walk(node.children, `${prefix}${node.menuName} / `);
    }
  };
  walk(menus, '');
  return out;
}

/** Responsibility codes to grant a new menu to (the admin's list when that family exists; else none). */
export async function listResponsibilityCodes(): Promise<{ respCode: string; respName: string }[]> {
  try {
    const page = await baseResponsibilityClient(typedCall).listByPage({ params: {}, pageIndex: 1, pageRows: 500 });
    return page.rows.map((r) => ({ respCode: r.respCode, respName: r.respName }));
  } catch {
    return [];
  }
}

/** Tells open SPA tabs to refetch the effective pages (docs/designer-api.md "Front end"). */
export function announceDefinitionsChanged(): void {
  try {
    const channel = new BroadcastChannel('srm-definitions');
    channel.postMessage({ type: 'srm:definitions-changed' });
    channel.close();
  } catch {
    // No BroadcastChannel: open tabs show the new version on their next refresh anyway.
  }
}

export function exportFileName(name: string): string {
  return `${name.split('/').pop() ?? name}.page.json`;
}

/** The JSON an implementer commits to modules/{area}/pages/{file}.page.json (a page's route is its name). */
export function exportText(content: PageDefinition): string {
  const { $schema: _ignored, ...rest } = content as PageDefinition & { $schema?: string };
  return `${JSON.stringify({ $schema: '../../../schemas/meta/page.schema.json', ...rest }, null, 2)}\n`;
}
