import type { SizeAnswer } from '@shop/shared';

/** What the product page knows about its sizes, for the finder to say which of its answers can be bought. */
export interface SizeFinderStock {
  /** Every size the product is made in. */
  productSizes: readonly string[];
  /** The sizes the chosen colour comes in, and those of them without units. */
  colorSizes: readonly string[];
  soldOut: readonly string[];
  color: string | undefined;
  /** The size chosen in the product's size picker. */
  chosen: string | null;
  onChoose: (size: string) => void;
}

/** The product's own name for a size of the guide: "90B", or "90" when the product is sold by band only. */
function soldAs(size: string, sizes: readonly string[]): string | undefined {
  const wanted = size.toUpperCase();
  const band = wanted.replace(/[A-H]+$/, '');
  return sizes.find((s) => s.toUpperCase() === wanted) ?? sizes.find((s) => s.toUpperCase() === band);
}

/** One size of the answer: whether this product has it in the chosen colour, and the button to choose it. */
function SizeOption({ size, stock, primary }: { size: string; stock: SizeFinderStock; primary: boolean }) {
  const inColor = soldAs(size, stock.colorSizes);
  const colorText = stock.color ? ` en ${stock.color}` : '';
  if (!soldAs(size, stock.productSizes)) return <li>Este modelo no viene en talle {size}.</li>;
  if (!inColor) return <li>{`Este modelo no viene en talle ${size}${colorText}: probá con otro color.`}</li>;
  const out = stock.soldOut.includes(inColor);
  if (stock.chosen === inColor) {
    return (
      <li>
        {out
          ? `Elegiste ${inColor}: dejanos tu email abajo y te avisamos cuando vuelva.`
          : `Elegiste ${inColor}. Ya podés agregarlo al carrito.`}
      </li>
    );
  }
  return (
    <li className="size-finder__option">
      <span>{out ? `Talle ${inColor} agotado${colorText}.` : `Talle ${inColor} disponible${colorText}.`}</span>
      <button type="button" className={`btn btn--sm ${primary ? 'btn--primary' : 'btn--ghost'}`} onClick={() => stock.onChoose(inColor)}>
        {out ? `Avisame cuando vuelva el ${inColor}` : `Elegir talle ${inColor}`}
      </button>
    </li>
  );
}

/** The finder's answer for one guide, in Spanish, with what this product has of the sizes it names. */
export function SizeFinderAnswer({ answer, stock, title }: { answer: SizeAnswer; stock: SizeFinderStock; title?: string }) {
  const main = answer.kind === 'size' ? answer.size : answer.kind === 'between' ? answer.recommended : null;
  const other = answer.kind === 'between' ? (answer.recommended === answer.larger ? answer.smaller : answer.larger) : null;
  const sisters = answer.kind === 'size' || answer.kind === 'between' ? answer.sisters : [];
  return (
    <div className="size-finder__answer" data-testid="size-finder-answer">
      {title && <h3 className="size-finder__answer-title">{title}</h3>}
      <p className={main ? 'size-finder__verdict' : undefined}>{answer.message}</p>
      {main && (
        <ul className="size-finder__options">
          <SizeOption size={main} stock={stock} primary />
          {other && <SizeOption size={other} stock={stock} primary={false} />}
        </ul>
      )}
      {sisters.length > 0 && (
        <p className="muted small">
          Talles hermanos (el mismo volumen de copa con otra banda): {sisters.join(', ')}. Si tu talle no está, probá con uno de ellos.
        </p>
      )}
    </div>
  );
}
