// Cookies the login page reads (spec 1 §2, §8): a one-time message to show, the address to go
// back to from the error panel's Retry, and word that the session expired (set by whatever ended
// it outside this tab, such as a sign-in service or another page of the site).
export const MESSAGE_COOKIE = 'dossier_message';
export const RETRY_COOKIE = 'dossier_retry';
export const TOKEN_EXPIRED_COOKIE = 'dossier_token_expired';

export function readCookie(name: string, source: string = document.cookie): string | null {
  for (const part of source.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return rest.join('=');
      }
    }
  }
  return null;
}

export function writeCookie(name: string, value: string): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; SameSite=Strict`;
}

export function deleteCookie(name: string): void {
  document.cookie = `${name}=; path=/; max-age=0; SameSite=Strict`;
}

// Only an address inside this site may be used to navigate (no open redirects). Browsers read
// "/\\host" and "/<tab>/host" as "//host", another site: the address is resolved as they would.
export function isSafeReturnAddress(address: string | null): address is string {
  if (address === null || !address.startsWith('/') || address.startsWith('//')) return false;
  try {
    return new URL(address, window.location.origin).origin === window.location.origin;
  } catch {
    return false;
  }
}
