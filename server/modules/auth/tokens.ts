import { createHash, createHmac, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export type AccessClaims = { sub: string; sid: string; email: string; role: string | null };

export function createAccessTokens(secret: string, ttlSeconds: number) {
  const key = new TextEncoder().encode(secret);
  return {
    ttlSeconds,
    /** `issuedAt` (seconds) makes the token a function of its claims: the same pair can be given twice. */
    async sign(claims: AccessClaims, issuedAt?: number): Promise<{ token: string; expiresAt: number }> {
      const iat = issuedAt ?? Math.floor(Date.now() / 1000);
      const expiresAt = iat + ttlSeconds;
      const token = await new SignJWT({ sid: claims.sid, email: claims.email, role: claims.role })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setIssuedAt(iat)
        .setExpirationTime(expiresAt)
        .setAudience('rifas')
        .sign(key);
      return { token, expiresAt };
    },
    async verify(token: string): Promise<AccessClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, { audience: 'rifas', algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
        return {
          sub: payload.sub,
          sid: payload.sid,
          email: String(payload.email ?? ''),
          role: (payload.role as string | null) ?? null,
        };
      } catch {
        return null;
      }
    },
  };
}

/** Refresh tokens are opaque random strings; only their SHA-256 is stored. */
export const newRefreshToken = (): string => randomBytes(32).toString('base64url');

/**
 * The token that replaces `token` when it is used: a keyed hash of it, so a second refresh with
 * the same token (two tabs at once) can be answered with the very same new token without keeping
 * it anywhere. Unguessable without the server's secret, like a random one.
 */
export const successorRefreshToken = (secret: string, token: string): string =>
  createHmac('sha256', secret).update(`refresh-successor:${token}`).digest('base64url');
export const hashRefreshToken = (token: string): string => createHash('sha256').update(token).digest('hex');
