import { useState, type FormEvent } from 'react';
import { firstIssueMessage, promotionInputSchema, type PromotionType } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { PendingButton } from '@/components/submit-button';
import { CategoryOptions } from '@/components/category-options';
import { Banner } from '@/components/feedback';
import { FormField } from '@/components/form-field';
import { useCategories } from '@/features/content';
import { useSavePromotion } from './api/promotions-api';
import { fromLocalInput } from './dates';

interface Draft {
  name: string;
  type: PromotionType;
  category: string;
  buy: string;
  pay: string;
  percent: string;
  startsAt: string;
  endsAt: string;
}

const EMPTY: Draft = { name: '', type: 'buy_x_pay_y', category: '', buy: '3', pay: '2', percent: '', startsAt: '', endsAt: '' };
const numberOf = (text: string) => (text.trim() === '' ? null : Number(text));

/** "Llevá X, pagá Y" or a percent off a category, with optional dates; checked with the server's own messages. */
export function PromotionForm({ onDone }: { onDone: (message: string) => void }) {
  const save = useSavePromotion();
  const { categories } = useCategories();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.reset();
    const parsed = promotionInputSchema.safeParse({
      name: draft.name,
      type: draft.type,
      category: draft.category,
      buy: numberOf(draft.buy),
      pay: numberOf(draft.pay),
      percent: numberOf(draft.percent),
      startsAt: fromLocalInput(draft.startsAt),
      endsAt: fromLocalInput(draft.endsAt),
      active: true,
    });
    if (!parsed.success) {
      setProblem(firstIssueMessage(parsed.error));
      return;
    }
    setProblem(null);
    save.mutate(
      { id: null, input: parsed.data },
      {
        onSuccess: ({ promotion }) => {
          setDraft(EMPTY);
          onDone(`Promoción "${promotion.name}" creada.`);
        },
      },
    );
  };

  const failure = problem ?? (save.isError ? errorMessage(save.error) : null);
  return (
    <form className="promo-form" onSubmit={submit} noValidate aria-label="Nueva promoción" data-testid="promotion-form">
      {failure && <Banner kind="error">{failure}</Banner>}
      <div className="promo-grid">
        <FormField id="promo-name" label="Nombre (lo ven las clientas)" required>
          <input type="text" id="promo-name" value={draft.name} onChange={(e) => set('name', e.target.value)} maxLength={80} required />
        </FormField>
        <FormField id="promo-type" label="Tipo">
          <select id="promo-type" value={draft.type} onChange={(e) => set('type', e.target.value as PromotionType)}>
            <option value="buy_x_pay_y">Llevá X, pagá Y</option>
            <option value="category_percent">Porcentaje en una categoría</option>
          </select>
        </FormField>
        <FormField id="promo-category" label="Categoría" required>
          <select id="promo-category" value={draft.category} onChange={(e) => set('category', e.target.value)} required>
            <CategoryOptions categories={categories} current={draft.category} />
          </select>
        </FormField>
        {draft.type === 'buy_x_pay_y' ? (
          <>
            <FormField id="promo-buy" label="Llevá">
              <input type="text" id="promo-buy" inputMode="numeric" value={draft.buy} onChange={(e) => set('buy', e.target.value)} />
            </FormField>
            <FormField id="promo-pay" label="Pagá">
              <input type="text" id="promo-pay" inputMode="numeric" value={draft.pay} onChange={(e) => set('pay', e.target.value)} />
            </FormField>
          </>
        ) : (
          <FormField id="promo-percent" label="Descuento (%)" required>
            <input
              type="text"
              id="promo-percent"
              inputMode="numeric"
              value={draft.percent}
              onChange={(e) => set('percent', e.target.value)}
            />
          </FormField>
        )}
        <FormField id="promo-starts" label="Desde">
          <input id="promo-starts" type="datetime-local" value={draft.startsAt} onChange={(e) => set('startsAt', e.target.value)} />
        </FormField>
        <FormField id="promo-ends" label="Hasta">
          <input id="promo-ends" type="datetime-local" value={draft.endsAt} onChange={(e) => set('endsAt', e.target.value)} />
        </FormField>
      </div>
      <PendingButton label="Crear promoción" pendingLabel="Guardando..." pending={save.isPending} />
    </form>
  );
}
