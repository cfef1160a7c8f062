// The shell endpoints every signed-in app needs that are not entity families (wire contract "Shell
// endpoints"): their request and answer schemas, once. The OpenAPI document describes them from here and
// the typed-client generator emits `shellClient(call)` from here, so the app calls them typed too.
import type { Schema } from './familySchemas.js';

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const nullable = (type: string): Schema => ({ type: [type, 'null'] });
/** The server reads respId/menuId with Number(): a number or its digits. */
const idParam: Schema = { type: ['integer', 'string'], pattern: '^-?\\d+$' };

/** Named answer shapes (OpenAPI components; type names in src/generated/clients.ts). */
export const SHELL_SCHEMAS: Record<string, Schema> = {
  ShellResponsibility: {
    type: 'object',
    required: ['respId', 'respCode', 'respName'],
    properties: { respId: { type: 'integer' }, respCode: { type: 'string' }, respName: { type: 'string', description: 'in the request language' } },
  },
  ShellCurrentUser: {
    type: 'object',
    required: ['userId', 'userName', 'userFullName', 'email', 'userType', 'supplierId', 'supplierName', 'responsibilities'],
    properties: {
      userId: { type: 'integer' },
      userName: { type: 'string' },
      userFullName: nullable('string'),
      email: nullable('string'),
      userType: { type: 'string', enum: ['INTERNAL', 'EXTERNAL'] },
      supplierId: nullable('integer'),
      supplierName: nullable('string'),
      responsibilities: { type: 'array', items: ref('ShellResponsibility') },
    },
  },
  ShellMenuNode: {
    type: 'object',
    required: ['menuId', 'menuCode', 'menuName', 'menuType', 'htmlUrl', 'imageLink', 'menuParentId', 'levelId', 'seqNum', 'children'],
    properties: {
      menuId: { type: 'integer' },
      menuCode: { type: 'string' },
      menuName: { type: 'string', description: 'in the request language' },
      menuType: { type: 'string', description: 'DIR or PAGE' },
      htmlUrl: nullable('string'),
      imageLink: nullable('string'),
      menuParentId: nullable('integer'),
      levelId: nullable('integer'),
      seqNum: nullable('integer'),
      children: { type: 'array', items: ref('ShellMenuNode') },
    },
  },
  ShellMenuResource: {
    type: 'object',
    required: ['resourceCode', 'resourceName', 'resIcon'],
    properties: { resourceCode: { type: 'string' }, resourceName: { type: 'string', description: 'in the request language' }, resIcon: nullable('string') },
  },
  ShellLookupCacheRebuilt: {
    type: 'object',
    required: ['store', 'types'],
    properties: { store: { type: 'string', enum: ['memory', 'redis'] }, types: { type: 'integer', description: 'lookup types loaded again' } },
  },
};

export interface ShellOperation {
  /** Client method name. */
  name: string;
  /** `{area}/v1/{family}/{action}` as the runtime http client takes it (OpenAPI adds /api/). */
  path: string;
  summary: string;
  request: Schema;
  /** The envelope's `data`. */
  data: Schema;
  example: unknown;
}

export const SHELL_OPERATIONS: ShellOperation[] = [
  {
    name: 'getCurrentUser',
    path: 'baseServer/v1/baseUsersRestful/getCurrentUser',
    summary: 'The signed-in user and responsibilities',
    request: { type: 'object', properties: {}, additionalProperties: false },
    data: ref('ShellCurrentUser'),
    example: {},
  },
  {
    name: 'findMenuByResp',
    path: 'baseServer/v1/baseMenuRestful/findMenuByResp',
    summary: 'Menu tree of a responsibility, names in the request language',
    request: { type: 'object', required: ['respId'], properties: { respId: idParam }, additionalProperties: false },
    data: { type: 'array', items: ref('ShellMenuNode') },
    example: { respId: 2 },
  },
  {
    name: 'findByRespAndMenu',
    path: 'baseServer/v1/baseResourceRestful/findByRespAndMenu',
    summary: 'Button resources held on a menu',
    request: { type: 'object', required: ['respId', 'menuId'], properties: { respId: idParam, menuId: idParam }, additionalProperties: false },
    data: { type: 'array', items: ref('ShellMenuResource') },
    example: { respId: 2, menuId: 5 },
  },
  {
    name: 'createLookupRedisCache',
    path: 'baseServer/v1/baseLookupValuesRestful/createLookupRedisCache',
    summary: 'Cache management: drop and reload every lookup type (resource btnRebuild)',
    request: { type: 'object', properties: {}, additionalProperties: false },
    data: ref('ShellLookupCacheRebuilt'),
    example: {},
  },
];
