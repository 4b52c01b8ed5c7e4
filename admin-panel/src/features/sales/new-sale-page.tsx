import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { ShoppingBag } from 'lucide-react';
import { WHATSAPP_MSG } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { DetailCard } from '@/components/detail-card';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { Banner } from '@/components/feedback';
import { useCreateSale } from './api/sales-api';
import { SaleCustomerFields } from './sale-customer-fields';
import { SaleLines } from './sale-lines';
import { addLine, atRegister, emptySale, saleBody, tenderedPesos, type SaleForm } from './sale-model';
import { SaleCounterFields } from './sale-counter-fields';
import { SaleChannelField, SaleOptions } from './sale-options';
import { SaleProductPicker } from './sale-product-picker';
import { SaleSummary, useSaleTotal } from './sale-summary';
import './sales.css';

/** What the form misses before it may be sent (Spanish), or null. */
function missing(form: SaleForm, total: number | null): string | null {
  if (form.lines.length === 0) return 'Agregá al menos un producto';
  if (!form.customer.fullName.trim()) return 'Indicá el nombre del cliente';
  if (!form.customer.phone.trim() && !form.customer.email.trim()) return 'Indicá un teléfono o un e-mail del cliente';
  if (form.whatsappOptIn && !form.customer.phone.trim()) return WHATSAPP_MSG.badPhone;
  if (form.discountKind !== 'none' && form.discountValue.trim() && !form.discountReason.trim()) return 'Indicá el motivo del descuento';
  if (atRegister(form) && total === null) return 'Esperá el total antes de cobrar en caja';
  if (atRegister(form) && form.paymentMethod === 'cash' && form.tendered && total !== null && tenderedPesos(form) < total)
    return 'El monto con que paga no alcanza para el total';
  return null;
}

/**
 * "Nueva venta" (orders.create): a sale taken on WhatsApp, Instagram, at the counter or by phone. Products by title,
 * SKU or barcode, the customer, delivery, payment, a discount with its reason and the live quote; "Crear venta" opens
 * the new order with its payment link.
 */
export function NewSalePage() {
  const [form, setForm] = useState<SaleForm>(emptySale);
  const [error, setError] = useState<string | null>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const create = useCreateSale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const patch = (change: Partial<SaleForm>) => setForm((f) => ({ ...f, ...change }));
  const total = useSaleTotal(form);

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = missing(form, total);
    if (problem) {
      setError(problem);
      requestAnimationFrame(() => errorRef.current?.focus());
      return;
    }
    setError(null);
    create.mutate(saleBody(form, total), {
      onSuccess: (answer) => {
        void queryClient.invalidateQueries({ queryKey: ['orders'] });
        void queryClient.invalidateQueries({ queryKey: ['products'] });
        navigate(paths.order(answer.order._id), {
          state: { paymentUrl: answer.paymentUrl, whatsappUrl: answer.whatsappUrl, created: true },
        });
      },
      onError: (err) => {
        setError(errorMessage(err, 'No se pudo crear la venta'));
        requestAnimationFrame(() => errorRef.current?.focus());
      },
    });
  }

  return (
    <div className="page sale-page">
      <PageHeader
        title="Nueva venta"
        description="Ventas por WhatsApp, Instagram, teléfono o en el local: mismo precio, stock y número que la web."
      />
      <form onSubmit={submit} noValidate aria-label="Nueva venta">
        <div className="sale-grid">
          <div className="sale-main">
            <DetailCard headingId="sale-products-title" title="Productos">
              <SaleChannelField form={form} onChange={patch} />
              <SaleProductPicker onAdd={(line) => setForm((f) => ({ ...f, lines: addLine(f.lines, line) }))} />
              <SaleLines lines={form.lines} onChange={(lines) => patch({ lines })} />
            </DetailCard>
            <SaleCustomerFields
              customer={form.customer}
              deliveryType={form.deliveryType}
              onChange={(customer) => patch({ customer })}
              whatsappOptIn={form.whatsappOptIn}
              onWhatsappOptIn={(whatsappOptIn) => patch({ whatsappOptIn })}
            />
            <SaleOptions form={form} onChange={patch} />
            <div className="field">
              <label htmlFor="sale-notes">Notas (opcional)</label>
              <textarea id="sale-notes" rows={2} value={form.notes} onChange={(e) => patch({ notes: e.target.value })} />
            </div>
          </div>
          <aside className="card sale-side" aria-labelledby="sale-total-title">
            <h2 id="sale-total-title" className="card-title">
              Total
            </h2>
            <SaleSummary form={form} />
            <SaleCounterFields form={form} total={total} onChange={patch} />
            {error && (
              <div ref={errorRef} tabIndex={-1} data-testid="sale-error">
                <Banner kind="error" onClose={() => setError(null)}>
                  {error}
                </Banner>
              </div>
            )}
            <button type="submit" className="btn btn-primary btn-block" disabled={create.isPending} data-testid="sale-create">
              <ShoppingBag size={16} aria-hidden="true" /> {create.isPending ? 'Creando…' : 'Crear venta'}
            </button>
          </aside>
        </div>
      </form>
    </div>
  );
}
