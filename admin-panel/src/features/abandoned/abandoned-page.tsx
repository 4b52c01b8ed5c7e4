import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatPrice, type AbandonedCheckout } from '@shop/shared';
import { DataTable, TableCard } from '@/components/data-table';
import { PageHeader } from '@/components/page-header';
import { Pagination } from '@/components/pagination';
import { RefreshButton } from '@/components/refresh-button';
import { abandonedQueries } from './api/abandoned-queries';
import { AbandonedWhatsappLink, recoveryUrl } from './abandoned-whatsapp';

const PAGE_SIZE = 20;
const TEXTS = {
  loading: 'Cargando carritos...',
  failure: 'Error al cargar los carritos abandonados',
  emptyTitle: 'No hay carritos abandonados',
};

/** '45 min', '3 h', '2 días'. */
export function ageText(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} días`;
}

function Lines({ draft }: { draft: AbandonedCheckout }) {
  return (
    <ul className="abandoned-lines">
      {draft.lines.map((line, i) => {
        const variant = [line.color, line.size].filter(Boolean).join(' ');
        return (
          <li key={`${line.productId}-${i}`}>
            {line.title}
            {variant ? ` · ${variant}` : ''} × {line.quantity}
            {!line.available && <span className="badge badge-danger abandoned-soldout">Sin stock</span>}
          </li>
        );
      })}
    </ul>
  );
}

function Row({ draft }: { draft: AbandonedCheckout }) {
  return (
    <tr data-testid="abandoned-row">
      <td data-label="Contacto">
        <div className="email-stack abandoned-contact">
          <strong>{draft.fullName ?? 'Sin nombre'}</strong>
          {draft.email && <span className="cell-sub">{draft.email}</span>}
          {draft.phone && <span className="cell-sub">{draft.phone}</span>}
        </div>
      </td>
      <td data-label="Productos">
        <Lines draft={draft} />
      </td>
      <td data-label="Total hoy" className="nowrap">
        {formatPrice(draft.total)}
      </td>
      <td data-label="Hace" className="nowrap">
        {ageText(draft.ageMinutes)}
        {draft.emailSentAt && <span className="cell-sub">Correo enviado</span>}
      </td>
      <td data-label="Acciones">
        <div className="abandoned-actions">
          <AbandonedWhatsappLink draft={draft} />
          <a className="btn btn-secondary btn-sm" href={recoveryUrl(draft.token)} target="_blank" rel="noopener noreferrer">
            Ver carrito
          </a>
        </div>
      </td>
    </tr>
  );
}

/** 'Carritos abandonados' (orders.view): checkouts left with a contact and no order, priced today, newest first. */
export function AbandonedPage() {
  const [page, setPage] = useState(1);
  const list = useQuery(abandonedQueries.list(page, PAGE_SIZE));
  const drafts = list.data?.data ?? [];
  const total = list.data?.meta.total ?? 0;
  const after = list.data?.meta.afterMinutes;
  return (
    <div className="page" data-testid="abandoned-page">
      <PageHeader
        title="Carritos abandonados"
        description={`Compradoras que dejaron su contacto en el checkout y no terminaron la compra${
          after !== undefined ? ` (después de ${ageText(after)} sin pedido)` : ''
        }. Los precios son los de hoy.`}
      />
      <section className="card filters" aria-label="Acciones de la lista">
        <RefreshButton busy={list.isFetching} onClick={() => void list.refetch()} />
      </section>
      <TableCard
        query={list}
        label="Carritos abandonados"
        texts={{ ...TEXTS, emptyText: 'Cuando una compradora deje el checkout sin comprar, aparece acá.' }}
        empty={drafts.length === 0}
        footer={<Pagination page={page} totalPages={Math.ceil(total / PAGE_SIZE)} onChange={setPage} label="Páginas de carritos" />}
      >
        <DataTable
          testId="abandoned-table"
          caption="Carritos abandonados"
          columns={['Contacto', 'Productos', 'Total hoy', 'Hace', 'Acciones']}
        >
          {drafts.map((draft) => (
            <Row key={draft.token} draft={draft} />
          ))}
        </DataTable>
      </TableCard>
    </div>
  );
}
