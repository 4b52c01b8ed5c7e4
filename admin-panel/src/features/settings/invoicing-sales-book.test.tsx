import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, signInStorage } from '@/test/render';
import { mockApi } from '@/test/mock-api';
import { InvoicingSalesBook } from './invoicing-sales-book';

let downloads: string[] = [];
beforeEach(() => {
  downloads = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:libro'), revokeObjectURL: vi.fn() }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
});
afterEach(() => vi.restoreAllMocks());

describe('Libro IVA ventas', () => {
  it('downloads the chosen month as CSV', async () => {
    signInStorage();
    const calls = mockApi({ 'GET /invoicing/libro-iva.csv': () => ({ data: new Blob(['\uFEFFFecha;Tipo\r\n']) }) });
    renderApp(<InvoicingSalesBook />);
    fireEvent.change(screen.getByLabelText('Mes'), { target: { value: '2026-10' } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Descargar Libro IVA ventas (CSV)' }));
    await waitFor(() => expect(downloads).toEqual(['libro-iva-ventas-2026-10.csv']));
    expect(calls.filter((c) => c.url === '/invoicing/libro-iva.csv').map((c) => c.params)).toEqual([{ month: '2026-10' }]);
  });

  it('says in Spanish why it could not download, and nothing is saved', async () => {
    signInStorage();
    mockApi({ 'GET /invoicing/libro-iva.csv': () => ({ status: 400, data: { message: 'Mes inválido: usá el formato AAAA-MM' } }) });
    renderApp(<InvoicingSalesBook />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Descargar Libro IVA ventas (CSV)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Mes inválido|Error al descargar el Libro IVA/);
    expect(downloads).toEqual([]);
  });
});
