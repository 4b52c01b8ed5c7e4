import { useId } from 'react';
import { NET_PRICE_LEGEND, VAT_RATES, netOfNationalTaxes, formatPrice, vatRateLabel, type SiteContent } from '@shop/shared';
import { draftSetter, type ContentEdit } from '../content-editor-model';

type CategoryRate = SiteContent['taxes']['categoryRates'][number];

const rateOf = (value: string) => VAT_RATES.find((rate) => String(rate) === value) ?? VAT_RATES[0];

function RateSelect({ id, value, onChange }: { id: string; value: number; onChange: (rate: (typeof VAT_RATES)[number]) => void }) {
  return (
    <select id={id} value={String(value)} onChange={(e) => onChange(rateOf(e.target.value))}>
      {VAT_RATES.map((rate) => (
        <option key={rate} value={String(rate)}>
          {vatRateLabel(rate)}
        </option>
      ))}
    </select>
  );
}

/**
 * 'Impuestos': the VAT rate the prices include, for "Precio sin impuestos nacionales" under every price the shopper
 * sees (Ley 27.743), and another rate for some categories. What each setting does and why, in the owner's words.
 */
export function TaxesTab({ content, edit }: { content: SiteContent; edit: ContentEdit }) {
  const set = draftSetter(edit, (d) => d.taxes);
  const taxes = content.taxes;
  const rateId = useId();
  const categories = content.productCatalog.categories;
  const setCategoryRates = set('categoryRates');
  const change = (index: number, next: Partial<CategoryRate>) =>
    setCategoryRates(taxes.categoryRates.map((entry, i) => (i === index ? { ...entry, ...next } : entry)));
  return (
    <div className="stack" data-testid="taxes-editor">
      <p className="muted">
        La Ley 27.743 (Régimen de Transparencia Fiscal al Consumidor) pide mostrar, junto a cada precio, el precio sin el IVA y los otros
        impuestos nacionales indirectos, con la leyenda «{NET_PRICE_LEGEND}». La tienda lo calcula con la alícuota que elijas acá: precio ÷
        (1 + alícuota), redondeado al peso. Por ejemplo, {formatPrice(12100)} al {vatRateLabel(taxes.vatRate)} muestra{' '}
        {formatPrice(netOfNationalTaxes(12100, taxes.vatRate))}. Si sos monotributista la leyenda se muestra igual: tu contador te dice qué
        alícuota usar.
      </p>
      <div className="field">
        <label htmlFor={rateId}>Alícuota de IVA de los precios de la tienda</label>
        <RateSelect id={rateId} value={taxes.vatRate} onChange={set('vatRate')} />
        <p className="hint">21 % es la general de la ropa; 10,5 % y 0 % corresponden a otros productos.</p>
      </div>
      <fieldset className="fieldset">
        <legend>Categorías con otra alícuota</legend>
        {taxes.categoryRates.length === 0 && <p className="muted">Todas las categorías usan la alícuota de la tienda.</p>}
        <ul className="stack tax-rates">
          {taxes.categoryRates.map((entry, index) => (
            <li key={index} className="tax-rate-row" data-testid="category-rate">
              <div className="field">
                <label htmlFor={`${rateId}-cat-${index}`}>Categoría</label>
                <select id={`${rateId}-cat-${index}`} value={entry.category} onChange={(e) => change(index, { category: e.target.value })}>
                  {categories.map((category) => (
                    <option key={category.name} value={category.name}>
                      {category.display_name || category.name}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label htmlFor={`${rateId}-rate-${index}`}>Alícuota</label>
                <RateSelect id={`${rateId}-rate-${index}`} value={entry.rate} onChange={(rate) => change(index, { rate })} />
              </div>
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => setCategoryRates(taxes.categoryRates.filter((_, i) => i !== index))}
              >
                Quitar <span className="visually-hidden">la alícuota de {entry.category}</span>
              </button>
            </li>
          ))}
        </ul>
        {categories.length > 0 && taxes.categoryRates.length < 50 && (
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => setCategoryRates([...taxes.categoryRates, { category: categories[0]!.name, rate: 10.5 }])}
          >
            Agregar categoría con otra alícuota
          </button>
        )}
      </fieldset>
    </div>
  );
}
