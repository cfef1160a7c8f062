// Cache keys built from what a caller sends (a user name, a client address) are a short hash of a
// bounded value, never the value itself: a request cannot make the server keep megabytes per key for
// the key's lifetime (docs/security.md "Hostile input"). The public sign-in and password calls also
// take tiny bodies only (PUBLIC_BODY_LIMIT, Fastify's per-route bodyLimit: 413 beyond it).
import { createHash } from 'node:crypto';

/** Bytes a public sign-in or password call may send: an RSA-OAEP cipher (344 characters), a name, a code. */
export const PUBLIC_BODY_LIMIT = 4 * 1024;
/** Longest user name (the length of the users' user_name column). */
export const MAX_USER_NAME = 60;

/** 22 characters of base64url SHA-256. */
export function hashed(value: string): string {
  return createHash('sha256').update(value).digest('base64url').slice(0, 22);
}

/** A user name as the counters know it: trimmed, lower case, hashed. */
const userPart = (userName: string) => hashed(userName.trim().toLowerCase());

export const loginFailKey = (userName: string) => `login-fail:${userPart(userName)}`;
export const loginUserRateKey = (userName: string) => `login-rate:user:${userPart(userName)}`;
export const resetSendUserKey = (userName: string) => `reset-send:user:${userPart(userName)}`;
/** A per-address counter (`login-rate`, `reset-send`, `reset-check`). */
export const addressKey = (kind: string, ip: string) => `${kind}:ip:${hashed(ip)}`;
