import { useEffect, useMemo, useState } from 'react';
import { ApiError } from '@shop/client-kit';
import { MSG, type CheckoutOptions, type PaymentMethod, type QuoteAnswer, type QuoteAnswerQuote } from '@shop/shared';
import type { CartItem } from '@/features/cart';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useQuote, type QuoteRequest } from './api/get-quote';
import { figuresOfQuote, figuresWithoutDelivery, localQuote, quotedUnitPrices, type CheckoutFigures } from './checkout-quote';

/** Changes closer together than this (typing, quick clicks) ask for one quote. */
const QUOTE_PAUSE_MS = 300;

export const PRICING_TEXT = {
  /** A figure that depends on a delivery place not given yet. */
  toBeCalculated: 'A calcular',
  /** A figure whose first quote is on its way. */
  calculating: 'Calculando…',
  /** A figure of an order the server refuses to price. */
  unavailable: '—',
} as const;

export const NATIONAL_UNREACHABLE = 'No pudimos cotizar el envío a todo el país: revisá tu conexión y probá de nuevo';

/** How the last quote ended: priced, refused with a reason (400), or not reached (no answer, server trouble). */
type Outcome =
  | { kind: 'priced'; quote: QuoteAnswerQuote; carrier: CarrierAnswer | null }
  | { kind: 'refused'; message: string }
  | { kind: 'unreachable' };

/** What a national quote adds: the carriers' options, the carriers that gave none, the local options first. */
export interface CarrierAnswer {
  options: NonNullable<QuoteAnswer['shippingOptions']>;
  unavailable: NonNullable<QuoteAnswer['unavailable']>;
  localDelivery: QuoteAnswer['localDelivery'] | null;
}

function carrierAnswerOf(answer: QuoteAnswer): CarrierAnswer | null {
  if (!answer.shippingOptions) return null;
  return { options: answer.shippingOptions, unavailable: answer.unavailable ?? [], localDelivery: answer.localDelivery ?? null };
}

function outcomeOfError(error: unknown): Outcome {
  // 409: the national option chosen expired or was quoted for another cart (its Spanish reason says to look again).
  if (error instanceof ApiError && (error.status === 400 || error.status === 409)) {
    const generic = error.message === '' || error.message.startsWith('Error en la petición');
    return { kind: 'refused', message: generic ? MSG.checkout.error400 : error.message };
  }
  return { kind: 'unreachable' };
}

export interface CheckoutPricing {
  figures: CheckoutFigures;
  /** The unit prices the server charges for the cart's lines (null: the cart's own). */
  unitPrices: number[] | null;
  /** What a figure not known yet reads. */
  unknownText: string;
  /** Why the order cannot be placed as it stands (the quote's 400, in Spanish). */
  problem: string | null;
  /** A newer quote is on its way: the figures on screen are the previous ones. */
  pending: boolean;
  /** Worked out here because the quote could not be reached. */
  estimated: boolean;
  /** National shipping: the last answer's carriers' options (null for other deliveries, or before the first). */
  carrier: CarrierAnswer | null;
}

interface PricingInput {
  items: readonly CartItem[];
  options: CheckoutOptions;
  paymentMethod: PaymentMethod;
  /** What to price (memoised); null while the delivery place is not known. */
  request: QuoteRequest | null;
  /** False while the checkout options are still loading: nothing is priced with the defaults meanwhile. */
  ready: boolean;
}

/**
 * The checkout's figures, priced by the server (POST /checkout/quote) as the shopper changes her choices. Until a
 * new quote arrives the previous one stays on screen; a 400 is the problem that blocks the order; when the server
 * cannot be reached the shop's own pricing function works the figures out here so the summary never blanks.
 */
export function useCheckoutPricing({ items, options, paymentMethod, request, ready }: PricingInput): CheckoutPricing {
  const sent = useDebouncedValue(ready ? request : null, QUOTE_PAUSE_MS);
  const { status, data, error, isPlaceholderData, isFetching } = useQuote(sent);
  const own = useMemo<Outcome | null>(() => {
    if (status === 'error') return outcomeOfError(error);
    if (status === 'success' && !isPlaceholderData && data !== undefined)
      return { kind: 'priced', quote: data.quote, carrier: carrierAnswerOf(data) };
    return null;
  }, [status, data, error, isPlaceholderData]);
  // The last outcome, kept while the next quote is on its way (its figures, its problem, or the fallback).
  const [last, setLast] = useState<Outcome | null>(null);
  useEffect(() => {
    if (own) setLast(own);
  }, [own]);

  const withoutDelivery = figuresWithoutDelivery(items, paymentMethod, options);
  const base = { figures: withoutDelivery, unitPrices: null, problem: null, pending: false, estimated: false, carrier: null };
  // Before the first quote only the cart's subtotal is certain: a quiet 'Calculando…' for the rest.
  const loading = { ...base, figures: { ...withoutDelivery, cashFee: 0 }, unknownText: PRICING_TEXT.calculating, pending: true };
  if (!ready) return loading;
  if (request === null) return { ...base, unknownText: PRICING_TEXT.toBeCalculated };
  const outcome = sent === null ? null : (own ?? last);
  const pending = isFetching || sent !== request;
  if (outcome === null) return loading;
  if (outcome.kind === 'priced') {
    return {
      ...base,
      figures: figuresOfQuote(outcome.quote),
      unitPrices: quotedUnitPrices(outcome.quote, items),
      unknownText: PRICING_TEXT.calculating,
      pending,
      carrier: outcome.carrier,
    };
  }
  if (outcome.kind === 'refused') return { ...base, unknownText: PRICING_TEXT.unavailable, problem: outcome.message, pending };
  // National shipping is only priced by the carriers, through the server: nothing to estimate here.
  if (request.deliveryType === 'carrier') return { ...base, unknownText: PRICING_TEXT.unavailable, problem: NATIONAL_UNREACHABLE, pending };
  // Not reached: the same pricing, here, with what the shopper chose just now.
  const local = localQuote(request, items, options);
  if (!local.ok) return { ...base, unknownText: PRICING_TEXT.unavailable, problem: local.message, estimated: true };
  return { ...base, figures: figuresOfQuote(local.quote), unknownText: PRICING_TEXT.calculating, estimated: true };
}
