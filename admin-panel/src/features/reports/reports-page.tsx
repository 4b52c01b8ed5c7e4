import { PageHeader } from '@/components/page-header';
import { SalesReportCard } from './sales-report-card';
import { SizeCurveCard } from './size-curve-card';
import { StockReportCard } from './stock-report-card';
import './reports.css';

/** 'Reportes' (reports.view, the owner's): what to buy, in which sizes. */
export function ReportsPage() {
  return (
    <div className="page reports-page">
      <PageHeader title="Reportes" description="Qué se vende, con qué margen y en qué talles, para decidir la próxima compra." />
      <SalesReportCard />
      <SizeCurveCard />
      <StockReportCard />
    </div>
  );
}
