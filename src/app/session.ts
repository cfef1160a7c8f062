// The signed-in user, mirrored in sessionStorage so a reload keeps the session but a new browser
// tab or a closed browser does not (the server session is the authority; 401 clears this copy).
import { useSyncExternalStore } from 'react';
import type { SessionCredentials } from '../../runtime/http';

export type UserType = 'INTERNAL' | 'EXTERNAL';
export type Id = number | string;

export interface Responsibility {
  respId: Id;
  respName: string;
}

export interface UserSession extends SessionCredentials {
  userId: Id;
  userName: string;
  userType: UserType;
  supplierId?: Id | null;
  responsibilities: Responsibility[];
  /** The responsibility whose menus are shown; the first one after login. */
  respId: Id | null;
  userFullName?: string;
  supplierName?: string;
  /** The password is an administrator's initial one: the shell asks for a new one before anything else. */
  passwordChangeRequired?: boolean;
}

export const SESSION_STORAGE_KEY = 'srm.session';

type Listener = () => void;
const listeners = new Set<Listener>();
let current: UserSession | null = read();

function read(): UserSession | null {
  try {
    const text = globalThis.sessionStorage?.getItem(SESSION_STORAGE_KEY);
    if (!text) return null;
    const parsed = JSON.parse(text) as UserSession;
    return parsed.authorizationCode ? parsed : null;
  } catch {
    return null;
  }
}

function write(session: UserSession | null): void {
  current = session;
  try {
    if (session) globalThis.sessionStorage?.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
    else globalThis.sessionStorage?.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // Storage may be unavailable; the in-memory copy still serves this page view.
  }
  listeners.forEach((listener) => listener());
}

export function getSession(): UserSession | null {
  return current;
}

export function setSession(session: UserSession): void {
  write(session);
}

export function updateSession(patch: Partial<UserSession>): void {
  if (current) write({ ...current, ...patch });
}

export function clearSession(): void {
  write(null);
}

export function isSignedIn(): boolean {
  return Boolean(current?.authorizationCode);
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): UserSession | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}
