// What a module plugs into the platform (ARCHITECTURE.md "Modules"). A module's module.ts default-exports
// `defineModule({...})`; the platform iterates the registered modules at each hook point and never names one.
import type { FastifyInstance } from 'fastify';
import type { RawBuilder } from 'kysely';
import type { AppContext } from '../context.js';
import type { Db } from '../db/connect.js';
import type { ActionContext, FamilyAction } from '../rest/actionContext.js';
import type { DomainEvents, EventName } from '../events/domainEvents.js';
import type { DefinitionService } from '../definitions/service.js';
import type { ServerConfig } from '../config.js';
import type { PlatformServices } from './services.js';

/** A status transition about to run or just run, inside its transaction. */
export interface TransitionStep {
  id: number;
  action: string;
  from: readonly string[];
  to: string;
}

/** Business rules of one entity; each runs inside the write's transaction, so a throw undoes the write. */
export interface EntityRules {
  /** A row rule added to every read of the entity (findById, lists, export, aggregates) and to the row a
   *  write or transition starts from: a condition on the row aliased `t`, or null for none. Sealed data
   *  (quotes before their deadline) is kept from callers here, whatever screen or path they use. */
  readFilter?(ctx: ActionContext): RawBuilder<unknown> | null;
  /** `values` are column-keyed and already checked; a rule may add server-kept columns or refuse. */
  beforeSave?(ctx: ActionContext, db: Db, values: Record<string, unknown>, id: number | null): Promise<void>;
  afterSave?(ctx: ActionContext, db: Db, id: number, mode: 'insert' | 'update'): Promise<void>;
  /** After the header and its lines are written (both modes). */
  afterLines?(ctx: ActionContext, db: Db, id: number): Promise<void>;
  beforeDelete?(ctx: ActionContext, db: Db, id: number): Promise<void>;
  /** Before the guarded UPDATE of a declared transition; may refuse. */
  beforeTransition?(ctx: ActionContext, db: Db, step: TransitionStep): Promise<void>;
  /** After the UPDATE succeeded, same transaction: write follow-up rows, raise events (`ctx.events`). */
  afterTransition?(ctx: ActionContext, db: Db, step: TransitionStep & { previous: string }): Promise<void>;
}

/** Hooks on the declared transitions of every entity, not only the module's own (a workflow engine binds any
 *  entity's submit, approve and reject as data). They run inside the transition's transaction, after the
 *  entity's own rules; `ctx.entity` is the entity and `ctx.internal` tells a step run by module server code
 *  (`runTransitionIn`) from a call over the wire. */
export interface TransitionHooks {
  before?(ctx: ActionContext, db: Db, step: TransitionStep): Promise<void>;
  after?(ctx: ActionContext, db: Db, step: TransitionStep & { previous: string }): Promise<void>;
}

/** Values of one document that are not its fields (a total over its lines), for conditions evaluated on it. */
export type DocumentFacts = (db: Db, id: number, app: AppContext) => Promise<Record<string, unknown>>;

/** Who a process step goes to, by a rule a module declares (`resolver` assignee rules name it). */
export type AssigneeResolver = (
  db: Db,
  /** `value`: the task's srm:assignee text (what the rule is told, e.g. a field of the document), if any. */
  input: { entity: string; businessId: number; initiatorId: number; record: Readonly<Record<string, unknown>>; value?: string },
) => Promise<number[]>;

/** What a module's routes and public API are given. */
export interface ModuleHost {
  app: AppContext;
  /** Effective definitions (shipped + designer overlays). */
  definitions: DefinitionService;
}

/** What a scheduled program is given besides its parameters (the scheduler module fills it). */
export interface ProgramRun {
  /** Aborted when the run passes its timeout or its request is cancelled: stop at the next step. */
  signal: AbortSignal;
  /** A line of the run's output (shown with the run on the request's screen). */
  log(line: string): void;
  /** 1 for the first try, 2 for the first retry … */
  attempt: number;
  requestId: number;
}

