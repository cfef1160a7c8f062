// Login, captcha, logout and the current-user refresh (CONTRACT.md "Login and session",
// docs/decisions.md "Shell endpoints").
import { ApiError } from '../../runtime/env';
import { encryptPassword } from '../../runtime/http';
import { shellClient } from '../generated/clients';
import { http } from './http';
import { call } from './typedClients';
import { clearSession, getSession, setSession, updateSession, type Id, type Responsibility, type UserSession, type UserType } from './session';

const LOGIN = 'baseServer/v1/baseLoginService';

export interface LoginAnswer {
  authorizationCode: string;
  signKey: string;
  gatewayTag: string;
  userId: Id;
  userName: string;
  userType: UserType;
  supplierId?: Id | null;
  responsibilities: Responsibility[];
  /** Set when the password is an administrator's initial one (docs/security.md "First sign-in"). */
  passwordChangeRequired?: boolean;
}

export interface Captcha {
  validateKey: string;
  image: string;
}

export interface LoginForm {
  userName: string;
  password: string;
  validateKey?: string;
  validateCode?: string;
}

/** Whether a refused login asks for a validate code (status E with data {needValidate: true}). */
export function needsValidate(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const data = error.envelope?.data;
  return typeof data === 'object' && data !== null && (data as { needValidate?: unknown }).needValidate === true;
}

export async function fetchCaptcha(): Promise<Captcha> {
  return (await http.publicApi<Captcha>(`${LOGIN}/generateRandomValidate`, {})).data;
}

export async function login(form: LoginForm): Promise<UserSession> {
  const publicKey = (await http.publicApi<string>(`${LOGIN}/getPublicKey`, {})).data;
  const password = await encryptPassword(publicKey, form.password);
  const body: LoginForm = { userName: form.userName, password };
  if (form.validateKey) {
    body.validateKey = form.validateKey;
    body.validateCode = form.validateCode ?? '';
  }
  const answer = (await http.publicApi<LoginAnswer>(`${LOGIN}/login`, body)).data;
  const session: UserSession = {
    ...answer,
    responsibilities: answer.responsibilities ?? [],
    respId: answer.responsibilities?.[0]?.respId ?? null,
  };
  setSession(session);
  return session;
}

export function homePath(userType: UserType | undefined): string {
  return userType === 'EXTERNAL' ? '/main/exHome' : '/main/inHome';
}

export async function logout(): Promise<void> {
  try {
    if (getSession()) await http.api(`${LOGIN}/logout`, {});
  } catch {
    // The local session ends even when the server is unreachable or already forgot it.
  } finally {
    clearSession();
  }
}

/** Refreshes names and responsibilities that the login answer does not carry. */
export async function refreshCurrentUser(): Promise<void> {
  const user = await shellClient(call).getCurrentUser();
  const session = getSession();
  if (!session || !user) return;
  const responsibilities = user.responsibilities?.length ? user.responsibilities : session.responsibilities;
  const stillHeld = responsibilities.some((r) => String(r.respId) === String(session.respId));
  updateSession({
    userFullName: user.userFullName ?? undefined,
    supplierName: user.supplierName ?? undefined,
    responsibilities,
    respId: stillHeld ? session.respId : (responsibilities[0]?.respId ?? null),
  });
}
