import { useState } from 'react';
import { ErrorNotice } from '@/components/form-parts';
import { useNavigate } from 'react-router-dom';
import { UserRound } from 'lucide-react';
import { errorMessage } from '@shop/client-kit';
import { paths } from '@/config/paths';
import { requestCode } from '../api/account-api';
import { useAccount } from '../use-account';
import '../account-parts.css';

/**
 * On the confirmation of a guest's order: "Guardá tus datos para la próxima". Her e-mail gets a code and she goes on
 * to /cuenta, where the code field waits. Not shown when she is signed in.
 */
export function SaveDataCard({ email }: { email: string }) {
  const navigate = useNavigate();
  const { signedIn, pending } = useAccount();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!email.trim() || signedIn || pending) return null;

  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      await requestCode(email.trim());
      navigate(`${paths.account}?email=${encodeURIComponent(email.trim())}&codigo=1`);
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  };

  return (
    <section className="card account-offer" aria-labelledby="account-offer-title" data-testid="account-offer">
      <UserRound size={28} aria-hidden="true" className="account-offer__icon" />
      <div>
        <h2 id="account-offer-title">Guardá tus datos para la próxima</h2>
        <p className="muted small">
          Con tu cuenta ves todas tus compras, guardás tus direcciones y tus talles, y comprás más rápido. Sin contraseñas: te enviamos un
          código a {email.trim()}.
        </p>
        <button type="button" className="btn btn--outline btn--sm" onClick={() => void save()} disabled={busy} aria-busy={busy}>
          Guardar mis datos
        </button>
        <ErrorNotice error={error} />
      </div>
    </section>
  );
}
