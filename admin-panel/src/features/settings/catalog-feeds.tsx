import { useRef } from 'react';
import { ShoppingBag } from 'lucide-react';
import { FEED_PATHS } from '@shop/shared';
import { CopyButton } from '@/components/copy-button';
import { DetailCard } from '@/components/detail-card';

interface FeedFieldProps {
  id: string;
  label: string;
  url: string;
  /** What the button copies, for its name: 'el enlace para Meta'. */
  what: string;
}

/** A feed's address in a read-only field (selected whole on focus) with 'Copiar' beside it. */
function FeedField({ id, label, url, what }: FeedFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="feed-row">
        <input id={id} ref={input} type="url" value={url} readOnly onFocus={(event) => event.currentTarget.select()} />
        <CopyButton text={url} what={what} copiedText="Enlace copiado" field={input} />
      </div>
    </div>
  );
}

/**
 * 'Catálogo para Instagram y Google': the shop's product feeds (public, on the shop's own address) and how to give
 * them to Meta Commerce Manager and Google Merchant Center once; both fetch them again every day by themselves.
 */
export function CatalogFeeds() {
  const origin = window.location.origin;
  return (
    <DetailCard headingId="catalog-feeds-title" title="Catálogo para Instagram y Google" icon={ShoppingBag} testId="catalog-feeds">
      <div className="stack">
        <p className="muted">
          Con estos enlaces tus productos aparecen en la tienda de Instagram y Facebook y en Google Shopping. El catálogo se actualiza solo
          cada vez que cambiás un producto (precio, stock, fotos): no hace falta volver a subirlo.
        </p>
        <FeedField
          id="feed-meta"
          label="Enlace para Meta (Instagram y Facebook)"
          url={`${origin}${FEED_PATHS.meta}`}
          what="el enlace para Meta"
        />
        <FeedField
          id="feed-google"
          label="Enlace para Google Merchant Center"
          url={`${origin}${FEED_PATHS.google}`}
          what="el enlace para Google"
        />
        <section aria-labelledby="feed-meta-steps">
          <h3 id="feed-meta-steps">Cómo cargarlo en Meta Commerce Manager</h3>
          <ol className="feed-steps">
            <li>Entrá a Meta Commerce Manager y abrí el catálogo de la tienda.</li>
            <li>
              Andá a <strong>Catálogo → Orígenes de datos → Agregar artículos</strong>.
            </li>
            <li>
              Elegí <strong>Feed de datos</strong> y después <strong>URL programada</strong>.
            </li>
            <li>
              Pegá el enlace para Meta y elegí que se actualice <strong>todos los días</strong> (diaria).
            </li>
          </ol>
        </section>
        <section aria-labelledby="feed-google-steps">
          <h3 id="feed-google-steps">Cómo cargarlo en Google Merchant Center</h3>
          <ol className="feed-steps">
            <li>Entrá a Google Merchant Center con la cuenta de la tienda.</li>
            <li>
              Andá a <strong>Productos → Feeds</strong> y agregá un <strong>feed principal</strong>.
            </li>
            <li>
              Como forma de cargar los productos elegí <strong>Recuperación programada</strong>.
            </li>
            <li>Pegá el enlace para Google y elegí una frecuencia diaria.</li>
          </ol>
        </section>
        <p className="hint">
          La categoría de Google de cada categoría de la tienda se elige en Contenido → Sección Catálogo (si la dejás vacía, se usa ropa
          interior).
        </p>
      </div>
    </DetailCard>
  );
}
