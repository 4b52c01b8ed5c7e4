import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultSiteContent, type SiteContent } from '@shop/shared';
import { Footer } from '@/app/layout/footer';
import { mockApi } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import { PrivacyPage, TermsPage } from './legal-text-page';

const contentWith = (legal: Partial<SiteContent['legal']>) => {
  const content = defaultSiteContent();
  content.legal = { ...content.legal, ...legal };
  return { 'GET /content': { status: 200, data: { content } } };
};

describe('the legal pages', () => {
  it('"Política de privacidad" by default: who keeps the data, the rights under Ley 25.326 and the AAIP, with the shop named', async () => {
    mockApi(contentWith({}));
    renderWithApp(<PrivacyPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Política de privacidad' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Tus derechos' })).toBeInTheDocument();
    const page = screen.getByTestId('privacy-page');
    expect(page).toHaveTextContent('Jazmín Lencería, de Neuquén, Argentina, es responsable de los datos personales');
    expect(page).toHaveTextContent(/acceso a tus datos, corregirlos, actualizarlos o suprimirlos/);
    expect(page).toHaveTextContent(/Agencia de Acceso a la Información Pública \(AAIP\)/);
    expect(page).not.toHaveTextContent('{tienda}');
    expect(within(page).getAllByRole('listitem').length).toBeGreaterThanOrEqual(4);
  });

  it("the owner's own terms, as plain text: her headings and paragraphs, nothing she wrote becomes markup", async () => {
    mockApi(contentWith({ termsText: '## Envíos\nDespachamos los martes desde {ciudad}.\n\n<b>sin negrita</b>' }));
    renderWithApp(<TermsPage />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Envíos' })).toBeInTheDocument();
    expect(screen.getByText('Despachamos los martes desde Neuquén.')).toBeInTheDocument();
    expect(screen.getByText('<b>sin negrita</b>')).toBeInTheDocument();
    expect(document.querySelector('b')).toBeNull();
  });

  it('an emptied text shows the suggested one instead of a blank page', async () => {
    mockApi(contentWith({ termsText: '   ' }));
    renderWithApp(<TermsPage />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Botón de arrepentimiento' })).toBeInTheDocument();
  });
});

describe('the footer', () => {
  it('links both legal pages, and hides the Data Fiscal until its link and image are set', async () => {
    mockApi(
      contentWith({
        dataFiscalUrl: 'http://qr.afip.gob.ar/?qr=abc123',
        dataFiscalImage: '',
        consumerDefenseUrl: 'https://reclamos.example.gob.ar/x',
      }),
    );
    renderWithApp(<Footer />);
    // The stored content has arrived once the consumer-defence link carries its address.
    await waitFor(() => expect(screen.getByTestId('consumer-defense-link')).toHaveAttribute('href', 'https://reclamos.example.gob.ar/x'));
    expect(screen.getByRole('link', { name: 'Términos y condiciones' })).toHaveAttribute('href', '/terminos-y-condiciones');
    expect(screen.getByRole('link', { name: 'Política de privacidad' })).toHaveAttribute('href', '/politica-de-privacidad');
    expect(screen.queryByTestId('data-fiscal')).toBeNull();
  });

  it('shows the Data Fiscal image linking to ARCA once both are set', async () => {
    mockApi(contentWith({ dataFiscalUrl: 'http://qr.afip.gob.ar/?qr=abc123', dataFiscalImage: '/uploads/data_fiscal_1.png' }));
    renderWithApp(<Footer />);
    const link = await screen.findByTestId('data-fiscal');
    expect(link).toHaveAttribute('href', 'http://qr.afip.gob.ar/?qr=abc123');
    expect(within(link).getByRole('img', { name: /Data Fiscal/ })).toHaveAttribute('src', '/uploads/data_fiscal_1.png');
  });
});
