export function SettingsPage() {
  return <div className="page">TODO</div>;
}
