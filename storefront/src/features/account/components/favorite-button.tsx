import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Heart } from 'lucide-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@shop/client-kit';
import { paths } from '@/config/paths';
import { saveFavorites } from '../api/account-api';
import { accountQueries } from '../api/account-queries';
import { useAccount } from '../use-account';
import '../account-parts.css';

export const FAVORITE_SIGN_IN_TEXT = 'Entrá a tu cuenta para guardar favoritos';

/** "Me gusta" on the product page: saved in her account when she is signed in; otherwise it says how to. */
export function FavoriteButton({ productId }: { productId: string }) {
  const queryClient = useQueryClient();
  const { signedIn } = useAccount();
  const favorites = useQuery({ ...accountQueries.favorites(), enabled: signedIn });
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [askSignIn, setAskSignIn] = useState(false);
  const pressed = signedIn && (favorites.data ?? []).some((favorite) => favorite.productId === productId);

  const toggle = async () => {
    setError(null);
    setNote(null);
    if (!signedIn) {
      setAskSignIn(true);
      return;
    }
    setBusy(true);
    try {
      const current = favorites.data ?? (await queryClient.fetchQuery(accountQueries.favorites()));
      const ids = current.map((favorite) => favorite.productId);
      const saved = await saveFavorites(pressed ? ids.filter((id) => id !== productId) : [...ids, productId]);
      queryClient.setQueryData(accountQueries.favorites().queryKey, saved);
      setNote(pressed ? 'Lo quitamos de tus favoritos.' : 'Lo guardamos en tus favoritos.');
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="favorite" data-testid="favorite">
      <button
        type="button"
        className={`favorite__button ${pressed ? 'favorite__button--on' : ''}`}
        aria-pressed={pressed}
        aria-label={pressed ? 'Quitar de favoritos' : 'Agregar a favoritos'}
        disabled={busy}
        onClick={() => void toggle()}
      >
        <Heart size={20} aria-hidden="true" fill={pressed ? 'currentColor' : 'none'} />
      </button>
      <div role="status" className="favorite__note small">
        {askSignIn && (
          <p>
            {FAVORITE_SIGN_IN_TEXT}: <Link to={paths.account}>Mi cuenta</Link>
          </p>
        )}
        {note && <p>{note}</p>}
      </div>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
