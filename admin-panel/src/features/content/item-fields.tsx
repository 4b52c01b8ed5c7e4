import type { ReactNode } from 'react';
import { TextAreaField, TextField } from './fields';
import { IconPicker } from './icon-picker';

interface IconCard {
  icon: string;
  title: string;
  description: string;
}

/**
 * The fields of an item shown as a card with an icon (a value, an info card): icon and title side by side, the
 * description across the grid, then whatever the item adds (`children`).
 */
export function IconCardFields<T extends IconCard>({
  item,
  update,
  children,
}: {
  item: T;
  update: (item: T) => void;
  children?: ReactNode;
}) {
  return (
    <div className="item-grid">
      <IconPicker label="Ícono" value={item.icon} onChange={(icon) => update({ ...item, icon })} />
      <TextField label="Título" value={item.title} onChange={(title) => update({ ...item, title })} />
      <div className="span-all">
        <TextAreaField label="Descripción" value={item.description} onChange={(description) => update({ ...item, description })} rows={2} />
      </div>
      {children}
    </div>
  );
}

/** `renderItem` of a list whose items are nothing but icon cards. */
export function renderIconCard<T extends IconCard>(item: T, _index: number, update: (item: T) => void) {
  return <IconCardFields item={item} update={update} />;
}
