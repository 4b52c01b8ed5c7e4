import type { ReactNode } from 'react';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { moveItem, removeAt } from './content-editor-model';

interface ListEditorProps<T> {
  title: string;
  items: T[];
  onChange: (items: T[]) => void;
  newItem: () => T;
  addLabel: string;
  itemLabel: (item: T, index: number) => string;
  renderItem: (item: T, index: number, update: (item: T) => void) => ReactNode;
  emptyText?: string;
  testId?: string;
}

/** Add / remove / reorder items locally; nothing is persisted until the content is saved. */
export function ListEditor<T>({ title, items, onChange, newItem, addLabel, itemLabel, renderItem, emptyText, testId }: ListEditorProps<T>) {
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
                  <span className="list-item-title">{label}</span>
                  <div className="row-actions">
                    <button
                      type="button"
                      className="icon-button"
                      onClick={() => onChange(moveItem(items, index, index - 1))}
                      disabled={index === 0}
                      aria-label={`Subir ${label}`}
                    >
                      <ArrowUp size={16} aria-hidden="true" />
                    </button>
                    <button
                      type="button"
                      className="icon-button"
                      onClick={() => onChange(moveItem(items, index, index + 1))}
                      disabled={index === items.length - 1}
                      aria-label={`Bajar ${label}`}
                    >
                      <ArrowDown size={16} aria-hidden="true" />
                    </button>
                    <button
                      type="button"
                      className="icon-button danger"
                      onClick={() => onChange(removeAt(items, index))}
                      aria-label={`Quitar ${label}`}
                    >
                      <Trash2 size={16} aria-hidden="true" />
                    </button>
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
