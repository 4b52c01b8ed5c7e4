import { WHY_CHOOSE_KEY, type SiteContent } from '@shop/shared';
import { draftSetter, type ContentEdit } from '../content-editor-model';
import { TextAreaField, TextField } from '../fields';
import { renderIconCard } from '../item-fields';
import { ListEditor } from '../list-editor';
import { LIST_SECTIONS } from '../list-sections';

export function WhyChooseTab({ content, edit }: { content: SiteContent; edit: ContentEdit }) {
  const block = content[WHY_CHOOSE_KEY];
  const set = draftSetter(edit, (d) => d[WHY_CHOOSE_KEY]);
  return (
    <div className="stack">
      <TextField label="Título" value={block.mainTitle} onChange={set('mainTitle')} />
      <TextAreaField label="Descripción" value={block.description} onChange={set('description')} />
      <ListEditor {...LIST_SECTIONS.values} items={block.values} onChange={set('values')} renderItem={renderIconCard} />
    </div>
  );
}
