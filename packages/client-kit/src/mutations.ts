import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

interface WriteOptions<TData, TVariables> {
  mutationFn: (variables: TVariables) => Promise<TData>;
  /** Query-key prefixes (from the feature's query factories) the write makes stale. */
  invalidates: (data: TData | undefined) => QueryKey[];
  /** Runs after a success, before the queries are refreshed (e.g. to put the answer in the cache). */
  onSuccess?: (data: TData) => void;
  /** Refresh also after a failure (the server may have changed things anyway). */
  invalidateOnError?: boolean;
}

/** A mutation that refreshes the queries its write makes stale. */
export function useWriteMutation<TData, TVariables>(options: WriteOptions<TData, TVariables>) {
  const queryClient = useQueryClient();
  const refresh = async (data: TData | undefined) => {
    await Promise.all(options.invalidates(data).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  };
  return useMutation({
    mutationFn: options.mutationFn,
    onSuccess: async (data) => {
      options.onSuccess?.(data);
      if (!options.invalidateOnError) await refresh(data);
    },
    onSettled: options.invalidateOnError ? async (data) => refresh(data) : undefined,
  });
}
