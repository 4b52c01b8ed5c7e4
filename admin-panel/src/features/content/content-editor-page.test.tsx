import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  DEFAULT_GOOGLE_PRODUCT_CATEGORY,
  DEFAULT_WHATSAPP_TEMPLATES,
  MAX_INSTALLMENTS_MESSAGE,
  MSG,
  RESERVATION_MINUTES_MESSAGE,
  siteContentSchema,
  WHATSAPP_TEMPLATE_KEYS,
  type ApiUser,
  type ContentAnswer,
  type SiteContent,
} from '@shop/shared';
import { useAuth } from '@/features/auth';
import { ADMIN_USER, renderApp, signInStorage } from '@/test/render';
import { mockApi, mockContentApi } from '@/test/mock-api';
import { contentFixture } from '@/test/fixtures';
import { ContentEditorPage } from './content-editor-page';

function setup() {
  signInStorage();
  const calls = mockContentApi(contentFixture(), {
    'POST /upload/proof': () => ({ data: { url: '/uploads/hero-nuevo.webp', filename: 'hero-nuevo.webp' } }),
  });
  renderApp(<ContentEditorPage />, { route: '/content', path: '/content' });
  return { calls, user: userEvent.setup({ applyAccept: false }) };
}

/** Opens the editor and goes to the tab with this name. */
async function setupOnTab(name: string) {
  const opened = setup();
  await opened.user.click(await screen.findByRole('tab', { name }));
  return opened;
}

/** Replaces what a field holds with `text`, as staff would: select all, delete, type. */
async function retype(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.type(field, text);
}

