import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { STORAGE_KEYS, MSG, type ApiUser } from '@shop/shared';
import { storage } from '@/lib/storage';
import { PASSWORD_CHANGE_REQUIRED, SESSION_EXPIRED, TWO_FACTOR_SETUP_REQUIRED, sessionEvents } from '@/lib/session-events';
import { ApiError } from '@shop/client-kit';
import { AuthContext, type AuthState, type LoginResult } from './auth-context';
import { isAdmin, parseStoredUser, toSessionUser, type SessionUser } from './admin-user';
import { loginRequest } from './api/login';
import { verifyTwoFactorRequest } from './api/verify-two-factor';
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
  const [notice, setNotice] = useState<string | null>(null);
  // Set by a 403 "the shop requires two-factor sign-in" (the server's word; no copy of the setting is kept here).
  const [twoFactorDemanded, setTwoFactorDemanded] = useState(false);

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

  /** Keeps the session the server answered (a staff account only). */
  const startSession = useCallback((newToken: string, answered: ApiUser): LoginResult => {
    const newUser = toSessionUser(answered);
    if (!isAdmin(newUser)) return { kind: 'error', error: 'Acceso denegado: se requieren permisos de administrador' };
    storage.set(STORAGE_KEYS.adminToken, newToken);
    persistUser(newUser);
    setNotice(null);
    setToken(newToken);
    setUser(newUser);
    return { kind: 'signed-in', user: newUser };
  }, []);

  const login = useCallback(
    async (email: string, password: string): Promise<LoginResult> => {
      try {
        const answer = await loginRequest({ email, password });
        if ('twoFactorRequired' in answer) return { kind: 'two-factor', challenge: answer.challenge };
        return startSession(answer.token, answer.user);
      } catch (error) {
        if (error instanceof ApiError && error.status === 429) return { kind: 'error', error: MSG.login.rateLimited };
        if (error instanceof ApiError && (error.status === 401 || error.status === 400)) {
          return { kind: 'error', error: MSG.login.invalid };
        }
        return { kind: 'error', error: MSG.login.error };
      }
    },
    [startSession],
  );

  const verifyTwoFactor = useCallback(
    async (challenge: string, code: string): Promise<LoginResult> => {
      try {
        const { token: newToken, user: answered } = await verifyTwoFactorRequest({ challenge, code });
        return startSession(newToken, answered);
      } catch (error) {
        // The server's own words: a wrong or used code, an expired sign-in, too many attempts.
        if (error instanceof ApiError && error.status !== undefined && error.status < 500) return { kind: 'error', error: error.message };
        return { kind: 'error', error: MSG.login.error };
      }
    },
    [startSession],
  );

  const logout = useCallback(
    (message?: string) => {
      const current = storage.get(STORAGE_KEYS.adminToken);
      clearSession();
      setNotice(message ?? null);
      setTwoFactorDemanded(false);
      setToken(null);
      setUser(null);
      queryClient.clear();
      // Signing out ends the token on the server too (best effort: offline, the local session still ends).
      if (current) endSession(current).catch(() => undefined);
    },
    [queryClient],
  );

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

  // A route answering "change the temporary password first" (e.g. the password was reset meanwhile): the guard
  // then opens the password change.
  useEffect(() => {
    const onRequired = () =>
      setUser((current) => {
        if (!current || current.mustChangePassword) return current;
        const next = { ...current, mustChangePassword: true };
        persistUser(next);
        return next;
      });
    sessionEvents.addEventListener(PASSWORD_CHANGE_REQUIRED, onRequired);
    return () => sessionEvents.removeEventListener(PASSWORD_CHANGE_REQUIRED, onRequired);
  }, []);

  // A route answering "the shop requires two-factor sign-in": the guard opens its setup until it is on.
  useEffect(() => {
    const onDemanded = () => setTwoFactorDemanded(true);
    sessionEvents.addEventListener(TWO_FACTOR_SETUP_REQUIRED, onDemanded);
    return () => sessionEvents.removeEventListener(TWO_FACTOR_SETUP_REQUIRED, onDemanded);
  }, []);
  const mustSetUpTwoFactor = twoFactorDemanded && user !== null && !user.twoFactorEnabled;

  const value = useMemo<AuthState>(
    () => ({
      user,
      token,
      loading,
      isAuthenticated: user !== null && token !== null,
      isAdmin: user !== null && token !== null && isAdmin(user),
      login,
      verifyTwoFactor,
      logout,
      notice,
      mustSetUpTwoFactor,
      updateUser,
      replaceToken,
    }),
    [user, token, loading, login, verifyTwoFactor, logout, notice, mustSetUpTwoFactor, updateUser, replaceToken],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
