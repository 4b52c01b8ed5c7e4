import { newItems } from './content-editor-model';

/** What a list of the content editor says about itself: everything `ListEditor` needs but the items. */
export interface ListSection<T> {
  title: string;
  testId: string;
  addLabel: string;
  newItem: () => T;
  itemLabel: (item: T, index: number) => string;
  emptyText?: string;
}

/** An item is labelled by its name, or by the noun and its position while the name is empty ("Tarjeta 2"). */
function section<T>({
  noun,
  name,
  ...rest
}: Omit<ListSection<T>, 'itemLabel'> & { noun: string; name: (item: T) => string }): ListSection<T> {
  return { ...rest, itemLabel: (item, index) => name(item) || `${noun} ${index + 1}` };
}

/** The lists of every tab, declared once; a tab adds the items and how one item is edited. */
export const LIST_SECTIONS = {
  categories: section({
    title: 'Categorías',
    testId: 'categories-editor',
    addLabel: 'Agregar categoría',
    newItem: newItems.category,
    noun: 'Categoría',
    name: (c) => c.display_name || c.name,
    emptyText: 'No hay categorías configuradas.',
  }),
  values: section({
    title: 'Valores',
    testId: 'values-editor',
    addLabel: 'Agregar valor',
    newItem: newItems.value,
    noun: 'Valor',
    name: (v) => v.title,
  }),
  infoCards: section({
    title: 'Tarjetas informativas',
    testId: 'info-cards-editor',
    addLabel: 'Agregar tarjeta',
    newItem: newItems.infoCard,
    noun: 'Tarjeta',
    name: (c) => c.title,
  }),
  expandableSections: section({
    title: 'Secciones desplegables',
    testId: 'sections-editor',
    addLabel: 'Agregar sección',
    newItem: () => newItems.expandableSection(),
    noun: 'Sección',
    name: (s) => s.title,
  }),
  contactInfo: section({
    title: 'Datos de contacto',
    testId: 'contact-info-editor',
    addLabel: 'Agregar dato',
    newItem: newItems.contactInfo,
    noun: 'Dato',
    name: (c) => c.title,
  }),
  socialMedia: section({
    title: 'Redes sociales',
    testId: 'social-editor',
    addLabel: 'Agregar red social',
    newItem: newItems.social,
    noun: 'Red social',
    name: (s) => s.name,
  }),
  sizeGuides: section({
    title: 'Guías de talles',
    testId: 'size-guides-editor',
    addLabel: 'Agregar guía',
    newItem: newItems.sizeGuide,
    noun: 'Guía',
    name: (g) => g.title,
  }),
};
