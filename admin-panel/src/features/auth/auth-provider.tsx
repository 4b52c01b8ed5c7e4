import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { STORAGE_KEYS, MSG } from '@shop/shared';
import { storage } from '@/lib/storage';
import { SESSION_EXPIRED, sessionEvents } from '@/lib/session-events';
import { ApiError } from '@shop/client-kit';
import { AuthContext, type AuthState, type LoginResult } from './auth-context';
import { isAdmin, parseStoredUser, toSessionUser, type SessionUser } from './admin-user';
import { loginRequest } from './api/login';
import { checkAuth } from './api/check-auth';
import { endSession, renewSession } from './api/session';

/** How often an open back office swaps its token for a fresh one (tokens live 8 hours). */
export const RENEW_EVERY_MS = 30 * 60 * 1000;

function persistUser(user: SessionUser) {
  storage.set(STORAGE_KEYS.adminUser, JSON.stringify(user));
}

function clearSession() {
  storage.remove(STORAGE_KEYS.adminToken);
  storage.remove(STORAGE_KEYS.adminUser);
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [user, setUser] = useState<SessionUser | null>(null);
  const [token, setToken] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);

  // Restore the stored session, then confirm it with /auth/check.
  useEffect(() => {
    let cancelled = false;
    const storedToken = storage.get(STORAGE_KEYS.adminToken);
    const rawUser = storage.get(STORAGE_KEYS.adminUser);
    const storedUser = parseStoredUser(rawUser);
    if (rawUser !== null && storedUser === null) storage.remove(STORAGE_KEYS.adminUser);

    if (!storedToken) {
      setLoading(false);
      return;
    }
    checkAuth()
      .then(({ user: answered }) => {
        if (cancelled) return;
        const checked = toSessionUser(answered);
        persistUser(checked);
        setUser(checked);
        setToken(storedToken);
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        // A rejected token ends the session; an unreachable server keeps the stored one.
        if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
          clearSession();
        } else if (storedUser) {
          setUser(storedUser);
          setToken(storedToken);
        }
      })
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, []);

  const login = useCallback(async (email: string, password: string): Promise<LoginResult> => {
    try {
      const { token: newToken, user: answered } = await loginRequest({ email, password });
      const newUser = toSessionUser(answered);
      if (!isAdmin(newUser)) return { success: false, error: 'Acceso denegado: se requieren permisos de administrador' };
      storage.set(STORAGE_KEYS.adminToken, newToken);
      persistUser(newUser);
      setToken(newToken);
      setUser(newUser);
      return { success: true };
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) return { success: false, error: MSG.login.rateLimited };
      if (error instanceof ApiError && (error.status === 401 || error.status === 400)) {
        return { success: false, error: MSG.login.invalid };
      }
      return { success: false, error: MSG.login.error };
    }
  }, []);

  const logout = useCallback(() => {
    const current = storage.get(STORAGE_KEYS.adminToken);
    clearSession();
    setToken(null);
    setUser(null);
    queryClient.clear();
    // Signing out ends the token on the server too (best effort: offline, the local session still ends).
    if (current) endSession(current).catch(() => undefined);
  }, [queryClient]);

  const replaceToken = useCallback((next: string) => {
    storage.set(STORAGE_KEYS.adminToken, next);
    setToken(next);
  }, []);

  // While the back office is open, its token is renewed well before it expires.
  useEffect(() => {
    if (!token) return;
    const timer = window.setInterval(() => {
      renewSession()
        .then(({ token: fresh }) => replaceToken(fresh))
        .catch(() => undefined);
    }, RENEW_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [token, replaceToken]);

  // A token the server no longer accepts (expired, user removed) ends the session: the guard shows the login.
  useEffect(() => {
    const onExpired = () => logout();
    sessionEvents.addEventListener(SESSION_EXPIRED, onExpired);
    return () => sessionEvents.removeEventListener(SESSION_EXPIRED, onExpired);
  }, [logout]);

  const updateUser = useCallback((next: SessionUser) => {
    persistUser(next);
    setUser(next);
  }, []);

  const value = useMemo<AuthState>(
    () => ({
      user,
      token,
      loading,
      isAuthenticated: user !== null && token !== null,
      isAdmin: user !== null && token !== null && isAdmin(user),
      login,
      logout,
      updateUser,
      replaceToken,
    }),
    [user, token, loading, login, logout, updateUser, replaceToken],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
