import { useQuery } from '@tanstack/react-query';
import type { AccountSize } from '@shop/shared';
import { accountQueries } from '../api/account-queries';
import { AccountSection, QueryState } from './section-state';

const sizeLine = (size: AccountSize) => `Talle ${size.size} · ${size.productTitle}${size.source === 'exchange' ? ' (cambio)' : ''}`;
const measureName = (key: string) => key.charAt(0).toUpperCase() + key.slice(1);
const centimetres = (value: number) => `${value.toLocaleString('es-AR', { maximumFractionDigits: 1 })} cm`;

/** "Tus talles": the sizes she kept (bought and not returned, or got in an exchange) and her saved measurements. */
export function SizesSection({ sizes }: { sizes: readonly AccountSize[] }) {
  const query = useQuery(accountQueries.measurements());
  return (
    <AccountSection id="account-sizes" title="Tus talles">
      {sizes.length === 0 ? (
        <p className="muted">Cuando compres, acá vas a ver los talles que te quedaron bien.</p>
      ) : (
        <ul className="account-plain-list" data-testid="account-size-list">
          {sizes.map((size, index) => (
            <li key={`${size.productTitle}-${size.size}-${index}`}>{sizeLine(size)}</li>
          ))}
        </ul>
      )}
      <h3 className="account-order__title">Tus medidas</h3>
      <QueryState query={query} loading="Cargando tus medidas...">
        {(measurements) =>
          Object.keys(measurements).length === 0 ? (
            <p className="muted small">
              Todavía no guardaste medidas: el buscador «¿Cuál es mi talle?» de cada producto las guarda en tu cuenta cuando lo usás.
            </p>
          ) : (
            <>
              <ul className="account-plain-list" data-testid="account-measurements">
                {Object.entries(measurements).map(([key, value]) => (
                  <li key={key}>
                    {measureName(key)}: {centimetres(value)}
                  </li>
                ))}
              </ul>
              <p className="muted small">El buscador «¿Cuál es mi talle?» de cada producto usa estas medidas.</p>
            </>
          )
        }
      </QueryState>
    </AccountSection>
  );
}
