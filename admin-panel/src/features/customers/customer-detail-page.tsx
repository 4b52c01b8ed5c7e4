import { Link, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import { ApiError } from '@shop/client-kit';
import { errorMessage } from '@shop/client-kit';
import { ORDER_CHANNEL_LABELS, formatPrice, whatsappLink, type CustomerSummary } from '@shop/shared';
import { DetailCard } from '@/components/detail-card';
import { paths } from '@/config/paths';
import { formatDate, formatDateTime } from '@/lib/format-date';
import { BackLink } from '@/components/back-link';
import { DataTable } from '@/components/data-table';
import { Loaded } from '@/components/feedback';
import { PageHeader } from '@/components/page-header';
import { PaymentBadge, StatusBadge } from '@/components/status-badge';
import { WhatsappButton } from '@/components/whatsapp-button';
import { customerQueries } from './api/customer-queries';
import './customers.css';

const ORDER_COLUMNS = ['Orden', 'Fecha', 'Canal', 'Pago', 'Estado', 'Total'];

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}

/** "Escribir por WhatsApp" to the customer's phone, a greeting written; disabled with the reason when it is not a mobile. */
function CustomerWhatsapp({ customer }: { customer: CustomerSummary }) {
  const href = customer.phone ? whatsappLink(customer.phone, `¡Hola ${firstName(customer.name)}!`) : null;
  const why = customer.phone ? `El teléfono «${customer.phone}» no es un celular argentino válido.` : 'No dejó teléfono.';
  return <WhatsappButton href={href} why={{ id: 'customer-wa-why', text: why }} testId="customer-whatsapp" />;
}

/** One customer: her contact, totals and every order (each linking to its detail). */
export function CustomerDetailPage() {
  const { id = '' } = useParams();
  const query = useQuery(customerQueries.detail(id));
  return (
    <div className="page" data-testid="customer-detail-page">
      <Loaded
        query={query}
        loading="Cargando cliente..."
        errorText={(e) => `Error al cargar el cliente: ${errorMessage(e)}`}
        refusal={(e) =>
          e instanceof ApiError && e.status === 404 ? (
            <p>
              No encontramos ese cliente. <Link to={paths.customers}>Volver a Clientes</Link>
            </p>
          ) : null
        }
      >
        {({ customer, orders, accountSince }) => (
          <>
            <PageHeader
              title={customer.name}
              description={`Cliente desde ${formatDate(customer.firstOrderAt)}`}
              before={<BackLink to={paths.customers}>Volver a Clientes</BackLink>}
            >
              <div className="page-header-actions">
                <CustomerWhatsapp customer={customer} />
                {customer.email && (
                  <a className="btn btn-secondary" href={`mailto:${customer.email}`}>
                    <Mail size={16} aria-hidden="true" /> Enviar e-mail
                  </a>
                )}
              </div>
            </PageHeader>
            <section className="card customer-facts" aria-label="Datos del cliente">
              <dl>
                <div>
                  <dt>E-mail</dt>
                  <dd>{customer.email ?? 'Sin e-mail'}</dd>
                </div>
                <div>
                  <dt>Teléfono</dt>
                  <dd>{customer.phone ?? 'Sin teléfono'}</dd>
                </div>
                <div>
                  <dt>Órdenes</dt>
                  <dd>{customer.orders}</dd>
                </div>
                <div>
                  <dt>Total gastado</dt>
                  <dd>{formatPrice(customer.totalSpent)}</dd>
                </div>
                <div>
                  <dt>Última compra</dt>
                  <dd>{formatDate(customer.lastOrderAt)}</dd>
                </div>
                <div>
                  <dt>Canales</dt>
                  <dd>{customer.channels.map((ch) => ORDER_CHANNEL_LABELS[ch]).join(', ')}</dd>
                </div>
                <div>
                  <dt>Cuenta en la tienda</dt>
                  <dd>{accountSince ? `Sí, desde ${formatDate(accountSince)}` : 'No tiene'}</dd>
                </div>
              </dl>
              <p className="muted">El total gastado no cuenta las órdenes canceladas ni reembolsadas.</p>
            </section>
            <DetailCard headingId="customer-orders-title" title="Sus órdenes" className="table-card">
              <DataTable testId="customer-orders" caption="Órdenes del cliente" columns={ORDER_COLUMNS}>
                {orders.map((o) => (
                  <tr key={o._id}>
                    <td data-label="Orden">
                      <Link to={paths.order(o._id)}>#{o.orderNumber}</Link>
                    </td>
                    <td data-label="Fecha">{formatDateTime(o.createdAt)}</td>
                    <td data-label="Canal">{ORDER_CHANNEL_LABELS[o.channel]}</td>
                    <td data-label="Pago">
                      <PaymentBadge method={o.paymentMethod} />
                    </td>
                    <td data-label="Estado">
                      <StatusBadge status={o.status} />
                    </td>
                    <td data-label="Total">{formatPrice(o.total)}</td>
                  </tr>
                ))}
              </DataTable>
            </DetailCard>
          </>
        )}
      </Loaded>
    </div>
  );
}
