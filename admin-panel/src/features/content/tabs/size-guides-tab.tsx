import { useId } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import type { SiteContent, SizeGuide } from '@shop/shared';
import { draftSetter, newItems, removeAt, replaceAt, withHeaders, withoutColumn, type ContentEdit } from '../content-editor-model';
import { TextAreaField, TextField, ToggleField } from '../fields';
import { ListEditor } from '../list-editor';
import { LIST_SECTIONS } from '../list-sections';
import { CategoryOptions } from '@/components/category-options';
import { SizeGuideWarnings } from './size-guide-warnings';

export function SizeGuidesTab({ content, edit }: { content: SiteContent; edit: ContentEdit }) {
  const categories = content.productCatalog.categories.filter((c) => c.name.trim() !== '');
  const set = draftSetter(edit, (d) => d);
  return (
    <div className="stack">
      <p className="hint">
        Los talles que se pueden ofrecer en cada producto salen de las filas de la guía habilitada de su categoría. La categoría «Conjuntos»
        muestra las guías de corpiños, bombachas y bombis.
      </p>
      <ListEditor
        {...LIST_SECTIONS.sizeGuides}
        items={content.sizeGuides}
        onChange={set('sizeGuides')}
        renderItem={(guide, _i, update) => <SizeGuideEditor guide={guide} update={update} categories={categories} />}
      />
    </div>
  );
}

interface SizeGuideEditorProps {
  guide: SizeGuide;
  update: (guide: SizeGuide) => void;
  categories: SiteContent['productCatalog']['categories'];
}

export function SizeGuideEditor({ guide, update, categories }: SizeGuideEditorProps) {
  const categoryId = useId();
  const headers = guide.tableHeaders;
  return (
    <div className="stack">
      <div className="form-grid">
        <div className="field">
          <label htmlFor={categoryId}>Categoría</label>
          <select id={categoryId} value={guide.category} onChange={(e) => update({ ...guide, category: e.target.value })}>
            <CategoryOptions categories={categories} current={guide.category} />
          </select>
        </div>
        <div className="field field-inline">
          <ToggleField label="Guía habilitada" checked={guide.enabled} onChange={(enabled) => update({ ...guide, enabled })} />
        </div>
        <TextField label="Título" value={guide.title} onChange={(title) => update({ ...guide, title })} />
        <TextField label="Subtítulo" value={guide.subtitle} onChange={(subtitle) => update({ ...guide, subtitle })} />
      </div>

      <fieldset className="fieldset" data-testid="size-guide-headers">
        <legend>Columnas de la tabla</legend>
        <ul className="header-list">
          {headers.map((h, i) => (
            <li key={i} className="header-item">
              <label className="visually-hidden" htmlFor={`${categoryId}-h-${i}`}>
                Columna {i + 1}
              </label>
              <input
                id={`${categoryId}-h-${i}`}
                type="text"
                value={h}
                onChange={(e) => update(withHeaders(guide, replaceAt(headers, i, e.target.value)))}
              />
              <button
                type="button"
                className="icon-button danger"
                onClick={() => update(withoutColumn(guide, i))}
                disabled={i === 0}
                aria-label={`Quitar columna ${h || i + 1}`}
              >
                <Trash2 size={16} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => update(withHeaders(guide, [...headers, `Medida ${headers.length}`]))}
        >
          <Plus size={16} aria-hidden="true" /> Agregar columna
        </button>
      </fieldset>

      <fieldset className="fieldset" data-testid="size-guide-rows">
        <legend>Filas (talles)</legend>
        {guide.tableRows.length === 0 ? (
          <p className="muted">Todavía no hay filas.</p>
        ) : (
          <div className="table-scroll">
            <table className="table size-table">
              <thead>
                <tr>
                  {headers.map((h, i) => (
                    <th key={i} scope="col">
                      {h || `Columna ${i + 1}`}
                    </th>
                  ))}
                  <th scope="col">
                    <span className="visually-hidden">Acciones</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {guide.tableRows.map((row, r) => (
                  <tr key={r}>
                    <td>
                      <input
                        type="text"
                        aria-label={`${headers[0] || 'Talla'} de la fila ${r + 1}`}
                        value={row.size}
                        onChange={(e) => update({ ...guide, tableRows: replaceAt(guide.tableRows, r, { ...row, size: e.target.value }) })}
                      />
                    </td>
                    {row.measurements.map((m, c) => (
                      <td key={c}>
                        <input
                          type="text"
                          aria-label={`${headers[c + 1] || `Medida ${c + 1}`} de la fila ${r + 1}`}
                          value={m}
                          onChange={(e) =>
                            update({
                              ...guide,
                              tableRows: replaceAt(guide.tableRows, r, {
                                ...row,
                                measurements: replaceAt(row.measurements, c, e.target.value),
                              }),
                            })
                          }
                        />
                      </td>
                    ))}
                    <td>
                      <button
                        type="button"
                        className="icon-button danger"
                        onClick={() => update({ ...guide, tableRows: removeAt(guide.tableRows, r) })}
                        aria-label={`Quitar fila ${row.size || r + 1}`}
                      >
                        <Trash2 size={16} aria-hidden="true" />
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => update({ ...guide, tableRows: [...guide.tableRows, newItems.sizeRow(guide)] })}
        >
          <Plus size={16} aria-hidden="true" /> Agregar fila
        </button>
      </fieldset>
      <SizeGuideWarnings guide={guide} />
      <TextAreaField label="Notas" value={guide.notes} onChange={(notes) => update({ ...guide, notes })} rows={2} />
    </div>
  );
}
