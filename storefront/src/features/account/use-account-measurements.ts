import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_LIMITS, type AccountMeasurements } from '@shop/shared';
import { putMeasurements } from './api/account-api';
import { accountQueries } from './api/account-queries';
import { useAccount } from './use-account';

/** The range her account accepts for a measurement, in centimetres. */
const inRange = ([, value]: [string, number]) => Number.isFinite(value) && value >= 30 && value <= 200;

/**
 * The size finder's measurements in her account: read when she is signed in, and `save` adds the ones just typed
 * (the account keeps at most 12, the newest first). Signed out, nothing is read or sent.
 */
export function useAccountMeasurements() {
  const queryClient = useQueryClient();
  const { signedIn } = useAccount();
  const query = useQuery({ ...accountQueries.measurements(), enabled: signedIn });
  const saved = query.data;
  const save = useCallback(
    (read: AccountMeasurements) => {
      if (!signedIn) return;
      const older = Object.entries(saved ?? {}).filter(([key]) => !(key in read));
      const measurements = Object.fromEntries([...Object.entries(read), ...older].filter(inRange).slice(0, ACCOUNT_LIMITS.measurements));
      putMeasurements(measurements).then(
        (answer) => queryClient.setQueryData(accountQueries.measurements().queryKey, answer),
        () => undefined, // The finder answered already; the account is updated next time.
      );
    },
    [signedIn, saved, queryClient],
  );
  return { signedIn, measurements: signedIn ? (saved ?? null) : null, save };
}