describe('content editor', () => {
  it('has the eight tabs of the spec, plus Envíos after Métodos de Pago, then Cambios y devoluciones, Impuestos and Legales', async () => {
    setup();
    await screen.findByTestId('content-editor-page');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Sección Inicial',
      'Sección Catálogo',
      '¿Por qué Jazmín Lencería?',
      'Detalle de Producto',
      'Guía de Tallas',
      'Métodos de Pago',
      'Envíos',
      'Informacion Contacto',
      'Mensajes de WhatsApp',
      'Cambios y devoluciones',
      'Impuestos',
      'Legales',
    ]);
  });

  it('edits the WhatsApp messages, explaining the placeholders', async () => {
    const { user, calls } = await setupOnTab('Mensajes de WhatsApp');
    const legend = screen.getByTestId('whatsapp-placeholders');
    for (const code of ['{nombre}', '{pedido}', '{total}', '{motivo}', '{seguimiento}']) {
      expect(within(legend).getByText(code)).toBeInTheDocument();
    }
    const paid = screen.getByLabelText('Pago confirmado');
    expect(paid).toHaveValue(DEFAULT_WHATSAPP_TEMPLATES.paid);
    expect(screen.getByLabelText(/Falta el comprobante/)).toHaveValue(DEFAULT_WHATSAPP_TEMPLATES.proofMissing);
    expect(screen.getAllByRole('textbox')).toHaveLength(WHATSAPP_TEMPLATE_KEYS.length);
    await retype(user, paid, 'Pago recibido, {{nombre}');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await screen.findByText('Contenido actualizado exitosamente!');
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      whatsapp: { paid: 'Pago recibido, {nombre}', cancelled: DEFAULT_WHATSAPP_TEMPLATES.cancelled },
    });
  });

  it('keeps edits local until the single save sends the whole content', async () => {
    const { user, calls } = await setupOnTab('Sección Catálogo');
    const subtitle = screen.getByLabelText('Subtítulo');
    await retype(user, subtitle, 'Nueva temporada');
    await user.click(screen.getByRole('button', { name: /Agregar categoría/ }));
    expect(within(screen.getByTestId('categories-editor')).getAllByRole('listitem')).toHaveLength(7);
    expect(screen.getByText('Hay cambios sin guardar.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Contenido actualizado exitosamente!')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    const expected = contentFixture();
    expected.productCatalog.subtitle = 'Nueva temporada';
    expected.productCatalog.categories.push({ name: '', display_name: '' });
    expect(put?.body).toEqual(expected);
  });

  it("edits each category's Google product category, showing the default it falls back to", async () => {
    const { user, calls } = await setupOnTab('Sección Catálogo');
    const editor = screen.getByTestId('categories-editor');
    const fields = within(editor).getAllByLabelText('Categoría de Google (para el feed)');
    expect(fields).toHaveLength(6);
    const corpinos = fields[1]!;
    expect(corpinos).toHaveValue('');
    expect(corpinos).toHaveAttribute('placeholder', DEFAULT_GOOGLE_PRODUCT_CATEGORY);
    expect(corpinos).toHaveAccessibleDescription(/Si lo dejás vacío se usa la que aparece de ejemplo/);
    await user.type(corpinos, '214');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await screen.findByText('Contenido actualizado exitosamente!');
    const categories = (calls.find((c) => c.method === 'PUT')?.body as SiteContent).productCatalog.categories;
    expect(categories.map((c) => c.google_product_category)).toEqual([undefined, '214', undefined, undefined, undefined, undefined]);
    expect(categories[1]).toEqual({ name: 'corpinos', display_name: 'Corpiños', google_product_category: '214' });
  });

  it('numeric fields keep a minimum of 0', async () => {
    const { user, calls } = await setupOnTab('Métodos de Pago');
    const fee = screen.getByLabelText('Recargo por pago en efectivo ($)');
    await retype(user, fee, '-150');
    await user.tab();
    expect(fee).toHaveValue(0);
    const base = screen.getByLabelText('Costo base de envío ($)');
    await retype(user, base, '2500');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await screen.findByText('Contenido actualizado exitosamente!');
    const body = calls.find((c) => c.method === 'PUT')?.body;
    expect(body).toMatchObject({
      checkout: { shipping: { homeDelivery: { baseCost: 2500 } }, paymentInfo: { cashOnDelivery: { additionalFee: 0 } } },
    });
  });

  it('edits the reservations and the per-product cap as whole numbers, explained in Spanish, flagging junk', async () => {
    const { user, calls } = await setupOnTab('Métodos de Pago');
    const transfer = screen.getByLabelText('Reserva de pedidos por transferencia sin comprobante (minutos)');
    const cash = screen.getByLabelText('Reserva de pedidos en efectivo (minutos)');
    const cap = screen.getByLabelText('Máximo de unidades de un mismo producto por pedido');
    expect(transfer).toHaveValue(2880);
    expect(transfer).toHaveAccessibleDescription(/se cancela automáticamente.*Ahora: 2 días\./);
    expect(cash).toHaveValue(0);
    expect(cash).toHaveAccessibleDescription(/Ahora: sin límite\./);
    expect(cap).toHaveValue(10);

    await retype(user, cash, '-5');
    expect(cash).toBeInvalid();
    expect(cash).toHaveAccessibleDescription(new RegExp(RESERVATION_MINUTES_MESSAGE.replace(/[()]/g, '\\$&')));
    expect(screen.getByRole('alert')).toHaveTextContent(RESERVATION_MINUTES_MESSAGE);
    await retype(user, cash, '90');
    expect(cash).toBeValid();
    expect(cash).toHaveAccessibleDescription(/Ahora: 1 h 30 min\./);
    await retype(user, cap, '4');

    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await screen.findByText('Contenido actualizado exitosamente!');
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      checkout: {
        maxUnitsPerProduct: 4,
        paymentInfo: { cashOnDelivery: { reservationMinutes: 90 }, bankTransfer: { reservationMinutes: 2880 } },
      },
    });
  });

  it('checks the hero image before uploading it', async () => {
    const { user, calls } = setup();
    await screen.findByTestId('content-tab-hero');
    const input = screen.getByLabelText(/Subir imagen/);

    await user.upload(input, new File(['gif'], 'hero.gif', { type: 'image/gif' }));
    expect(await screen.findByText(MSG.upload.heroType)).toBeInTheDocument();

    await user.upload(input, new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'hero.png', { type: 'image/png' }));
    expect(await screen.findByText(MSG.upload.heroTooLarge)).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/upload/proof')).toHaveLength(0);

    await user.upload(input, new File(['webp'], 'hero.webp', { type: 'image/webp' }));
    expect(await screen.findByText('Imagen subida exitosamente!')).toBeInTheDocument();
    expect(screen.getByLabelText('URL de la imagen')).toHaveValue('/uploads/hero-nuevo.webp');
  });

  it('offers the icon catalogue sorted, with Info for unknown icons', async () => {
    const { user } = await setupOnTab('Detalle de Producto');
    await user.click(screen.getByRole('button', { name: /Agregar tarjeta/ }));
    const pickers = screen.getAllByRole('button', { name: /Cambiar ícono/ });
    const last = pickers.at(-1);
    if (!last) throw new Error('no picker');
    expect(last).toHaveAccessibleName('Ícono: Info. Cambiar ícono');
    await user.click(last);
    const dialog = screen.getByRole('dialog', { name: 'Elegir ícono' });
    const names = within(dialog)
      .getAllByRole('listitem')
      .map((li) => li.textContent ?? '');
    expect(names).toHaveLength(150);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(names).toEqual(expect.arrayContaining(['Truck', 'Award', 'Heart', 'Star', 'ShieldCheck', 'Gift', 'Mail', 'Instagram', 'Info']));
    await user.type(within(dialog).getByLabelText('Buscar ícono'), 'truck');
    await user.click(within(dialog).getByRole('button', { name: 'Truck' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /Cambiar ícono/ }).at(-1)).toHaveAccessibleName('Ícono: Truck. Cambiar ícono');
  });
});

