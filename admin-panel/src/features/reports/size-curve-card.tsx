import { useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ChartColumn } from 'lucide-react';
import { SIZE_CURVE_DEFAULT_UNITS, SIZE_CURVE_MAX_UNITS, SIZE_CURVE_MSG, type SizeCurveAnswer } from '@shop/shared';
import { DataTable, QueryStates } from '@/components/data-table';
import { DetailCard } from '@/components/detail-card';
import { ExportButton } from '@/components/export-button';
import { InputField } from '@/components/form-field';
import { SelectField } from '@/components/select-field';
import { useCategories } from '@/features/content';
import { sizeCurveParams, sizeCurveQueries, type SizeCurveFilters } from './api/size-curve';

const TEXTS = {
  loading: 'Calculando la curva de talles...',
  failure: 'Error al cargar la curva de talles',
  emptyTitle: 'No hay ventas de esta categoría en el período',
  emptyText: 'Probá con otra categoría o con un período más largo.',
};

const percent = (share: number) => `${(share * 100).toLocaleString('es-AR', { maximumFractionDigits: 1 })} %`;
const days = (value: number | null) =>
  value === null ? '—' : `${value.toLocaleString('es-AR', { maximumFractionDigits: 1 })} ${value === 1 ? 'día' : 'días'}`;
const shortDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** The units field's problem, or null: a whole number from 1 to SIZE_CURVE_MAX_UNITS. */
function unitsError(text: string): string | null {
  return /^\d{1,5}$/.test(text.trim()) && Number(text) >= 1 && Number(text) <= SIZE_CURVE_MAX_UNITS ? null : SIZE_CURVE_MSG.units;
}

/** The curve as bars: a picture of the table below it, hidden from screen readers (they read the table). */
function CurveBars({ curve }: { curve: SizeCurveAnswer }) {
  const top = Math.max(...curve.sizes.map((s) => s.share), 0.0001);
  return (
    <div className="size-curve-bars" aria-hidden="true" data-testid="size-curve-bars">
      {curve.sizes.map((s) => (
        <div className="size-curve-bar" key={s.size}>
          <span className="size-curve-size">{s.size}</span>
          <span className="size-curve-track">
            <span className="size-curve-fill" style={{ width: `${(s.share / top) * 100}%` }} />
          </span>
          <span className="size-curve-share">{percent(s.share)}</span>
        </div>
      ))}
    </div>
  );
}

/**
 * 'Curva de talles' (the owner's): the share of each size in the units sold of a category over a period, how often
 * and how fast each size sold out, and a purchase of N units split by the curve.
 */
export function SizeCurveCard() {
  const { categories, loading } = useCategories();
  const [category, setCategory] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [unitsText, setUnitsText] = useState(String(SIZE_CURVE_DEFAULT_UNITS));
  const [asked, setAsked] = useState<SizeCurveFilters | null>(null);
  const [error, setError] = useState<string | null>(null);
  const chosen = category || categories[0]?.name || '';
  const curve = useQuery({
    ...sizeCurveQueries.of(asked ?? { category: '', from: '', to: '', units: 10 }),
    placeholderData: keepPreviousData,
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = unitsError(unitsText);
    setError(problem);
    if (problem) return;
    if (from && to && from > to) {
      setError(SIZE_CURVE_MSG.badRange);
      return;
    }
    setAsked({ category: chosen, from, to, units: Number(unitsText) });
  }

  const data = curve.data;
  return (
    <DetailCard headingId="size-curve-title" title="Curva de talles" icon={ChartColumn} testId="size-curve">
      <p className="muted">
        Qué parte de las ventas de cada categoría se lleva cada talle, cuánto tardó cada talle en agotarse y cuántas unidades de cada talle
        comprar del próximo modelo.
      </p>
      <form className="size-curve-form" onSubmit={submit} noValidate aria-label="Curva de talles">
        <SelectField id="size-curve-category" label="Categoría" value={chosen} onChange={setCategory} disabled={loading}>
          {categories.map((c) => (
            <option key={c.name} value={c.name}>
              {c.display_name || c.name}
            </option>
          ))}
        </SelectField>
        <InputField id="size-curve-from" label="Desde" type="date" value={from} onChange={setFrom} note="size-curve-period" />
        <InputField id="size-curve-to" label="Hasta" type="date" value={to} onChange={setTo} note="size-curve-period" />
        <InputField
          id="size-curve-units"
          label="Unidades a comprar"
          numeric
          value={unitsText}
          onChange={setUnitsText}
          error={error}
          aria-invalid={error === SIZE_CURVE_MSG.units}
        />
        <button type="submit" className="btn btn-primary" disabled={!chosen}>
          Ver curva
        </button>
      </form>
      <p className="hint" id="size-curve-period">
        Sin fechas, el último año hasta hoy.
      </p>
      {asked && (
        <QueryStates query={curve} texts={TEXTS} empty={!data || data.sizes.length === 0}>
          {data && (
            <div aria-live="polite">
              <p className="size-curve-sentence" data-testid="size-curve-sentence">
                {data.sentence}
              </p>
              <p className="muted">
                {data.total} {data.total === 1 ? 'unidad vendida' : 'unidades vendidas'} de {data.category} del {shortDay(data.from)} al{' '}
                {shortDay(data.to)}.
              </p>
              <CurveBars curve={data} />
              <DataTable
                testId="size-curve-table"
                caption={`Curva de talles de ${data.category} y una compra de ${data.units} unidades`}
                columns={['Talle', 'Vendidas', 'Parte', 'Veces agotado', 'Tardó en agotarse', `De ${data.units} a comprar`]}
              >
                {data.sizes.map((row) => (
                  <tr key={row.size}>
                    <td data-label="Talle">{row.size}</td>
                    <td data-label="Vendidas">{row.units}</td>
                    <td data-label="Parte">{percent(row.share)}</td>
                    <td data-label="Veces agotado">{row.soldOut}</td>
                    <td data-label="Tardó en agotarse">{days(row.daysToSellOut)}</td>
                    <td data-label={`De ${data.units} a comprar`}>{row.suggested}</td>
                  </tr>
                ))}
              </DataTable>
              <ExportButton
                url="/reports/size-curve.csv"
                params={sizeCurveParams(asked)}
                baseName="curva-de-talles"
                what="la curva de talles"
              />
            </div>
          )}
        </QueryStates>
      )}
    </DetailCard>
  );
}
