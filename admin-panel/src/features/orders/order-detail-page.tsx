export function OrderDetailPage() {
  return <div className="page">TODO</div>;
}