describe('content editor with stored values the server could not read', () => {
  it('names them, and saves without writing the defaults it shows over them unless told to', async () => {
    signInStorage();
    const content = contentFixture();
    const problems = [{ path: 'checkout.maxUnitsPerProduct', message: 'Debe ser al menos 1' }];
    const calls = mockApi({
      'GET /content': () => ({ data: { content, problems } }),
      'PUT /content': () => ({
        status: 400,
        data: { message: 'Las unidades máximas por producto deben ser al menos 1' },
      }),
    });
    renderApp(<ContentEditorPage />, { route: '/content', path: '/content' });
    const user = userEvent.setup();
    const warning = await screen.findByTestId('unreadable-values');
    expect(within(warning).getByText('checkout.maxUnitsPerProduct')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText(/^Error al actualizar el contenido\. Las unidades máximas/)).toBeInTheDocument();
    const first = calls.find((c) => c.method === 'PUT')?.body as { checkout: Record<string, unknown> };
    expect(first.checkout).not.toHaveProperty('maxUnitsPerProduct');
    await user.click(within(warning).getByRole('checkbox', { name: /Reemplazarlos/ }));
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await vi.waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    const second = calls.filter((c) => c.method === 'PUT')[1]?.body as { checkout: Record<string, unknown> };
    expect(second.checkout.maxUnitsPerProduct).toBe(content.checkout.maxUnitsPerProduct);
  });
});

/** Shows whose session the editor runs in, so a test can wait for it before checking what that role does not see. */
function RoleProbe() {
  return <p>Sesión: {useAuth().user?.staffRole ?? 'sin sesión'}</p>;
}