/** A JSON Schema subset a program's parameters are checked against (and the submit form is drawn from). */
export interface ProgramParamsSchema {
  type: 'object';
  properties: Record<
    string,
    {
      type: 'string' | 'integer' | 'number' | 'boolean';
      title?: Partial<Record<'CN' | 'EN' | 'TH' | 'VN', string>>;
      default?: string | number | boolean;
      minimum?: number;
      maximum?: number;
      maxLength?: number;
      enum?: readonly (string | number)[];
    }
  >;
  required?: readonly string[];
}

/** A program the scheduler runs by name (cron or on request); run by the scheduler module. */
export interface ScheduledProgram {
  code: string;
  run(app: AppContext, params: Record<string, unknown>, run?: ProgramRun): Promise<void>;
  /** Names in the four languages (the programs screen); the code when absent. */
  names?: { CN: string; EN: string; TH: string; VN: string };
  /** Its parameters; none when absent (any parameter is then refused). */
  paramsSchema?: ProgramParamsSchema;
  /** A run still going after this long is ended as timed out (default 10 minutes). */
  timeoutMs?: number;
  /** Tries after a failed or timed-out run, `delayMs` × 2^(try−1) apart (default: no retry). */
  retry?: { limit: number; delayMs: number };
}

/** Ids of rows one demo step made that later steps of other modules refer to ('user', 'buyer01'), so that
 *  no module reads another module's tables to find them. */
export interface DemoIds {
  set(kind: string, code: string, id: number): void;
  /** Throws naming the kind and code when no earlier step made it (a missing `after`). */
  get(kind: string, code: string): number;
  /** Every id of a kind, in the order they were set. */
  all(kind: string): number[];
}

export interface DemoContext {
  /** The demo users' password. */
  password: string;
  ids: DemoIds;
  /** User names to print once at start. */
  users: string[];
  /** Facts a step shares with later steps of other modules ('base.materials' → their ids and units). */
  share(key: string, value: unknown): void;
  /** A fact an earlier step shared; throws naming the key when none did. */
  shared<T>(key: string): T;
  /** Lookup types only the demo shows (same format as lookups.json). */
  lookups(types: LookupTypeSeed[]): Promise<void>;
  /** Gives a demo responsibility (by code) a menu of this module and some of its buttons. */
  grant(respCode: string, menuCode: string, resourceCodes: readonly string[]): Promise<void>;
  /** The approval process a demo document went through, written as the workflow engine would have left
   *  it (nothing when no module runs processes). The model is one a module ships in `processes/`. */
  process(spec: DemoProcess): Promise<void>;
  /** Demo data made through other modules' public APIs (a file stored by the files module), which exist only
   *  once the server runs: `run` is called after the APIs start, in its own transaction, on the start that
   *  created the demo company; `api` answers a module's API, undefined when that module does not run. */
  later(run: DemoLater): void;
}

/** A demo step's part that needs modules' public APIs (DemoContext.later). */
export type DemoLater = (db: Db, api: <T extends object>(module: string) => T | undefined) => Promise<void>;

/** A demo user by user name (its id from the `user` demo ids) and the name the history shows. */
export interface DemoActor {
  user: string;
  name: string;
}

/** One demo document's process: its tasks in order; a step without `outcome` is still open (the instance
 *  runs, waiting there); `end` closes the instance (completed, rejected or stopped). */
export interface DemoProcess {
  modelKey: string;
  entity: string;
  businessId: number;
  documentNumber: string;
  title: string;
  initiator: DemoActor;
  /** `yyyy-MM-dd HH:mm:ss`. */
  start: string;
  steps: { node: string; name: string; assignee: DemoActor; outcome?: 'APPROVED' | 'REJECTED'; comment?: string | null; at?: string }[];
  end?: { state: 'COMPLETED' | 'REJECTED' | 'STOPPED'; at: string; reason?: string | null; by?: DemoActor };
}

/** A process model a module ships (modules/{area}/processes/{KEY}.bpmn with {KEY}.json beside it),
 *  published and bound to the module's entity in the demo company. */
export interface ProcessModelSeed {
  key: string;
  name: string;
  category: string;
  description: string;
  /** The bound entity; its actions are the usual doSubmit / doApproval / doReject. */
  entity: string;
  xml: string;
}

