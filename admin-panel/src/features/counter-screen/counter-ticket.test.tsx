import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp } from '@/test/render';
import { CounterTicketPanel } from './counter-ticket';
import { ORDER_NUMBER, setupScreen, ticketFixture } from './screen-test-kit';

describe('the 80 mm ticket', () => {
  it('the shop, the lines, the total, the payment with its change and the invoice with its CAE and ARCA QR', async () => {
    const calls = setupScreen();
    renderApp(<CounterTicketPanel orderNumber={ORDER_NUMBER} />);
    const ticket = await screen.findByRole('article', { name: `Ticket de la venta ${ORDER_NUMBER}` });
    expect(calls.some((c) => c.url === `/cash-sessions/tickets/${ORDER_NUMBER}`)).toBe(true);
    expect(within(ticket).getByText('Lencería Neuquén')).toBeInTheDocument();
    expect(within(ticket).getByText('CUIT 20-12345678-6')).toBeInTheDocument();
    expect(within(ticket).getByTestId('ticket-total')).toHaveTextContent('$20.000');
    expect(within(ticket).getByTestId('ticket-net-total')).toHaveTextContent('$16.529');
    expect(within(ticket).getByText('Precio sin impuestos nacionales')).toBeInTheDocument();
    expect(within(ticket).getByText('Efectivo (paga con $25.000)')).toBeInTheDocument();
    expect(within(ticket).getByTestId('ticket-change')).toHaveTextContent('$5.000');
    const invoice = within(ticket).getByTestId('ticket-invoice');
    expect(invoice).toHaveTextContent('Factura C N° 00003-00000012');
    expect(invoice).toHaveTextContent('CAE: 71234567890123');
    expect(invoice).toHaveTextContent('Vto. CAE: 06/12/2026');
    expect(await within(ticket).findByRole('img', { name: 'Código QR de ARCA de la factura' })).toBeInTheDocument();
  });

  it('an invoice not authorised yet: "Factura en trámite", no CAE', async () => {
    setupScreen({
      'GET /cash-sessions/tickets/*': () => ({
        data: {
          ticket: ticketFixture({
            netTotal: null,
            invoice: { status: 'pending', name: 'Factura C', numberText: null, cae: null, caeDueDate: null, qrUrl: null },
          }),
        },
      }),
    });
    renderApp(<CounterTicketPanel orderNumber={ORDER_NUMBER} />);
    expect(await screen.findByTestId('ticket-invoice-pending')).toHaveTextContent('Factura en trámite');
    expect(screen.queryByText(/CAE/)).not.toBeInTheDocument();
    expect(screen.getByTestId('ticket-total')).toHaveTextContent('$20.000');
    // An order that kept no net (placed before it was kept) prints no made-up figure.
    expect(screen.queryByTestId('ticket-net-total')).not.toBeInTheDocument();
  });

  it('a shop without ARCA invoicing prints no invoice part', async () => {
    setupScreen({
      'GET /cash-sessions/tickets/*': () => ({
        data: {
          ticket: ticketFixture({ invoicingOn: false, invoice: null, shop: { businessName: '', address: '', cuit: '', taxCondition: '' } }),
        },
      }),
    });
    renderApp(<CounterTicketPanel orderNumber={ORDER_NUMBER} />);
    expect(await screen.findByText('Comprobante no válido como factura')).toBeInTheDocument();
    expect(screen.queryByText(/Factura en trámite/)).not.toBeInTheDocument();
  });
});
