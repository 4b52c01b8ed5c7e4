import { useState, type FormEvent } from 'react';
import { ErrorNotice } from '@/components/form-parts';
import { useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_MSG, ACCOUNT_PREFERENCE_LABELS, type AccountPreferences } from '@shop/shared';
import { useBusyAction } from '@/lib/use-busy-action';
import { savePreferences } from '../api/account-api';
import { accountQueries } from '../api/account-queries';
import { AccountSection } from './section-state';

const KEYS = Object.keys(ACCOUNT_PREFERENCE_LABELS) as (keyof AccountPreferences)[];

/** "Tus preferencias de e-mail": which optional mails she accepts (an order's own mails always go). */
export function PreferencesSection({ preferences }: { preferences: AccountPreferences }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<AccountPreferences>(preferences);
  const { busy, error, run } = useBusyAction();
  const [status, setStatus] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setStatus('');
    return run(async () => {
      const account = await savePreferences(values);
      queryClient.setQueryData(accountQueries.me().queryKey, account);
      setValues(account.preferences);
      setStatus(ACCOUNT_MSG.saved);
    });
  };

  return (
    <AccountSection id="account-preferences" title="Tus preferencias de e-mail">
      <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="account-preferences-title">
        <fieldset className="account-checks">
          <legend className="muted small">Los e-mails de tus pedidos te llegan siempre. Elegí cuáles otros querés recibir:</legend>
          {KEYS.map((key) => (
            <label key={key} className="account-check">
              <input
                type="checkbox"
                checked={values[key]}
                onChange={(event) => {
                  setValues((v) => ({ ...v, [key]: event.target.checked }));
                  setStatus('');
                }}
              />
              {ACCOUNT_PREFERENCE_LABELS[key]}
            </label>
          ))}
        </fieldset>
        <button type="submit" className="btn btn--primary btn--sm" disabled={busy} aria-busy={busy}>
          Guardar preferencias
        </button>
        <p className="account-status" role="status" data-testid="account-preferences-status">
          {status}
        </p>
        <ErrorNotice error={error} />
      </form>
    </AccountSection>
  );
}
