// Password and own-profile calls (docs/security.md): forgotten password by code (public), change
// password and the user centre (signed). Passwords leave the browser only RSA-OAEP encrypted.
import { encryptPassword } from '../../runtime/http';
import { http } from './http';

const LOGIN = 'baseServer/v1/baseLoginService';
const PASSWORD = 'baseServer/v1/basePasswordService';
const USERS = 'baseServer/v1/baseUsersRestful';

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
  await http.api(`${USERS}/changePassword`, { oldPassword: await encrypted(oldPassword), newPassword: await encrypted(newPassword) });
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
  return (await http.api<UserCenter>(`${USERS}/getUserCenter`, {})).data;
}

export async function editUserCenter(values: Pick<UserCenter, 'userFullName' | 'email' | 'phone' | 'languageCode'>): Promise<void> {
  await http.api(`${USERS}/editUserCenter`, values);
}
