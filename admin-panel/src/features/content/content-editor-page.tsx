export function ContentEditorPage() {
  return <div className="page">TODO</div>;
}
