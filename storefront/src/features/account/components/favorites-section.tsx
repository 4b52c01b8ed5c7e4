import { ErrorNotice } from '@/components/form-parts';
import { Link } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatPrice } from '@shop/shared';
import { paths } from '@/config/paths';
import { useBusyAction } from '@/lib/use-busy-action';
import { saveFavorites } from '../api/account-api';
import { accountQueries } from '../api/account-queries';
import { AccountSection, QueryState, RemoveButton } from './section-state';

/** "Tus favoritos": what she marked "Me gusta", each with its link and "Quitar". */
export function FavoritesSection() {
  const queryClient = useQueryClient();
  const query = useQuery(accountQueries.favorites());
  const { busy, error, run } = useBusyAction();
  const remove = (productId: string, all: readonly string[]) =>
    run(async () => {
      const saved = await saveFavorites(all.filter((id) => id !== productId));
      queryClient.setQueryData(accountQueries.favorites().queryKey, saved);
    });

  return (
    <AccountSection id="account-favorites" title="Tus favoritos">
      <QueryState query={query} loading="Cargando tus favoritos...">
        {(favorites) =>
          favorites.length === 0 ? (
            <p className="muted">Todavía no marcaste favoritos: tocá el corazón de un producto para guardarlo acá.</p>
          ) : (
            <ul className="account-list">
              {favorites.map((favorite) => (
                <li key={favorite.productId} className="account-list__item" data-testid="account-favorite">
                  <div className="account-favorite">
                    {favorite.image && <img src={favorite.image} alt="" width={56} height={56} loading="lazy" />}
                    <div>
                      <Link to={paths.product(favorite.productId)}>{favorite.title}</Link>
                      <p className="muted small">{formatPrice(favorite.price)}</p>
                    </div>
                  </div>
                  <RemoveButton
                    label={`Quitar ${favorite.title} de favoritos`}
                    busy={busy}
                    onClick={() =>
                      void remove(
                        favorite.productId,
                        favorites.map((f) => f.productId),
                      )
                    }
                  />
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
      <ErrorNotice error={error} />
    </AccountSection>
  );
}
