import type { Role } from '../../domain/roles';

/** Who is acting: set by the guards on every authenticated request, read by the permission rules. */
export type AuthContext = { userId: string; sessionId: string; email: string; role: Role | null };
