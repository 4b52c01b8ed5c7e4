import { AlertTriangle } from 'lucide-react';
import { unreadableCells, type SizeGuide, type UnreadableCell } from '@shop/shared';

function describe(cell: UnreadableCell): string {
  return cell.text === ''
    ? `Falta la medida en la fila ${cell.row}, columna ${cell.header}`
    : `No puedo leer la medida «${cell.text}» en la fila ${cell.row}, columna ${cell.header}`;
}

/**
 * The measurement cells the shop's size finder cannot read. A warning only: the guide saves as it is (older guides may
 * hold text), the finder skips those cells.
 */
export function SizeGuideWarnings({ guide }: { guide: SizeGuide }) {
  const cells = unreadableCells(guide);
  return (
    <div role="status" data-testid="size-guide-warnings">
      {cells.length > 0 && (
        <div className="alert alert-warning">
          <AlertTriangle size={18} aria-hidden="true" />
          <div className="alert-text">
            <p>El buscador de talles de la tienda no va a usar estas celdas. Podés guardar igual; escribí cada medida como 68 - 72 o 85.</p>
            <ul className="size-guide-warnings">
              {cells.map((cell) => (
                <li key={`${cell.row}-${cell.header}`}>{describe(cell)}</li>
              ))}
            </ul>
          </div>
        </div>
      )}
    </div>
  );
}
