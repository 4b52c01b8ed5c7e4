import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { LucideIcon } from 'lucide-react';
import { errorMessage } from '@shop/client-kit';
import { paths } from '@/config/paths';
import { ErrorNotice } from './form-parts';
import { NarrowPage } from './narrow-page';
import { Spinner } from './spinner';

/** The mutation that sends the link's token, and its answer. */
interface TokenMutation<T> {
  mutate: (token: string) => void;
  data: T | undefined;
  isError: boolean;
  error: unknown;
}

interface UnsubscribePageProps<T extends { message: string }> {
  /** Its icon, its heading, what the tab says after 'Darte de baja · ', and its test id. */
  page: { icon: LucideIcon; title: string; tab: string; testId: string };
  /** Whether the link's token has the right shape (a wrong one is never sent), and what a wrong one says. */
  token: { valid: (token: string) => boolean; bad: string };
  unsubscribe: TokenMutation<T>;
  /** While the token is sent: 'Dando de baja...'. */
  waiting: string;
  /** The test id of the answer's message. */
  doneTestId?: string;
  /** What the answer shows instead of its message. */
  children?: (answer: T) => ReactNode;
}

/**
 * The page of an e-mail's opt-out link (?token=…): sends the token once (also when an effect runs twice, in
 * development's strict mode), says how it went and leads back to the shop.
 */
export function UnsubscribePage<T extends { message: string }>({
  page,
  token: rule,
  unsubscribe,
  waiting,
  doneTestId,
  children,
}: UnsubscribePageProps<T>) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const valid = rule.valid(token);
  const { mutate, data } = unsubscribe;
  const sent = useRef<string | null>(null);

  useEffect(() => {
    document.title = `Darte de baja · ${page.tab}`;
  }, [page.tab]);

  useEffect(() => {
    if (!valid || sent.current === token) return;
    sent.current = token;
    mutate(token);
  }, [valid, token, mutate]);

  const failure = valid ? (unsubscribe.isError ? errorMessage(unsubscribe.error) : null) : rule.bad;
  const done = (answer: T) =>
    children ? (
      children(answer)
    ) : (
      <p className="notice notice--success" role="status" data-testid={doneTestId}>
        {answer.message}
      </p>
    );
  return (
    <NarrowPage icon={page.icon} title={page.title} testId={page.testId} cardClass="unsubscribe">
      {data && done(data)}
      <ErrorNotice error={failure} />
      {!data && !failure && <Spinner label={waiting} />}
      <Link className="btn btn--primary" to={paths.home}>
        Volver a la tienda
      </Link>
    </NarrowPage>
  );
}
