import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Printer, ShoppingBag, Wallet } from 'lucide-react';
import { errorMessage } from '@shop/client-kit';
import { DetailCard } from '@/components/detail-card';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { Banner, Spinner } from '@/components/feedback';
import { counterQueries } from '@/features/counter';
import { addLine, type SaleLine } from '@/features/sales';
import { CartLines } from './cart-lines';
import { CheckoutDialog } from './checkout-dialog';
import { CounterTicketPanel } from './counter-ticket';
import { CustomerPicker } from './customer-picker';
import { ScanField } from './scan-field';
import { noCustomer, type CounterCustomer } from './screen-model';
import { ScreenTotals } from './screen-totals';
import { useCounterQuote } from './use-counter-quote';
import './counter-screen.css';

export const SHORTCUTS = [
  ['F2', 'Ir al campo de escaneo'],
  ['F4', 'Cobrar'],
  ['Esc', 'Cerrar el diálogo'],
  ['F9', 'Imprimir el ticket (venta cobrada)'],
  ['F8', 'Nueva venta (venta cobrada)'],
] as const;

function Shortcuts() {
  return (
    <DetailCard headingId="screen-shortcuts-title" title="Atajos de teclado" className="screen-shortcuts no-print">
      <dl>
        {SHORTCUTS.map(([key, what]) => (
          <div key={key}>
            <dt>
              <kbd>{key}</kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
    </DetailCard>
  );
}

/** The register that takes the sale: only registers with an open session; none open says so, with a link to open one. */
function RegisterChoice({ value, onChange }: { value: number | null; onChange: (id: number) => void }) {
  const query = useQuery(counterQueries.registers());
  if (query.isPending) return <Spinner label="Cargando las cajas…" />;
  if (query.isError) return <Banner kind="error">{errorMessage(query.error, 'No se pudieron cargar las cajas')}</Banner>;
  const open = query.data.registers.filter((r) => r.openSession);
  if (open.length === 0) {
    return (
      <div className="alert alert-warning" role="alert" data-testid="screen-no-register">
        <span className="alert-text">
          No hay ninguna caja abierta: no se puede cobrar. <Link to={paths.counter}>Abrí una caja en Caja</Link>
        </span>
      </div>
    );
  }
  return (
    <div className="field screen-register">
      <label htmlFor="screen-register">Caja</label>
      <select id="screen-register" value={value ?? ''} onChange={(e) => onChange(Number(e.target.value))}>
        {open.map((r) => (
          <option key={r.id} value={r.id}>
            {r.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * "Mostrador" (counter.use + orders.create): the counter screen for a tablet and a barcode scanner. Scan adds the
 * variant (again: one more), −/+ and remove, the customer optional, the register, totals in large type and "Cobrar";
 * once paid, the 80 mm ticket to print and "Nueva venta". Keyboard shortcuts listed on screen.
 */
export function CounterScreenPage() {
  const [lines, setLines] = useState<SaleLine[]>([]);
  const [customer, setCustomer] = useState<CounterCustomer>(noCustomer);
  const [chosenRegister, setChosenRegister] = useState<number | null>(null);
  const [paying, setPaying] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [unpaid, setUnpaid] = useState<string | null>(null);
  const scan = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const registers = useQuery(counterQueries.registers());
  const openRegisters = (registers.data?.registers ?? []).filter((r) => r.openSession);
  const registerId = openRegisters.find((r) => r.id === chosenRegister)?.id ?? openRegisters[0]?.id ?? null;
  const canCharge = lines.length > 0 && registerId !== null && !done;

  const quote = useCounterQuote(lines, 'transfer');
  const keys = useRef({ canCharge, done, paying, newSale });
  keys.current = { canCharge, done, paying, newSale };
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      const { canCharge: ready, done: sold, paying: open, newSale: startAgain } = keys.current;
      if (event.key === 'F2' && !open) {
        event.preventDefault();
        scan.current?.focus();
      } else if (event.key === 'F4' && ready && !open) {
        event.preventDefault();
        setPaying(true);
      } else if (event.key === 'F9' && sold) {
        event.preventDefault();
        window.print();
      } else if (event.key === 'F8' && sold) {
        event.preventDefault();
        startAgain();
      }
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  // Scans may come faster than renders: each one steps the lines as last set.
  const linesNow = useRef(lines);
  linesNow.current = lines;
  function add(line: SaleLine): number {
    const next = addLine(linesNow.current, line);
    linesNow.current = next;
    setLines(next);
    return next.find((l) => l.productId === line.productId && l.sku === line.sku)?.quantity ?? 1;
  }

  function newSale() {
    setLines([]);
    setCustomer(noCustomer());
    setDone(null);
    setUnpaid(null);
    requestAnimationFrame(() => scan.current?.focus());
  }

  function paid(orderNumber: string) {
    setPaying(false);
    setDone(orderNumber);
    void queryClient.invalidateQueries({ queryKey: counterQueries.all() });
    void queryClient.invalidateQueries({ queryKey: ['orders'] });
    void queryClient.invalidateQueries({ queryKey: ['products'] });
  }

  if (done) {
    return (
      <div className="page screen-page">
        <div className="no-print">
          <PageHeader title="Venta cobrada" description={`La venta ${done} está pagada y entregada.`} />
          <div className="screen-done-actions">
            <button type="button" className="btn btn-primary btn-lg" onClick={() => window.print()} data-testid="screen-print">
              <Printer size={20} aria-hidden="true" /> Imprimir ticket
            </button>
            <button type="button" className="btn btn-secondary btn-lg" onClick={newSale} autoFocus data-testid="screen-new-sale">
              <ShoppingBag size={20} aria-hidden="true" /> Nueva venta
            </button>
          </div>
        </div>
        <CounterTicketPanel orderNumber={done} />
        <Shortcuts />
      </div>
    );
  }

  return (
    <div className="page screen-page">
      <PageHeader title="Mostrador" description="Escaneá los productos, elegí la caja y cobrá. El ticket se imprime al terminar." />
      <p className="no-print">
        <Link to={paths.counter}>
          <Wallet size={16} aria-hidden="true" /> Ir a Caja (apertura, movimientos y cierre)
        </Link>
      </p>
      {unpaid && (
        <Banner kind="warning" onClose={() => setUnpaid(null)}>
          La venta {unpaid} quedó sin cobrar completa: revisala en Órdenes.
        </Banner>
      )}
      <div className="screen-grid">
        <DetailCard headingId="screen-products-title" title="Productos" className="screen-products">
          <ScanField ref={scan} onAdd={add} />
          <CartLines lines={lines} quote={lines.length > 0 ? quote.data?.quote : undefined} onChange={setLines} />
        </DetailCard>
        <aside className="card screen-side" aria-labelledby="screen-total-title">
          <h2 id="screen-total-title" className="card-title">
            Total
          </h2>
          <RegisterChoice value={registerId} onChange={setChosenRegister} />
          <ScreenTotals lines={lines} quote={quote} />
          <button
            type="button"
            className="btn btn-primary btn-block btn-lg"
            disabled={!canCharge}
            onClick={() => setPaying(true)}
            data-testid="screen-open-checkout"
          >
            Cobrar <kbd>F4</kbd>
          </button>
        </aside>
        <div className="screen-customer-area">
          <CustomerPicker customer={customer} onChange={setCustomer} />
        </div>
      </div>
      <Shortcuts />
      {paying && registerId !== null && (
        <CheckoutDialog
          lines={lines}
          registerId={registerId}
          customer={customer}
          onPaid={paid}
          onLeftUnpaid={setUnpaid}
          onClose={() => {
            setPaying(false);
            requestAnimationFrame(() => scan.current?.focus());
          }}
        />
      )}
    </div>
  );
}
