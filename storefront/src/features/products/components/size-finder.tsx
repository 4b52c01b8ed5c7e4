import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { findSize, formatCm, parseShopperMeasure, readSizeGuide, type MeasureColumn, type ProductFit, type SizeGuide } from '@shop/shared';
import { useAccountMeasurements } from '@/features/account';
import { loadMeasurements, saveMeasurements } from '../size-finder-storage';
import { SizeFinderAnswer, type SizeFinderStock } from './size-finder-answer';
import { SizeFinderFigure } from './size-finder-figure';
import '../size-finder.css';

/** How to take each measurement, by words of its header. */
const HINTS: readonly [RegExp, string][] = [
  [/bajo busto/, 'Justo debajo del pecho, con la cinta ajustada y horizontal.'],
  [/busto/, 'En la parte más saliente del pecho, sin apretar.'],
  [/cintura/, 'En la parte más angosta, a la altura del ombligo.'],
  [/cadera/, 'En la parte más ancha de los glúteos, con los pies juntos.'],
];

const hintOf = (key: string) => HINTS.find(([match]) => match.test(key))?.[1];

/** The measurements the product's guides use, once each ("Cintura" of the bombacha and the bombis guide). */
export function finderColumns(guides: readonly SizeGuide[]): MeasureColumn[] {
  const columns = guides.flatMap((g) => readSizeGuide(g).columns);
  return columns.filter((c, i) => columns.findIndex((o) => o.key === c.key) === i);
}

/** The fields as the shopper left them last time (remembered measurements), else empty. */
function initialText(columns: readonly MeasureColumn[]): Record<string, string> {
  const stored = loadMeasurements();
  const text: Record<string, string> = {};
  for (const c of columns) {
    const value = stored[c.key];
    text[c.key] = value === undefined ? '' : formatCm(value);
  }
  return text;
}

/** A measurement in centimetres the finder can use, or null (empty, not a number, not plausibly centimetres). */
function validMeasure(text: string): number | null {
  const value = parseShopperMeasure(text);
  return value !== null && value >= 30 && value <= 250 ? value : null;
}

function errorOf(text: string, label: string): string | null {
  if (text.trim() === '') return `Ingresá tu ${label.toLowerCase()} en centímetros.`;
  if (parseShopperMeasure(text) === null) return 'Escribí solo el número en centímetros, por ejemplo 75 o 72,5.';
  if (validMeasure(text) === null) return 'Revisá la medida: tiene que estar en centímetros (entre 30 y 250).';
  return null;
}

/** Every measurement read, or null when one is missing or wrong. */
function readAll(columns: readonly MeasureColumn[], text: Record<string, string>): Record<string, number> | null {
  const read: Record<string, number> = {};
  for (const c of columns) {
    const value = validMeasure(text[c.key] ?? '');
    if (value === null) return null;
    read[c.key] = value;
  }
  return read;
}

/** The message of each wrong field, by measure key. */
function errorsOf(columns: readonly MeasureColumn[], text: Record<string, string>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const c of columns) {
    const error = errorOf(text[c.key] ?? '', c.label);
    if (error) errors[c.key] = error;
  }
  return errors;
}

interface SizeFinderProps {
  guides: readonly SizeGuide[];
  stock: SizeFinderStock;
  /** The product's fit from the shop's exchanges: moves the answer one size, saying so. */
  fit?: ProductFit;
}

/**
 * "¿Cuál es mi talle?": asks the measurements the product's guides use and answers with the guide's size, in the
 * browser only. The form is never submitted to a server; the measurements are remembered in this browser.
 */
export function SizeFinder({ guides, stock, fit }: SizeFinderProps) {
  const id = useId();
  const columns = useMemo(() => finderColumns(guides), [guides]);
  const measured = useMemo(() => guides.filter((g) => readSizeGuide(g).columns.length > 0), [guides]);
  const [text, setText] = useState<Record<string, string>>(() => initialText(columns));
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Remembered measurements answer at once on the next product.
  const [measurements, setMeasurements] = useState<Record<string, number> | null>(() => readAll(columns, initialText(columns)));
  const inputs = useRef<Record<string, HTMLInputElement | null>>({});
  const account = useAccountMeasurements();
  const fromAccount = account.measurements;
  // Signed in, her account's measurements fill the fields she has not typed in (they win over this browser's).
  useEffect(() => {
    if (!fromAccount) return;
    const local = initialText(columns);
    const merged = { ...local };
    for (const c of columns) {
      const value = fromAccount[c.key];
      if (value !== undefined) merged[c.key] = formatCm(value);
    }
    setText((current) =>
      Object.fromEntries(columns.map((c) => [c.key, (current[c.key] === local[c.key] ? merged[c.key] : current[c.key]) ?? ''])),
    );
    setMeasurements((shown) => shown ?? readAll(columns, merged));
  }, [fromAccount, columns]);
  if (columns.length === 0) return null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = errorsOf(columns, text);
    setErrors(found);
    const firstWrong = columns.find((c) => found[c.key]);
    if (firstWrong) {
      setMeasurements(null);
      inputs.current[firstWrong.key]?.focus();
      return;
    }
    const read = readAll(columns, text);
    if (read) {
      saveMeasurements(read);
      account.save(read);
    }
    setMeasurements(read);
  };

  return (
    <section className="size-finder" aria-labelledby={`${id}-title`} data-testid="size-finder">
      <h2 id={`${id}-title`} className="size-finder__title">
        ¿Cuál es mi talle?
      </h2>
      <p className="muted small">
        {account.signedIn
          ? 'Tus medidas quedan en este dispositivo y en tu cuenta, para la próxima vez.'
          : 'Tus medidas quedan en este dispositivo: no las enviamos a ningún lado.'}
      </p>
      <div className="size-finder__body-wrap">
        <SizeFinderFigure keys={columns.map((c) => c.key)} />
        <form className="size-finder__form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
          {columns.map((c) => {
            const inputId = `${id}-${c.key.replace(/\s+/g, '-')}`;
            const hint = hintOf(c.key);
            const error = errors[c.key];
            const describedBy = [hint ? `${inputId}-hint` : '', error ? `${inputId}-error` : ''].filter(Boolean).join(' ');
            return (
              <div className="field" key={c.key}>
                <label htmlFor={inputId}>{`${c.label} (cm)`}</label>
                <input
                  id={inputId}
                  ref={(el) => {
                    inputs.current[c.key] = el;
                  }}
                  type="text"
                  inputMode="decimal"
                  autoComplete="off"
                  value={text[c.key] ?? ''}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={describedBy || undefined}
                  onChange={(e) => setText((t) => ({ ...t, [c.key]: e.target.value }))}
                />
                {hint && (
                  <p id={`${inputId}-hint`} className="muted small size-finder__hint">
                    {hint}
                  </p>
                )}
                {error && (
                  <p id={`${inputId}-error`} className="field-error">
                    {error}
                  </p>
                )}
              </div>
            );
          })}
          <button type="submit" className="btn btn--primary">
            Ver mi talle
          </button>
        </form>
      </div>
      <div aria-live="polite" className="size-finder__result" data-testid="size-finder-result">
        {measurements &&
          measured.map((g, i) => (
            <SizeFinderAnswer
              key={`${g.category}-${i}`}
              answer={findSize(g, measurements, { available: stock.productSizes, fit })}
              stock={stock}
              title={measured.length > 1 ? g.title : undefined}
            />
          ))}
      </div>
    </section>
  );
}
