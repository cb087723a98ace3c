/**
 * The session token lives in a cookie named `token` (spec 01 §3 "Stored
 * token"), so that plain links such as Excel downloads can also read it.
 */
const COOKIE_NAME = 'token';
// The server decides when a token expires; the cookie only has to outlive it.
const COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 30;

export function getToken(): string | null {
  const prefix = `${COOKIE_NAME}=`;
  for (const part of document.cookie.split(';')) {
    const cookie = part.trim();
    if (cookie.startsWith(prefix)) {
      const value = decodeURIComponent(cookie.slice(prefix.length));
      return value || null;
    }
  }
  return null;
}

export function setToken(token: string): void {
  document.cookie = `${COOKIE_NAME}=${encodeURIComponent(token)}; path=/; max-age=${COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;
}

export function deleteToken(): void {
  document.cookie = `${COOKIE_NAME}=; path=/; max-age=0; SameSite=Lax`;
}
