import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export type AccessClaims = { sub: string; sid: string; email: string; role: string | null };

export function createAccessTokens(secret: string, ttlSeconds: number) {
  const key = new TextEncoder().encode(secret);
  return {
    ttlSeconds,
    async sign(claims: AccessClaims): Promise<{ token: string; expiresAt: number }> {
      const expiresAt = Math.floor(Date.now() / 1000) + ttlSeconds;
      const token = await new SignJWT({ sid: claims.sid, email: claims.email, role: claims.role })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setIssuedAt()
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
export const hashRefreshToken = (token: string): string => createHash('sha256').update(token).digest('hex');
