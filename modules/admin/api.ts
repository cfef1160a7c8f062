// What other modules may use of administration (types only; reached through app.modules.api('admin')).
import type { Db } from '../../server/db/connect.js';

type Names = { CN: string; EN: string; TH: string; VN: string };

/** A PAGE menu to add under a folder, with its buttons and the responsibilities that get them. */
export interface PageMenuRequest {
  parentCode: string;
  menuCode: string;
  names: Names;
  resources: { code: string; names: Names }[];
  respCodes: string[];
  /** The page the menu opens (/main/{pageName}). */
  pageName: string;
}

export interface MenuAdded {
  menuId: number;
  resourceIds: number[];
}

/** A user as another module shows or assigns it; `active`: may sign in today. */
export interface DirectoryUser {
  userId: number;
  userName: string;
  fullName: string;
  active: boolean;
  /** The supplier an external (portal) user belongs to; null for internal users. */
  supplierId?: number | null;
}

/** Where and in which language a user is reached (messages: e-mail, SMS, the user's language). */
export interface UserContact extends DirectoryUser {
  email: string | null;
  phone: string | null;
  /** CN, EN, TH or VN; null when the user chose none. */
  language: string | null;
}

/** The first user of a supplier that registered itself. */
export interface ExternalUserRequest {
  /** The user name is this, lower case letters and digits, with a number appended when taken. */
  userNameBase: string;
  fullName: string;
  email: string;
  phone: string | null;
  language: string;
  supplierId: number;
  /** An EXTERNAL responsibility (SUPPLIER_PORTAL). */
  respCode: string;
}

export interface AdminApi {
  /** Creates an external user without a password (it cannot sign in until `issueInitialPassword`). `db`: the caller's transaction. */
  createExternalUser(db: Db, request: ExternalUserRequest): Promise<{ userId: number; userName: string }>;
  /** Stores a generated one-time password (changed at the first sign-in) and returns it once, for the caller to send. */
  issueInitialPassword(db: Db, userId: number): Promise<string>;
  /** Refuses (in the user's language) an unknown folder, a taken menu code or an unknown responsibility. */
  addPageMenu(request: PageMenuRequest, userId: number): Promise<MenuAdded>;
  /** The display names (full names) of these users; a user without one, or unknown, is not in the map. */
  userNames(userIds: readonly number[]): Promise<Map<number, string>>;
  /** The users with these names (unknown names left out). `db`: the caller's transaction or app.db. */
  usersByName(db: Db, names: readonly string[]): Promise<DirectoryUser[]>;
  usersById(db: Db, ids: readonly number[]): Promise<DirectoryUser[]>;
  /** The users with these ids and their e-mail, phone and language (unknown ids left out). */
  contacts(db: Db, ids: readonly number[]): Promise<UserContact[]>;
  /** Users that may sign in today holding any of these responsibilities (by code) today. */
  usersWithResponsibility(db: Db, respCodes: readonly string[]): Promise<DirectoryUser[]>;
  /** Users of a type that may sign in today; EXTERNAL ones limited to `supplierIds` when given (notices' audiences). */
  activeUsersOfType(db: Db, userType: 'INTERNAL' | 'EXTERNAL', supplierIds?: readonly number[]): Promise<DirectoryUser[]>;
  /** Internal users that may sign in today whose user name or full name contains `keyword`, at most `limit`. */
  searchUsers(db: Db, keyword: string, limit: number): Promise<DirectoryUser[]>;
  /** Which of these responsibility codes exist. */
  knownResponsibilities(db: Db, respCodes: readonly string[]): Promise<string[]>;
}
