import { useQuery } from '@tanstack/react-query';
import { Ruler } from 'lucide-react';
import { FIT_NOTES, fitBasis, type FitReportAnswer } from '@shop/shared';
import { DataTable, QueryStates } from '@/components/data-table';
import { DetailCard } from '@/components/detail-card';
import { usePermission } from '@/features/auth';
import { fitReportQueries } from './api/product-fit';

const TEXTS = {
  loading: 'Cargando el calce del producto...',
  failure: 'Error al cargar el calce del producto',
  emptyTitle: 'Todavía no hay cambios por talle ni opiniones sobre el calce de este producto',
  emptyText: 'Cuando una clienta cambie de talle o devuelva por «Me quedó chico» o «Me quedó grande», se cuenta acá.',
};

const percent = (share: number) => `${Math.round(share * 100)} %`;

/** Each source of the figure with its count: the exchanges and size returns, the approved reviews' fit answers. */
function Sources({ sources }: { sources: FitReportAnswer['sources'] }) {
  const { up, down } = sources.exchanges;
  const { small, true: fits, large } = sources.reviews;
  return (
    <ul className="fit-sources" data-testid="fit-sources" aria-label="En qué se basa">
      <li>
        Cambios y devoluciones por talle: {up + down} ({up} un talle más, {down} un talle menos)
      </li>
      <li>
        Opiniones aprobadas: {small + fits + large} ({small} chico, {fits} justo, {large} grande)
      </li>
    </ul>
  );
}

/** What the product page shows, or why it shows nothing yet. */
function summary(report: FitReportAnswer): string {
  if (!report.figure) return 'Sin cambios por talle ni opiniones sobre el calce todavía.';
  const note = `${FIT_NOTES[report.figure.direction]} (${fitBasis(report.figure.basedOn, report.sources).toLowerCase()}).`;
  if (report.shown) return `La página del producto muestra: «${note}»`;
  const missing = report.minimum - report.figure.basedOn;
  return `${note} La página del producto lo muestra desde ${report.minimum} cambios u opiniones: faltan ${missing}.`;
}

/**
 * 'Calce' of a product being edited (the owner's): how it fits from the shop's exchanges, size returns and approved
 * reviews (each source with its count), by the size she bought, with units sold and the share of sales exchanged.
 */
export function FitReportCard({ productId }: { productId: string }) {
  const allowed = usePermission('reports.view');
  const report = useQuery({ ...fitReportQueries.forProduct(productId), enabled: allowed });
  if (!allowed) return null;
  const data = report.data;
  return (
    <DetailCard headingId="fit-report-title" title="Calce" icon={Ruler} testId="fit-report">
      <QueryStates query={report} texts={TEXTS} empty={!data || (data.up + data.down === 0 && data.exchanged === 0 && !data.figure)}>
        {data && (
          <>
            <p data-testid="fit-summary">{summary(data)}</p>
            <Sources sources={data.sources} />
            <p className="muted">
              {data.exchanged} de {data.sold} {data.sold === 1 ? 'prenda vendida' : 'prendas vendidas'} se cambiaron (
              {percent(data.exchangedShare)}). Subieron de talle {data.up}, bajaron {data.down}.
            </p>
            <DataTable
              testId="fit-report-table"
              caption="Cambios por talle comprado"
              columns={['Talle', 'Vendidas', 'Un talle más', 'Un talle menos', 'Cambiadas']}
            >
              {data.sizes.map((row) => (
                <tr key={row.size}>
                  <td data-label="Talle">{row.size}</td>
                  <td data-label="Vendidas">{row.sold}</td>
                  <td data-label="Un talle más">{row.up}</td>
                  <td data-label="Un talle menos">{row.down}</td>
                  <td data-label="Cambiadas">{row.exchanged}</td>
                </tr>
              ))}
            </DataTable>
          </>
        )}
      </QueryStates>
    </DetailCard>
  );
}
