import { createContext, useContext } from 'react';
import type { SessionUser } from './admin-user';

export type LoginResult = { success: true } | { success: false; error: string };

export interface AuthState {
  user: SessionUser | null;
  token: string | null;
  /** True until the stored session has been restored (and checked). */
  loading: boolean;
  isAuthenticated: boolean;
  isAdmin: boolean;
  login: (email: string, password: string) => Promise<LoginResult>;
  logout: () => void;
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
