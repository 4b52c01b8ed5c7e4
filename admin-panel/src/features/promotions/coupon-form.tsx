import { useState, type FormEvent } from 'react';
import { couponInputSchema, firstIssueMessage, type CouponAnswerCoupon, type CouponType } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { Banner } from '@/components/feedback';
import { FormField } from '@/components/form-field';
import { useCategories } from '@/features/content';
import { useSaveCoupon } from './api/promotions-api';
import { fromLocalInput, toLocalInput } from './dates';

interface Draft {
  code: string;
  type: CouponType;
  value: string;
  minSubtotal: string;
  startsAt: string;
  endsAt: string;
  maxUses: string;
  onePerCustomer: boolean;
  categories: string[];
  active: boolean;
}

const EMPTY: Draft = {
  code: '',
  type: 'percent',
  value: '',
  minSubtotal: '',
  startsAt: '',
  endsAt: '',
  maxUses: '',
  onePerCustomer: false,
  categories: [],
  active: true,
};

function draftOf(coupon: CouponAnswerCoupon | null): Draft {
  if (!coupon) return EMPTY;
  return {
    code: coupon.code,
    type: coupon.type,
    value: coupon.type === 'free_shipping' ? '' : String(coupon.value),
    minSubtotal: coupon.minSubtotal ? String(coupon.minSubtotal) : '',
    startsAt: toLocalInput(coupon.startsAt),
    endsAt: toLocalInput(coupon.endsAt),
    maxUses: coupon.maxUses === null ? '' : String(coupon.maxUses),
    onePerCustomer: coupon.onePerCustomer,
    categories: [...coupon.categories],
    active: coupon.active,
  };
}

/** A number typed in a field ('' is absent; anything else is sent as typed so the schema can refuse it in Spanish). */
const numberOf = (text: string) => (text.trim() === '' ? undefined : Number(text.replace(/\./g, '').replace(',', '.')));

/** Creates or edits a coupon; the shared schema checks it here with the server's messages, and nothing typed is lost. */
export function CouponForm({ coupon, onDone }: { coupon: CouponAnswerCoupon | null; onDone: (message: string) => void }) {
  const save = useSaveCoupon();
  const { categories } = useCategories();
  const [draft, setDraft] = useState<Draft>(() => draftOf(coupon));
  const [problem, setProblem] = useState<string | null>(null);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.reset();
    const parsed = couponInputSchema.safeParse({
      code: draft.code,
      type: draft.type,
      value: draft.type === 'free_shipping' ? 0 : (numberOf(draft.value) ?? 0),
      minSubtotal: numberOf(draft.minSubtotal) ?? 0,
      startsAt: fromLocalInput(draft.startsAt),
      endsAt: fromLocalInput(draft.endsAt),
      maxUses: numberOf(draft.maxUses) ?? null,
      onePerCustomer: draft.onePerCustomer,
      categories: draft.categories,
      active: draft.active,
    });
    if (!parsed.success) {
      setProblem(firstIssueMessage(parsed.error));
      return;
    }
    setProblem(null);
    save.mutate(
      { id: coupon?.id ?? null, input: parsed.data },
      {
        onSuccess: ({ coupon: saved }) => {
          if (!coupon) setDraft(EMPTY);
          onDone(coupon ? `Cupón ${saved.code} guardado.` : `Cupón ${saved.code} creado.`);
        },
      },
    );
  };

  const prefix = coupon ? `coupon-${coupon.id}` : 'coupon-new';
  const failure = problem ?? (save.isError ? errorMessage(save.error) : null);
  return (
    <form
      className="promo-form"
      onSubmit={submit}
      noValidate
      aria-label={coupon ? `Editar cupón ${coupon.code}` : 'Nuevo cupón'}
      data-testid="coupon-form"
    >
      {failure && <Banner kind="error">{failure}</Banner>}
      <div className="promo-grid">
        <FormField id={`${prefix}-code`} label="Código" required>
          <input
            type="text"
            id={`${prefix}-code`}
            value={draft.code}
            onChange={(e) => set('code', e.target.value.toUpperCase())}
            maxLength={40}
            autoComplete="off"
            required
          />
        </FormField>
        <FormField id={`${prefix}-type`} label="Tipo">
          <select id={`${prefix}-type`} value={draft.type} onChange={(e) => set('type', e.target.value as CouponType)}>
            <option value="percent">Porcentaje</option>
            <option value="fixed">Monto fijo</option>
            <option value="free_shipping">Envío gratis</option>
          </select>
        </FormField>
        {draft.type !== 'free_shipping' && (
          <FormField id={`${prefix}-value`} label={draft.type === 'percent' ? 'Descuento (%)' : 'Descuento ($)'} required>
            <input
              type="text"
              id={`${prefix}-value`}
              inputMode="numeric"
              value={draft.value}
              onChange={(e) => set('value', e.target.value)}
              required
            />
          </FormField>
        )}
        <FormField id={`${prefix}-min`} label="Compra mínima ($)">
          <input
            type="text"
            id={`${prefix}-min`}
            inputMode="numeric"
            value={draft.minSubtotal}
            onChange={(e) => set('minSubtotal', e.target.value)}
          />
        </FormField>
        <FormField id={`${prefix}-max`} label="Usos máximos (vacío: sin límite)">
          <input
            type="text"
            id={`${prefix}-max`}
            inputMode="numeric"
            value={draft.maxUses}
            onChange={(e) => set('maxUses', e.target.value)}
          />
        </FormField>
        <FormField id={`${prefix}-starts`} label="Desde">
          <input id={`${prefix}-starts`} type="datetime-local" value={draft.startsAt} onChange={(e) => set('startsAt', e.target.value)} />
        </FormField>
        <FormField id={`${prefix}-ends`} label="Hasta">
          <input id={`${prefix}-ends`} type="datetime-local" value={draft.endsAt} onChange={(e) => set('endsAt', e.target.value)} />
        </FormField>
      </div>
      <fieldset className="promo-categories">
        <legend>Categorías (ninguna marcada: todas)</legend>
        {categories.map((c) => (
          <label key={c.name} className="checkbox">
            <input
              type="checkbox"
              checked={draft.categories.includes(c.name)}
              onChange={(e) =>
                set('categories', e.target.checked ? [...draft.categories, c.name] : draft.categories.filter((n) => n !== c.name))
              }
            />{' '}
            {c.display_name || c.name}
          </label>
        ))}
      </fieldset>
      <div className="promo-flags">
        <label className="checkbox">
          <input type="checkbox" checked={draft.onePerCustomer} onChange={(e) => set('onePerCustomer', e.target.checked)} /> Un uso por
          cliente (por email)
        </label>
        <label className="checkbox">
          <input type="checkbox" checked={draft.active} onChange={(e) => set('active', e.target.checked)} /> Activo
        </label>
      </div>
      <button type="submit" className="btn btn-primary" disabled={save.isPending}>
        {save.isPending ? 'Guardando...' : coupon ? 'Guardar cupón' : 'Crear cupón'}
      </button>
    </form>
  );
}
