import { createContext, useContext } from 'react';
import type { SessionUser } from './admin-user';

/** What a sign-in attempt gave: a session, the code step of two-factor sign-in, or the reason it failed. */
export type LoginResult =
  | { kind: 'signed-in'; user: SessionUser }
  | { kind: 'two-factor'; challenge: string }
  | { kind: 'error'; error: string };

export interface AuthState {
  user: SessionUser | null;
  token: string | null;
  /** True until the stored session has been restored (and checked). */
  loading: boolean;
  isAuthenticated: boolean;
  isAdmin: boolean;
  login: (email: string, password: string) => Promise<LoginResult>;
  /** The code step of a two-factor sign-in (the challenge from `login`). */
  verifyTwoFactor: (challenge: string, code: string) => Promise<LoginResult>;
  /** Ends the session; `notice` is what the login then says (e.g. why the session ended). */
  logout: (notice?: string) => void;
  /** The message the last `logout` left for the login screen. */
  notice: string | null;
  /** The owner requires two-factor sign-in and this account lacks it: only its setup (in settings) is open. */
  mustSetUpTwoFactor: boolean;
  updateUser: (user: SessionUser) => void;
  /** Keeps a token the server issued for this session (password change, renewal). */
  replaceToken: (token: string) => void;
}

export const AuthContext = createContext<AuthState | null>(null);

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
