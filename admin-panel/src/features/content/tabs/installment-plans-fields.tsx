import { useId } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import {
  MAX_INSTALLMENT_PLANS,
  formatPrice,
  installmentFigures,
  installmentPlansSchema,
  installmentsLine,
  type InstallmentPlan,
  type SiteContent,
} from '@shop/shared';
import type { ContentEdit } from '../content-editor-model';
import { ToggleField } from '../fields';
import './installment-plans-fields.css';

/** The price the preview of each plan is computed on. */
const EXAMPLE_PRICE = 10_000;

const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.replace(',', '.')));

/**
 * The installment plans the shop advertises (Res. SIyC 4/2025 art. 2): for each, the number of installments, the
 * surcharge over the cash price (0 % = "sin interés") and the CFTEA Mercado Pago states; a preview of the line the
 * shopper will read, and the first problem in the server's words.
 */
export function InstallmentPlansFields({
  mercadoPago,
  edit,
}: {
  mercadoPago: SiteContent['checkout']['paymentInfo']['mercadoPago'];
  edit: ContentEdit;
}) {
  const plans = mercadoPago.installmentPlans;
  const problemId = useId();
  const parsed = installmentPlansSchema.safeParse(plans);
  const problem = parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
  const change = (index: number, field: keyof InstallmentPlan, text: string) =>
    edit((d) => {
      const plan = d.checkout.paymentInfo.mercadoPago.installmentPlans[index];
      if (plan) plan[field] = numberOf(text);
    });
  return (
    <div className="stack installment-plans-editor" data-testid="installment-plans-editor">
      <h4>Planes de cuotas que anuncia la tienda</h4>
      <p className="muted">
        La ley pide que cada cuota anunciada diga el precio contado, la cantidad de cuotas, el monto de cada una, el precio total financiado
        y el CFTEA (Res. SIyC 4/2025). Cargá los planes tal como te los informa Mercado Pago: «sin interés» es un recargo de 0 % y CFTEA 0
        %. La página de cada producto los muestra todos; el checkout ofrece al menos la mayor cantidad de cuotas que anunciás.
      </p>
      {plans.length === 0 && <p className="muted">Sin planes: la tienda no anuncia cuotas.</p>}
      {plans.map((plan, index) => (
        <fieldset key={index} className="installment-plan-row" aria-describedby={problem ? problemId : undefined}>
          <legend>Plan {index + 1}</legend>
          <label>
            Cuotas
            <input
              type="number"
              min={2}
              max={12}
              step={1}
              value={Number.isNaN(plan.installments) ? '' : plan.installments}
              onChange={(e) => change(index, 'installments', e.target.value)}
            />
          </label>
          <label>
            Recargo (%)
            <input
              type="number"
              min={0}
              max={300}
              step={0.01}
              value={Number.isNaN(plan.surchargePercent) ? '' : plan.surchargePercent}
              onChange={(e) => change(index, 'surchargePercent', e.target.value)}
            />
          </label>
          <label>
            CFTEA (%)
            <input
              type="number"
              min={0}
              step={0.01}
              value={Number.isNaN(plan.cftea) ? '' : plan.cftea}
              onChange={(e) => change(index, 'cftea', e.target.value)}
            />
          </label>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => edit((d) => void d.checkout.paymentInfo.mercadoPago.installmentPlans.splice(index, 1))}
            aria-label={`Quitar el plan ${index + 1}`}
          >
            <Trash2 size={16} aria-hidden="true" />
          </button>
          {parsed.success && (
            <p className="hint installment-plan-preview" data-testid="installment-plan-preview">
              En un producto de {formatPrice(EXAMPLE_PRICE)}: {installmentsLine(installmentFigures(EXAMPLE_PRICE, plan))}
            </p>
          )}
        </fieldset>
      ))}
      {problem && (
        <p className="field-error" id={problemId} role="alert">
          {problem}
        </p>
      )}
      <div>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          disabled={plans.length >= MAX_INSTALLMENT_PLANS}
          onClick={() =>
            edit((d) => {
              const used = new Set(d.checkout.paymentInfo.mercadoPago.installmentPlans.map((p) => p.installments));
              const next = [3, 6, 12, 9, 2, 4, 5, 7, 8, 10, 11].find((n) => !used.has(n)) ?? 2;
              d.checkout.paymentInfo.mercadoPago.installmentPlans.push({ installments: next, surchargePercent: 0, cftea: 0 });
            })
          }
        >
          <Plus size={16} aria-hidden="true" /> Agregar plan de cuotas
        </button>
      </div>
      <ToggleField
        label="Mostrar la mejor cuota en cada tarjeta de producto"
        checked={mercadoPago.installmentsOnCards}
        onChange={(on) => edit((d) => void (d.checkout.paymentInfo.mercadoPago.installmentsOnCards = on))}
      />
    </div>
  );
}
