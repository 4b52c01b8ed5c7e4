export function OrderListPage() {
  return <div className="page">TODO</div>;
}
