import type { Profile, Session } from '@domain/auth';
import { createContext } from 'react';
import type { ApiError } from '@/lib/api-error';
import type { SignInCredentials, SignInResult } from '@/lib/session';

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

export type AuthContextValue = {
  status: AuthStatus;
  session: Session | null;
  profile: Profile | null;
  isAdmin: boolean;
  isStaff: boolean;
  signIn: (credentials: SignInCredentials) => Promise<SignInResult>;
  signOut: () => Promise<{ error: ApiError | null }>;
};

export const AuthContext = createContext<AuthContextValue | null>(null);
