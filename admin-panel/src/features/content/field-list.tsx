import { TextField } from './fields';

/** One text input of a field list: its label and the key of the string it edits. */
export type TextFieldSpec<Key extends string> = readonly [label: string, key: Key];

/** The title and subtitle a page of the shop opens with. */
export const HEADING_FIELDS = [
  ['Título principal', 'mainTitle'],
  ['Subtítulo', 'subtitle'],
] as const;

interface TextFieldListProps<Key extends string> {
  /** The part of the content the fields edit (e.g. the bank transfer block). */
  part: Record<Key, string>;
  /** Its setter, as `draftSetter` gives it. */
  set: (key: Key) => (value: string) => void;
  fields: readonly TextFieldSpec<Key>[];
  /** Lay the fields out in a `form-grid`; without it they are returned as they are. */
  grid?: boolean;
}

/**
 * Plain text inputs of one part, declared as a list:
 * `<TextFieldList part={bank} set={setBank} fields={[['Banco', 'bankName'], ['CBU', 'cbu']]} />`.
 */
export function TextFieldList<Key extends string>({ part, set, fields, grid = false }: TextFieldListProps<Key>) {
  const inputs = fields.map(([label, key]) => <TextField key={key} label={label} value={part[key]} onChange={set(key)} />);
  return grid ? <div className="form-grid">{inputs}</div> : <>{inputs}</>;
}
