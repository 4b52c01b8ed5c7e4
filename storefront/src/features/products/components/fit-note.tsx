import { FIT_NOTES, fitBasis, type ProductFit } from '@shop/shared';

/**
 * How the model fits, learned from the shop's own exchanges, size returns and approved reviews ("La mayoría de las
 * clientas eligió un talle más. Según 3 cambios de talle y 12 opiniones."): the server sends it only once they reach
 * the owner's minimum.
 */
export function FitNote({ fit }: { fit: ProductFit & { basedOn: number } }) {
  return (
    <p className="fit-note" data-testid="fit-note">
      <strong>{FIT_NOTES[fit.direction]}.</strong> <span className="muted">{fitBasis(fit.basedOn, fit.sources)}.</span>
    </p>
  );
}
