// Password and own-profile calls (docs/security.md): forgotten password by code (public), change
// password and the user centre (signed). Passwords leave the browser only RSA-OAEP encrypted. The
// signed-in user's own calls are on the users family of the module that keeps the users: it provides
// them in the service slot `account`, declared here.
import { encryptPassword } from '../../runtime/http';
import { service } from '../../runtime/registry/services';
import { loadClientServices } from './clientServices';
import { http } from './http';

/** The signed-in user's own account calls, `{area}/v1/{family}/{action}` as `http.api` takes them. */
export interface AccountEndpoints {
  changePassword: string;
  getUserCenter: string;
  editUserCenter: string;
}

declare module '../../runtime/registry/services' {
  interface ServiceSlots {
    /** The signed-in user's own account (user centre, change password). */
    account: AccountEndpoints;
  }
}

const LOGIN = 'baseServer/v1/baseLoginService';
const PASSWORD = 'baseServer/v1/basePasswordService';

async function account(): Promise<AccountEndpoints> {
  await loadClientServices();
  return service('account');
}

async function encrypted(password: string): Promise<string> {
  const publicKey = (await http.publicApi<string>(`${LOGIN}/getPublicKey`, {})).data;
  return encryptPassword(publicKey, password);
}

export type CodeChannel = 'email' | 'phone';

export async function sendResetCode(channel: CodeChannel, userName: string): Promise<void> {
  await http.publicApi(`${PASSWORD}/${channel === 'email' ? 'sendEmailCode' : 'sendPhoneCode'}`, { userName });
}

export async function resetPasswordByCode(userName: string, code: string, newPassword: string): Promise<void> {
  await http.publicApi(`${PASSWORD}/resetPasswordByCode`, { userName, code, newPassword: await encrypted(newPassword) });
}

export async function changePassword(oldPassword: string, newPassword: string): Promise<void> {
  await http.api((await account()).changePassword, { oldPassword: await encrypted(oldPassword), newPassword: await encrypted(newPassword) });
}

export interface PasswordRules {
  minLength: number;
  minClasses: number;
  forbidUserName: boolean;
  historyCount: number;
}

export interface UserCenter {
  userName: string;
  userFullName: string | null;
  email: string | null;
  phone: string | null;
  languageCode: string | null;
  userType: string;
  passwordRules: PasswordRules;
}

export async function getUserCenter(): Promise<UserCenter> {
  return (await http.api<UserCenter>((await account()).getUserCenter, {})).data;
}

export async function editUserCenter(values: Pick<UserCenter, 'userFullName' | 'email' | 'phone' | 'languageCode'>): Promise<void> {
  await http.api((await account()).editUserCenter, values);
}
