// Platform services that read a module's tables. The platform declares what it needs here and asks the
// registry for it (`modules.service('access')`); the module owning the tables provides it in its
// manifest (`provides`). So the security core, the lookup and profile caches, the designer overlays,
// the call logs and the file records name no table: exactly one module answers each slot.
import type { RawBuilder } from 'kysely';
import type { Db } from '../db/connect.js';
import type { Language } from '../i18n/messages.js';
import type { Definitions, EntityDefinition } from '../../meta/definitions.js';
import type { Menu } from '../../meta/generated/definitions.js';
import type { ActionContext, DbRecord } from '../rest/actionContext.js';
import type { DemoProcess, LookupTypeSeed, MessageTemplateSeed, ProcessModelSeed } from './types.js';

/** What a user's responsibilities grant: menu codes, `${menuCode}:${resourceCode}`, responsibility ids. */
export interface GrantData {
  /** False when the user is disabled or gone: the session is refused on its next request. */
  active: boolean;
  menus: Set<string>;
  resources: Set<string>;
  respIds: Set<number>;
}

export type Permit = NonNullable<EntityDefinition['listVariants']>[number]['permits'][number]['permit'];

/** Users, responsibilities, menus and permits: who may do what. */
export interface AccessData {
  /** Tables whose rows decide grants; a write to any of them moves the ACL epoch. */
  readonly grantTables: readonly string[];
  /** Tables whose rows decide which pages menus bind; a write reloads the definitions. */
  readonly menuTables: readonly string[];
  loadGrants(db: Db, userId: number): Promise<GrantData>;
  /** The PAGE menus as the database holds them (shipped + added by an administrator or the designer). */
  pageMenus(db: Db): Promise<Menu[]>;
  /** A subquery of the values (ids, or codes) a user is permitted for a permit kind. */
  permitted(permit: Permit, userId: number, byId: boolean): RawBuilder<unknown>;
  /** Whether anyone was ever set up (then the first start is over). */
  anyUser(db: Db): Promise<boolean>;
  /**
   * The shipped menus and buttons that are missing (an administrator's edits survive an upgrade); menus
   * marked `demo` only with `{demo: true}` (when the demo data is seeded).
   */
  seedMenus(db: Db, defs: Definitions, options?: { demo?: boolean }): Promise<void>;
  /** A responsibility (by code) gets a menu (by code) and the named buttons of it. */
  grantMenu(db: Db, respCode: string, menuCode: string, resourceCodes: readonly string[]): Promise<void>;
  /** The rules a new secret (password) breaks, in the user's language; empty when acceptable. */
  secretViolations(db: Db, userName: string, secret: string, lang: Language): Promise<string[]>;
}

export interface LookupRow {
  lookupValuesId: number;
  lookupCode: string;
  meaning: string;
  meaningEn: string | null;
  meaningTh: string | null;
  meaningVn: string | null;
  enabledFlag: string;
  seqNum: number | null;
  parentLookupValuesId: number | null;
  description: string | null;
}

/** Lookup values as stored; the platform caches them per type. */
export interface LookupData {
  rows(db: Db, type: string): Promise<LookupRow[]>;
  types(db: Db): Promise<string[]>;
  /** Types and values that are missing (an administrator's edits survive an upgrade). */
  seed(db: Db, types: readonly LookupTypeSeed[]): Promise<void>;
}

/** System settings as stored: the enabled profile's type and raw value. */
export interface ProfileData {
  read(db: Db, code: string): Promise<{ type: string; value: string | null } | null>;
}

/** One stored version of a designer overlay (docs/decisions.md "Overlays"). */
export interface OverlayRow {
  overlayId: number;
  kind: string;
  name: string;
  status: 'DRAFT' | 'PUBLISHED';
  version: number | null;
  content: string | null;
  shippedFlag: 'Y' | 'N';
  shippedHash: string | null;
  comment: string | null;
  createdBy: number | null;
  createdByName: string | null;
  creationDate: string;
  versionNum: number;
}

export interface OverlayData {
  /** Every row of a kind, oldest first. */
  allRows(db: Db, kind: string): Promise<OverlayRow[]>;
}

/** A call to a system outside this server (mail, SMS, a third-party API) and how it ended. */
export interface OutsideCall {
  channel: 'MAIL' | 'SMS' | 'HTTP';
  target: string;
  subject: string;
  userName?: string | null;
  error: string | null;
  durationMs: number;
}

/** One exchange with an external system's interface (an ERP push attempt), for the interface log. */
export interface InterfaceCall {
  /** The external system, e.g. `ERP`. */
  appId: string;
  method: string;
  /** Where the call went (the URL) and what it carried, e.g. `https://erp/… ORDER_RELEASED PO-2026-000001`. */
  path: string;
  /** The HTTP status answered, null when none came (refused connection, timeout). */
  httpStatus: number | null;
  ok: boolean;
  /** The answer's summary or the error. */
  message: string | null;
  durationMs: number;
  userName?: string | null;
}

export interface CallLogs {
  /** The tripartite log: one row per outside call. */
  recordCall(db: Db, call: OutsideCall): Promise<void>;
  /** The interface log: one row per outbound interface attempt (inbound calls are logged by the request hook). */
  recordInterface(db: Db, call: InterfaceCall): Promise<void>;
  /** The message log: where the default SMS provider "sends" (read by an administrator or a test), and
   *  where scheduled reminders go when the messages module does not run (MAIL, SITE). */
  recordMessage(db: Db, channel: 'SMS' | 'MAIL' | 'SITE', recipient: string, content: string): Promise<void>;
}

/** Uploaded files as records: a saved business record takes over the files its attachments fields list. */
export interface FileRecords {
  claim(ctx: ActionContext, db: Db, businessId: number, record: DbRecord): Promise<void>;
}

/** The message templates modules ship (messageTemplates.json), kept by the module owning the templates. */
export interface MessageTemplateData {
  /** Writes what is missing; throws naming the module and template when a file is malformed. */
  seed(db: Db, module: string, templates: readonly MessageTemplateSeed[]): Promise<void>;
}

/** The process models modules ship (processes/), kept by the module owning the workflow tables. */
export interface ProcessModelData {
  /** Publishes (version 1) and binds each model in the demo company. */
  seedDemo(db: Db, module: string, models: readonly ProcessModelSeed[]): Promise<void>;
  /** Writes a demo document's instance, tasks and history; `users` turns a demo user name into its id. */
  demoInstance(db: Db, spec: DemoProcess, users: (userName: string) => number): Promise<void>;
}

export interface PlatformServices {
  access: AccessData;
  lookups: LookupData;
  profiles: ProfileData;
  overlays: OverlayData;
  callLogs: CallLogs;
  fileRecords: FileRecords;
  messageTemplates: MessageTemplateData;
  processModels: ProcessModelData;
}

export type ServiceName = keyof PlatformServices;
