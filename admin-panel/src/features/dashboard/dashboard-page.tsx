export function DashboardPage() {
  return <div className="page">TODO</div>;
}
