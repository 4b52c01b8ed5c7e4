import { useQuery, useQueryClient } from '@tanstack/react-query';
import { accountQueries } from './api/account-queries';
import type { SignedInAccount } from './api/account-api';
import { hasAccountHint, setAccountHint } from './account-hint';

export interface AccountState {
  /** Her account once GET /account answered it; null while unknown or signed out. */
  account: SignedInAccount | null;
  signedIn: boolean;
  /** Still asking whether she is signed in. */
  pending: boolean;
}

/**
 * Whether she is signed in. Outside /cuenta GET /account is asked only when this browser signed in before (see
 * account-hint.ts); `always` asks anyway.
 */
export function useAccount({ always = false }: { always?: boolean } = {}): AccountState {
  const enabled = always || hasAccountHint();
  const query = useQuery({ ...accountQueries.me(), enabled });
  const account = query.data ?? null;
  return { account, signedIn: account !== null, pending: enabled && query.isPending };
}

/** What follows a sign-in, a sign-out or the deletion: the hint, and every 'account' query asked again or dropped. */
export function useAccountCache() {
  const queryClient = useQueryClient();
  return {
    signedIn: async () => {
      setAccountHint(true);
      await queryClient.invalidateQueries({ queryKey: accountQueries.all() });
    },
    signedOut: () => {
      setAccountHint(false);
      queryClient.removeQueries({ queryKey: accountQueries.all() });
      queryClient.setQueryData(accountQueries.me().queryKey, null);
    },
  };
}
