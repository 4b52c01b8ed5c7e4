import type { ReactNode } from 'react';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { IconButton } from '@/components/icon-button';
import { moveItem, removeAt } from './content-editor-model';

/** Draws the fields of one item; `update` replaces the item in the list. */
export type ItemRenderer<T> = (item: T, index: number, update: (item: T) => void) => ReactNode;

interface ListEditorProps<T> {
  title: string;
  items: T[];
  onChange: (items: T[]) => void;
  newItem: () => T;
  addLabel: string;
  itemLabel: (item: T, index: number) => string;
  renderItem: ItemRenderer<T>;
  emptyText?: string;
  testId?: string;
  /** A short state shown beside the item's title (e.g. "Deshabilitada"). */
  itemNote?: (item: T) => ReactNode;
}

/** Add / remove / reorder items locally; nothing is persisted until the content is saved. */
export function ListEditor<T>({
  title,
  items,
  onChange,
  newItem,
  addLabel,
  itemLabel,
  renderItem,
  emptyText,
  testId,
  itemNote,
}: ListEditorProps<T>) {
  return (
    <section className="list-editor" data-testid={testId} aria-label={title}>
      <div className="list-editor-header">
        <h3>{title}</h3>
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => onChange([...items, newItem()])}>
          <Plus size={16} aria-hidden="true" /> {addLabel}
        </button>
      </div>
      {items.length === 0 ? (
        <p className="muted">{emptyText ?? 'No hay elementos.'}</p>
      ) : (
        <ol className="list-items">
          {items.map((item, index) => {
            const label = itemLabel(item, index);
            return (
              <li key={index} className="list-item">
                <div className="list-item-head">
                  <span className="list-item-title">
                    {label}
                    {itemNote?.(item)}
                  </span>
                  <div className="row-actions">
                    <IconButton
                      icon={ArrowUp}
                      size={16}
                      label={`Subir ${label}`}
                      onClick={() => onChange(moveItem(items, index, index - 1))}
                      disabled={index === 0}
                    />
                    <IconButton
                      icon={ArrowDown}
                      size={16}
                      label={`Bajar ${label}`}
                      onClick={() => onChange(moveItem(items, index, index + 1))}
                      disabled={index === items.length - 1}
                    />
                    <IconButton icon={Trash2} size={16} label={`Quitar ${label}`} onClick={() => onChange(removeAt(items, index))} danger />
                  </div>
                </div>
                <div className="list-item-body">
                  {renderItem(item, index, (next) => onChange(items.map((x, i) => (i === index ? next : x))))}
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
