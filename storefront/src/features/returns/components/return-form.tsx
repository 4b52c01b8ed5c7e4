import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { RETURN_REASON_LABELS, RETURN_REASONS, type ReturnReason, type TrackedOrderDetail } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { paths } from '@/config/paths';
import { useSiteContent } from '@/features/content';
import { PrivacyNotice } from '@/features/legal';
import { uploadReturnPhoto } from '../api/upload-photo';
import { useCreateReturn } from '../api/create-return';
import { ReturnRequests } from './return-requests';

interface LineChoice {
  quantity: number;
  kind: 'exchange' | 'return';
  variantId: string;
  reason: ReturnReason;
  reasonText: string;
}

const openDate = (iso: string) =>
  new Date(iso).toLocaleDateString('es-AR', { day: 'numeric', month: 'long', timeZone: 'America/Argentina/Buenos_Aires' });

/** On the tracking card (with the contact): her requests and, for a delivered order within the window, the form. */
export function ReturnsSection({ order, contact }: { order: TrackedOrderDetail; contact: string }) {
  const { content } = useSiteContent();
  const exchangeOnly = content.returns.exchangeOnly;
  const returns = order.returns;
  const create = useCreateReturn();
  const [choices, setChoices] = useState<Record<number, LineChoice>>({});
  const [photo, setPhoto] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  if (!returns) return null;
  const options = returns.options.filter((option) => option.available > 0);
  const choiceOf = (index: number): LineChoice =>
    choices[index] ?? { quantity: 0, kind: 'exchange', variantId: '', reason: 'size_small', reasonText: '' };
  const change = (index: number, patch: Partial<LineChoice>) =>
    setChoices((all) => ({ ...all, [index]: { ...choiceOf(index), ...patch } }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    const lines = options
      .map((option) => ({ option, choice: choiceOf(option.lineIndex) }))
      .filter(({ choice }) => choice.quantity > 0)
      .map(({ option, choice }) => {
        const kind = option.exchangeVariants.length === 0 && !exchangeOnly ? 'return' : exchangeOnly ? 'exchange' : choice.kind;
        return {
          lineIndex: option.lineIndex,
          quantity: choice.quantity,
          kind,
          variantId: kind === 'exchange' ? choice.variantId || option.exchangeVariants[0]?.variantId || null : null,
          reason: choice.reason,
          reasonText: choice.reasonText || null,
        } as const;
      });
    if (lines.length === 0) {
      setProblem('Elegí cuántas unidades querés cambiar o devolver');
      return;
    }
    try {
      const photoUrl = photo ? (await uploadReturnPhoto(photo)).url : null;
      const answer = await create.mutateAsync({ orderNumber: order.orderNumber, contact, lines, photoUrl });
      setSent(answer.return.number);
      setChoices({});
      setPhoto(null);
    } catch (err) {
      setProblem(errorMessage(err));
    }
  }

  return (
    <section className="tracking-returns" data-testid="tracking-returns" aria-labelledby="tracking-returns-title">
      <h3 id="tracking-returns-title">Cambios y devoluciones</h3>
      <ReturnRequests requests={returns.requests} />
      {sent && (
        <p className="notice notice--success" role="status" data-testid="return-sent">
          Recibimos tu pedido {sent}. Te escribimos cuando lo revisemos.
        </p>
      )}
      {returns.openUntil && options.length > 0 ? (
        <form className="return-form" onSubmit={(event) => void submit(event)} data-testid="return-form" noValidate>
          <p className="muted small">
            Podés pedirlo hasta el {openDate(returns.openUntil)}. <Link to={paths.returnsPolicy}>Ver la política de cambios</Link>
          </p>
          {options.map((option) => {
            const item = order.items[option.lineIndex];
            if (!item) return null;
            const choice = choiceOf(option.lineIndex);
            const canExchange = option.exchangeVariants.length > 0;
            const kind = !canExchange ? 'return' : exchangeOnly ? 'exchange' : choice.kind;
            const id = `return-line-${option.lineIndex}`;
            if (!canExchange && exchangeOnly) return null;
            return (
              <fieldset key={option.lineIndex} className="return-form__line" data-testid="return-line">
                <legend>{[item.title, item.color, item.size].filter(Boolean).join(' · ')}</legend>
                <div className="return-form__grid">
                  <label htmlFor={`${id}-qty`}>
                    Unidades
                    <select
                      id={`${id}-qty`}
                      value={choice.quantity}
                      onChange={(e) => change(option.lineIndex, { quantity: Number(e.target.value) })}
                    >
                      {Array.from({ length: option.available + 1 }, (_, n) => (
                        <option key={n} value={n}>
                          {n}
                        </option>
                      ))}
                    </select>
                  </label>
                  {!exchangeOnly && canExchange && (
                    <label htmlFor={`${id}-kind`}>
                      Quiero
                      <select
                        id={`${id}-kind`}
                        value={kind}
                        onChange={(e) => change(option.lineIndex, { kind: e.target.value === 'return' ? 'return' : 'exchange' })}
                      >
                        <option value="exchange">Cambiar por otro talle o color</option>
                        <option value="return">Devolverlo</option>
                      </select>
                    </label>
                  )}
                  {kind === 'exchange' && (
                    <label htmlFor={`${id}-variant`}>
                      Cambiar por
                      <select
                        id={`${id}-variant`}
                        value={choice.variantId || option.exchangeVariants[0]?.variantId}
                        onChange={(e) => change(option.lineIndex, { variantId: e.target.value })}
                      >
                        {option.exchangeVariants.map((variant) => (
                          <option key={variant.variantId} value={variant.variantId}>
                            {variant.label}
                          </option>
                        ))}
                      </select>
                    </label>
                  )}
                  <label htmlFor={`${id}-reason`}>
                    Motivo
                    <select
                      id={`${id}-reason`}
                      value={choice.reason}
                      onChange={(e) => change(option.lineIndex, { reason: e.target.value as ReturnReason })}
                    >
                      {RETURN_REASONS.map((reason) => (
                        <option key={reason} value={reason}>
                          {RETURN_REASON_LABELS[reason]}
                        </option>
                      ))}
                    </select>
                  </label>
                </div>
                <label htmlFor={`${id}-text`} className="return-form__text">
                  Contanos más (opcional)
                  <input
                    id={`${id}-text`}
                    maxLength={1000}
                    value={choice.reasonText}
                    onChange={(e) => change(option.lineIndex, { reasonText: e.target.value })}
                  />
                </label>
              </fieldset>
            );
          })}
          <label htmlFor="return-photo" className="return-form__text">
            Foto (opcional, JPG, PNG o WebP)
            <input
              id="return-photo"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              onChange={(e) => setPhoto(e.target.files?.[0] ?? null)}
            />
          </label>
          {problem && (
            <p className="notice notice--error" role="alert" data-testid="return-error">
              {problem}
            </p>
          )}
          <button type="submit" className="btn btn--primary" disabled={create.isPending}>
            {create.isPending ? 'Enviando...' : 'Pedir el cambio'}
          </button>
          <PrivacyNotice purpose="gestionar tu cambio o devolución y responderte" />
        </form>
      ) : (
        returns.requests.length === 0 && (
          <p className="muted small">
            <Link to={paths.returnsPolicy}>Ver la política de cambios y devoluciones</Link>
          </p>
        )
      )}
    </section>
  );
}