describe('content editor: Mercado Pago', () => {
  /** The editor on «Métodos de Pago» for `account`, the server answering `services` (absent: an older server). */
  async function openPayments(services: ContentAnswer['services'], account: ApiUser = { ...ADMIN_USER, staffRole: 'owner' }) {
    signInStorage(account);
    let stored: SiteContent = contentFixture();
    const answer = () => ({ data: services === undefined ? { content: stored } : { content: stored, services } });
    const calls = mockApi({
      'GET /auth/check': () => ({ data: { user: account } }),
      'GET /content': answer,
      'PUT /content': (request) => {
        stored = siteContentSchema.parse(request.body);
        return answer();
      },
    });
    renderApp(
      <>
        <ContentEditorPage />
        <RoleProbe />
      </>,
      { route: '/content', path: '/content' },
    );
    const user = userEvent.setup();
    await screen.findByText(`Sesión: ${account.staffRole ?? 'owner'}`);
    await user.click(await screen.findByRole('tab', { name: 'Métodos de Pago' }));
    return { calls, user };
  }

  /** The Mercado Pago fields: those after its heading in the payment fieldset. */
  function mercadoPagoField(label: string) {
    const payments = screen.getByRole('group', { name: 'Medios de pago' });
    const fields = within(payments).getAllByLabelText(label);
    const heading = within(payments).getByRole('heading', { name: 'Mercado Pago' });
    const after = fields.filter((f) => heading.compareDocumentPosition(f) & Node.DOCUMENT_POSITION_FOLLOWING);
    if (after.length !== 1) throw new Error(`${after.length} campos «${label}» de Mercado Pago`);
    return after[0]!;
  }

  it('edits the switch, texts, installments (1 to 12) and the reservation, and saves them', async () => {
    const { calls, user } = await openPayments({ mercadoPago: true });
    expect(screen.queryByTestId('mercadopago-not-configured')).not.toBeInTheDocument();
    const enabled = screen.getByRole('checkbox', { name: 'Mercado Pago habilitado' });
    expect(enabled).not.toBeChecked();
    expect(mercadoPagoField('Título')).toHaveValue('Mercado Pago');
    const installments = screen.getByLabelText('Cuotas máximas');
    const reservation = screen.getByLabelText('Reserva de pedidos con Mercado Pago sin pagar (minutos)');
    expect(installments).toHaveValue(6);
    expect(reservation).toHaveValue(60);
    expect(reservation).toHaveAccessibleDescription(/Pendiente \(Mercado Pago\).*Ahora: 1 h\./);

    await user.click(enabled);
    await retype(user, mercadoPagoField('Título'), 'Tarjeta o Mercado Pago');
    await retype(user, mercadoPagoField('Descripción'), 'Hasta 3 cuotas');
    await retype(user, installments, '13');
    expect(installments).toBeInvalid();
    expect(installments).toHaveAccessibleDescription(new RegExp(MAX_INSTALLMENTS_MESSAGE));
    await retype(user, installments, '0');
    expect(installments).toBeInvalid();
    await retype(user, installments, '3');
    expect(installments).toBeValid();
    await retype(user, reservation, '90');

    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await screen.findByText('Contenido actualizado exitosamente!');
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      checkout: {
        paymentInfo: {
          mercadoPago: {
            enabled: true,
            title: 'Tarjeta o Mercado Pago',
            description: 'Hasta 3 cuotas',
            maxInstallments: 3,
            reservationMinutes: 90,
          },
          // The other methods are left as they were.
          bankTransfer: { reservationMinutes: 2880 },
        },
      },
    });
  });

  it.each([
    ['says it has no credentials', { mercadoPago: false }],
    ['is an older one that does not say', undefined],
  ])('warns that Mercado Pago is not offered when the server %s', async (_, services) => {
    await openPayments(services);
    const warning = screen.getByTestId('mercadopago-not-configured');
    expect(warning).toHaveTextContent('Mercado Pago no se va a ofrecer en la tienda todavía');
    expect(within(warning).getByText('MERCADOPAGO_ACCESS_TOKEN')).toBeInTheDocument();
    expect(within(warning).getByText('MERCADOPAGO_WEBHOOK_SECRET')).toBeInTheDocument();
    expect(warning).toHaveTextContent('El README explica cómo');
    // The switch still works (the texts can be prepared) and is described by the warning.
    const enabled = screen.getByRole('checkbox', { name: 'Mercado Pago habilitado' });
    expect(enabled).toHaveAccessibleDescription(/faltan las credenciales MERCADOPAGO_ACCESS_TOKEN y MERCADOPAGO_WEBHOOK_SECRET/);
    expect(enabled).toBeEnabled();
  });

  it("is the owner's, like the other payment settings: other roles see no Mercado Pago field", async () => {
    await openPayments({ mercadoPago: false }, { ...ADMIN_USER, staffRole: 'catalog' });
    expect(screen.getByTestId('payment-owner-only')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Mercado Pago habilitado' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Cuotas máximas')).not.toBeInTheDocument();
    expect(screen.queryByTestId('mercadopago-not-configured')).not.toBeInTheDocument();
  });
});
