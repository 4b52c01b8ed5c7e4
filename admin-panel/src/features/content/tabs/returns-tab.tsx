import { useId } from 'react';
import type { SiteContent } from '@shop/shared';
import { ChipInput } from '../chip-input';
import { draftSetter, type ContentEdit } from '../content-editor-model';
import { TextAreaField, ToggleField, WholeNumberField } from '../fields';

/** The policy's two numbers: what each means to the owner and the range the server accepts. */
const POLICY_NUMBERS = {
  windowDays: {
    label: 'Días para pedir el cambio (desde la entrega)',
    min: 1,
    max: 365,
    hint: 'Entre 1 y 365 días, contados desde que el pedido se marcó entregado.',
    invalidMessage: 'Indicá entre 1 y 365 días',
  },
  fitMinimum: {
    label: 'Nota de calce en la página del producto: a partir de cuántos cambios por talle',
    min: 1,
    max: 1000,
    hint: 'Con esa cantidad de prendas cambiadas o devueltas por talle, el producto muestra por ejemplo «La mayoría de las clientas eligió un talle más».',
    invalidMessage: 'Indicá entre 1 y 1000 cambios',
  },
};

/** 'Cambios y devoluciones': the policy the storefront shows (/cambios-y-devoluciones) and the server enforces. */
export function ReturnsTab({ content, edit }: { content: SiteContent; edit: ContentEdit }) {
  const set = draftSetter(edit, (d) => d.returns);
  const policy = content.returns;
  const shippingId = useId();
  return (
    <div className="stack" data-testid="returns-policy-editor">
      <ToggleField
        label="Las clientas pueden pedir cambios desde el seguimiento del pedido"
        checked={policy.enabled}
        onChange={set('enabled')}
      />
      <WholeNumberField {...POLICY_NUMBERS.windowDays} value={policy.windowDays} onChange={set('windowDays')} />
      <ToggleField label="Solo cambios (sin devolución de dinero)" checked={policy.exchangeOnly} onChange={set('exchangeOnly')} />
      <ChipInput
        label="Categorías sin cambio ni devolución"
        noun="categoría"
        values={policy.nonReturnableCategories}
        onChange={set('nonReturnableCategories')}
        keyOf={(value) => value.toLowerCase()}
        clean={(value) => value.trim().slice(0, 100)}
        check={(value) => (value === '' ? 'Escribí el nombre de la categoría' : null)}
        max={50}
        tooMany="Hasta 50 categorías"
        hint="Por ejemplo Bombachas (por higiene). Enter o coma para agregar."
      />
      <div className="field">
        <label htmlFor={shippingId}>El envío del cambio lo paga</label>
        <select
          id={shippingId}
          value={policy.shippingPaidBy}
          onChange={(e) => set('shippingPaidBy')(e.target.value === 'shop' ? 'shop' : 'shopper')}
        >
          <option value="shopper">La clienta</option>
          <option value="shop">La tienda</option>
        </select>
      </div>
      <WholeNumberField {...POLICY_NUMBERS.fitMinimum} value={policy.fitMinimum} onChange={set('fitMinimum')} />
      <TextAreaField
        label="Condiciones (se muestran en la página de cambios)"
        value={policy.conditionsText}
        onChange={set('conditionsText')}
        rows={4}
      />
    </div>
  );
}