export interface LookupTypeSeed {
  lookupType: string;
  meaning: string;
  systemCode: string;
  values: { lookupCode: string; meaning: string; meaningEn: string; meaningTh: string; meaningVn: string; seqNum: number; enabledFlag?: 'Y' | 'N' }[];
}

/** A message template a module ships (modules/{name}/messageTemplates.json, `{templates: [...]}`): written
 *  on every start when missing, so an administrator's edits survive an upgrade. Texts use `{{variable}}`. */
export interface MessageTemplateSeed {
  code: string;
  name: string;
  description: string;
  variables: { name: string; type: 'STRING' | 'NUMBER' | 'DATE' | 'DATETIME'; required: boolean; description: string }[];
  /** By channel, then language: every language of a channel present. */
  contents: Partial<Record<'SITE' | 'MAIL' | 'SMS', Record<'CN' | 'EN' | 'TH' | 'VN', { subject: string | null; content: string }>>>;
  /** The event that feeds it; `optional`: users may switch it off in their message settings. */
  source: { code: string; name: string; event: string; optional: boolean };
  /** The channels it goes out on unless an administrator changes them (msgCfg). */
  channels?: { site: boolean; mail: boolean; sms: boolean };
}

/** One step of the demo company; steps of all modules run in `after` order ("module:step" names). */
export interface DemoStep {
  name: string;
  after?: readonly string[];
  run(db: Db, demo: DemoContext): Promise<void>;
}

export interface ServerModule {
  /** The module folder's name (modules/{name}). */
  name: string;
  /** Modules whose public API or events this one uses: started first; a cycle stops the server. */
  dependsOn?: readonly string[];
  /** Save, delete and transition rules by entity name; only for the module's own entities. */
  rules?: Readonly<Record<string, EntityRules>>;
  /** Hooks on every entity's declared transitions (TransitionHooks). */
  transitionHooks?: TransitionHooks;
  /** Facts of the module's own entities' documents beyond their fields, by entity (DocumentFacts). */
  documentFacts?: Readonly<Record<string, DocumentFacts>>;
  /** Named assignee rules any process model may use (AssigneeResolver); a name is taken once. */
  assigneeResolvers?: Readonly<Record<string, AssigneeResolver>>;
  /** Declared operations (`operations: [{action}]` in the entity) by entity and action name. */
  operations?: Readonly<Record<string, Readonly<Record<string, FamilyAction>>>>;
  /** Platform services this module answers because it owns their tables (services.ts); one module per slot. */
  provides?: Partial<PlatformServices>;
  /** Request hooks every /api call passes (installed before any route, after the signature check). */
  httpHooks?(server: FastifyInstance, host: Pick<ModuleHost, 'app'>): void;
  /** HTTP routes of the module's own screens (custom endpoints, downloads, websockets). */
  routes?(server: FastifyInstance, host: ModuleHost): void | Promise<void>;
  /** Paths reachable without a session (public pages' calls). */
  publicPaths?: readonly string[];
  /** Caches derived from an entity's rows, dropped after any write of that entity commits. */
  cacheEffects?: Readonly<Record<string, (app: AppContext) => Promise<void>>>;
  /** Domain events this module reacts to, after the commit that raised them. */
  subscribers?: { readonly [E in EventName]?: (payload: DomainEvents[E], app: AppContext) => Promise<void> };
  /** Programs the scheduler can run. */
  programs?: readonly ScheduledProgram[];
  /** Rows every installation needs (idempotent, every start); on the first start, the demo company's
   *  rows (SRM_DEMO=1) or else what a bare installation needs (the first administrator). */
  seed?: {
    product?(db: Db): Promise<void>;
    demo?: readonly DemoStep[];
    bare?(db: Db, config: ServerConfig): Promise<void>;
  };
  /** What other modules may call: built once at start; reached through `app.modules.api(name)`. */
  api?(host: ModuleHost): object;
}

/** Typed identity: gives a module file its checking without a class. */
export function defineModule<M extends ServerModule>(module: M): M {
  return module;
}
