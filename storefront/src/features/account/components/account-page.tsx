import { useEffect, useState } from 'react';
import { UserRound } from 'lucide-react';
import { errorMessage } from '@shop/client-kit';
import { Spinner } from '@/components/spinner';
import { useQuery } from '@tanstack/react-query';
import { accountQueries } from '../api/account-queries';
import type { Farewell } from '../account-types';
import { AccountHome } from './account-home';
import { SignIn } from './sign-in';
import '../account.css';

/** What she reads once signed out: the answer's message, and after a deletion what went and what the law keeps. */
function FarewellNotice({ farewell }: { farewell: Farewell }) {
  return (
    <div className="notice notice--success account-farewell" role="status" data-testid="account-farewell">
      <p>{farewell.message}</p>
      {farewell.deleted && farewell.deleted.length > 0 && (
        <>
          <p className="account-farewell__title">Eliminamos:</p>
          <ul>
            {farewell.deleted.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      )}
      {farewell.kept && farewell.kept.length > 0 && (
        <>
          <p className="account-farewell__title">Conservamos, porque la ley lo pide:</p>
          <ul>
            {farewell.kept.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** /cuenta: her sign-in, or her account once signed in (GET /account answers 401 while she is not). */
export default function AccountPage() {
  const me = useQuery(accountQueries.me());
  const [farewell, setFarewell] = useState<Farewell | null>(null);

  useEffect(() => {
    document.title = 'Mi cuenta';
  }, []);

  let body;
  if (me.isPending) body = <Spinner label="Cargando tu cuenta..." />;
  else if (me.isError) {
    body = (
      <div className="state-box state-box--error" role="alert">
        <p>{errorMessage(me.error)}</p>
        <button type="button" className="btn btn--outline" onClick={() => void me.refetch()}>
          Reintentar
        </button>
      </div>
    );
  } else if (me.data) body = <AccountHome account={me.data} onLeave={setFarewell} />;
  else {
    body = (
      <>
        {farewell && <FarewellNotice farewell={farewell} />}
        <div className="card account-card">
          <SignIn />
        </div>
      </>
    );
  }

  return (
    <div className={`container page ${me.data ? 'account-page' : 'page--narrow'}`} data-testid="account-page">
      <header className="page__header center">
        <UserRound size={44} aria-hidden="true" className="page__icon" />
        <h1 className="page__title">Mi cuenta</h1>
        {me.data && <p className="muted">Entraste como {me.data.email}</p>}
      </header>
      {body}
    </div>
  );
}
