import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CONSUMER_DEFENSE_LINK_TEXT,
  DEFAULT_CONSUMER_DEFENSE_URL,
  DEFAULT_PRIVACY_TEXT,
  defaultSiteContent,
  type SiteContent,
} from '@shop/shared';
import { ContentHarness } from '@/test/content-harness';
import { LegalTab } from './legal-tab';

function Harness({ onChange }: { onChange: (content: SiteContent) => void }) {
  return <ContentHarness onChange={onChange}>{(content, edit) => <LegalTab content={content} edit={edit} />}</ContentHarness>;
}

describe('content editor: Legales', () => {
  it("says why the consumer-defence link exists, shows the portal's address by default and takes a new one", async () => {
    let saved = defaultSiteContent();
    render(<Harness onChange={(next) => (saved = next)} />);
    expect(screen.getByTestId('legal-editor')).toHaveTextContent(`«${CONSUMER_DEFENSE_LINK_TEXT}»`);
    const field = screen.getByLabelText(/Dirección del formulario de reclamos/);
    expect(field).toHaveValue(DEFAULT_CONSUMER_DEFENSE_URL);
    const user = userEvent.setup();
    await user.clear(field);
    await user.type(field, 'https://autogestion.produccion.gob.ar/consumidores');
    expect(saved.legal.consumerDefenseUrl).toBe('https://autogestion.produccion.gob.ar/consumidores');
  });

  it('explains the Data Fiscal (ARCA, RG 1415) and takes its address; no image until one is uploaded', async () => {
    let saved = defaultSiteContent();
    render(<Harness onChange={(next) => (saved = next)} />);
    expect(screen.getByTestId('data-fiscal-editor')).toHaveTextContent(/RG 1415/);
    expect(screen.getByTestId('data-fiscal-editor')).toHaveTextContent('Sin imagen');
    await userEvent.setup().type(screen.getByLabelText('Dirección del Data Fiscal'), 'http://qr.afip.gob.ar/?qr=abc');
    expect(saved.legal.dataFiscalUrl).toBe('http://qr.afip.gob.ar/?qr=abc');
  });

  it('starts the privacy policy from the suggested text, edits it, and puts the suggestion back on request', async () => {
    let saved = defaultSiteContent();
    render(<Harness onChange={(next) => (saved = next)} />);
    const privacy = screen.getByLabelText('Texto de «Política de privacidad»');
    expect(privacy).toHaveValue(DEFAULT_PRIVACY_TEXT);
    expect(screen.queryByRole('button', { name: 'Volver al texto sugerido' })).toBeNull();
    const user = userEvent.setup();
    await user.clear(privacy);
    await user.type(privacy, 'Nuestra política');
    expect(saved.legal.privacyText).toBe('Nuestra política');
    await user.click(screen.getByRole('button', { name: 'Volver al texto sugerido' }));
    expect(saved.legal.privacyText).toBe(DEFAULT_PRIVACY_TEXT);
  });
});
