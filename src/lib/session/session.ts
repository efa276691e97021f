/** The signed-in session: the access token in local storage and the claims the console reads from it. */
export const ACCESS_TOKEN_KEY = 'access_token';
export const REFRESH_TOKEN_KEY = 'refresh_token';

export interface TokenClaims {
  Username: string;
  SubExpireDate: string;
  UserType: number;
  user_id: number;
  OldUserId: number;
}

export const getAccessToken = (): string | null => localStorage.getItem(ACCESS_TOKEN_KEY);

export const storeTokens = (access: string, refresh?: string): void => {
  localStorage.setItem(ACCESS_TOKEN_KEY, access);
  if (refresh) localStorage.setItem(REFRESH_TOKEN_KEY, refresh);
};

export const clearTokens = (): void => {
  localStorage.removeItem(ACCESS_TOKEN_KEY);
  localStorage.removeItem(REFRESH_TOKEN_KEY);
};

/** Reads the claims of a JWT (the server checks the signature; the console only reads). */
export function decodeClaims(token: string | null): TokenClaims | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(json, (c) => c.charCodeAt(0));
    const claims = JSON.parse(new TextDecoder().decode(bytes)) as Partial<TokenClaims>;
    if (typeof claims.Username !== 'string' || typeof claims.UserType !== 'number') return null;
    return {
      Username: claims.Username,
      SubExpireDate: String(claims.SubExpireDate ?? ''),
      UserType: claims.UserType,
      user_id: Number(claims.user_id ?? 0),
      OldUserId: Number(claims.OldUserId ?? 0),
    };
  } catch {
    return null;
  }
}

export const currentClaims = (): TokenClaims | null => decodeClaims(getAccessToken());
