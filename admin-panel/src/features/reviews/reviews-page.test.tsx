import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REVIEW_MSG, type StaffReview, type StaffRole } from '@shop/shared';
import { staffReviewFixture } from '@/test/fixtures';
import { ADMIN_USER, renderApp, signInStorage } from '@/test/render';
import { bodyOf, mockApi, type MockRoutes } from '@/test/mock-api';
import { ReviewsPage } from './reviews-page';

/** A 4-star review waiting for approval, of a bra bought in 90 black. */
const PENDING = staffReviewFixture({
  id: 7,
  stars: 4,
  title: 'Muy linda',
  text: 'El encaje es suave y no pica.',
  fit: 'small',
  size: '90',
  usualSize: '85',
});

const listAnswer = (reviews: StaffReview[], over: Record<string, number> = {}) => ({
  data: { reviews, total: reviews.length, page: 1, pageSize: 20, pending: reviews.filter((r) => r.status === 'pending').length, ...over },
});

function setup(role: StaffRole = 'owner', routes: MockRoutes = {}) {
  signInStorage({ ...ADMIN_USER, staffRole: role });
  const calls = mockApi({
    'GET /reviews': listAnswer([PENDING]),
    'GET /reviews/settings': { data: { invitationDelayDays: 7, autoPublishShort: false } },
    ...routes,
  });
  renderApp(<ReviewsPage />);
  return { calls, user: userEvent.setup() };
}

const puts = (calls: ReturnType<typeof setup>['calls']) => calls.filter((c) => c.method === 'PUT' && c.url === '/reviews/7').map(bodyOf);

describe('Opiniones: the list', () => {
  it('opens on the reviews waiting, each with its stars, fit, size, author, product, order and date', async () => {
    const { calls } = setup();
    const card = await screen.findByTestId('review-card');
    expect(screen.getByRole('tab', { name: /Esperando aprobación/ })).toHaveAttribute('aria-selected', 'true');
    expect(calls.find((c) => c.url === '/reviews')?.params).toEqual({ status: 'pending', page: 1 });
    expect(within(card).getByRole('img', { name: '4 de 5 estrellas' })).toHaveTextContent('★★★★☆ 4/5');
    expect(within(card).getByRole('heading', { name: 'Muy linda' })).toBeInTheDocument();
    expect(card).toHaveTextContent('El encaje es suave y no pica.');
    expect(card).toHaveTextContent('Me quedó chico');
    expect(card).toHaveTextContent('Talle 90 · Negro');
    expect(card).toHaveTextContent('Talle habitual85');
    expect(card).toHaveTextContent('María G. (compra verificada) · maria@example.com');
    expect(card).toHaveTextContent('20/11/2026');
    expect(card).toHaveTextContent('Esperando aprobación');
    expect(within(card).getByRole('link', { name: 'Corpiño Lila' })).toHaveAttribute('href', '/products/edit/p-lila');
    expect(within(card).getByRole('link', { name: 'JL-20261110-0004' })).toHaveAttribute('href', '/orders/o1');
    expect(screen.getByTestId('reviews-pending-count')).toHaveTextContent('1');
  });

  it('says when none wait, and asks for the other statuses by their tab', async () => {
    const { calls, user } = setup('owner', { 'GET /reviews': listAnswer([]) });
    expect(await screen.findByText('No hay opiniones esperando aprobación.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Publicadas' }));
    expect(await screen.findByText('No hay opiniones publicadas.')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/reviews').map((c) => c.params.status)).toEqual(['pending', 'approved']);
  });

  it('shows the failure with a retry', async () => {
    setup('owner', { 'GET /reviews': { status: 500, data: { message: 'Se cayó la base' } } });
    expect(await screen.findByText(/Error al cargar las opiniones: Se cayó la base/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Reintentar/ })).toBeInTheDocument();
  });

  it('pages when there are more than 20', async () => {
    const { calls, user } = setup('owner', { 'GET /reviews': listAnswer([PENDING], { total: 45, pending: 45 }) });
    const pages = await screen.findByRole('navigation', { name: 'Páginas de opiniones' });
    await user.click(within(pages).getByRole('button', { name: 'Página 3' }));
    await waitFor(() => expect(calls.filter((c) => c.url === '/reviews').map((c) => c.params.page)).toEqual([1, 3]));
  });
});

describe('Opiniones: the moderation (owner and catalog)', () => {
  it('"Aprobar" sends the approval, and the list is read again', async () => {
    let current = [PENDING];
    const { calls, user } = setup('catalog', {
      'GET /reviews': () => listAnswer(current),
      'PUT /reviews/7': () => {
        current = [];
        return { data: { review: { ...PENDING, status: 'approved' } } };
      },
    });
    const card = await screen.findByTestId('review-card');
    await user.click(within(card).getByRole('button', { name: /^Aprobar/ }));
    expect(puts(calls)).toEqual([{ status: 'approved' }]);
    expect(await screen.findByText('No hay opiniones esperando aprobación.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Opinión aprobada');
  });

  it('"Rechazar" asks the reason first (never shown to her), then sends it', async () => {
    const { calls, user } = setup('owner', { 'PUT /reviews/7': { data: { review: { ...PENDING, status: 'rejected', reason: 'x' } } } });
    const card = await screen.findByTestId('review-card');
    await user.click(within(card).getByRole('button', { name: /^Rechazar/ }));
    const dialog = screen.getByRole('dialog', { name: 'Rechazar la opinión' });
    const reason = within(dialog).getByLabelText(/Motivo del rechazo/);
    expect(reason).toHaveAccessibleDescription(/No se le muestra a la compradora/);
    await user.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(REVIEW_MSG.reasonRequired);
    expect(puts(calls)).toEqual([]);
    await user.type(reason, '  Habla de otra tienda ');
    await user.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    expect(puts(calls)).toEqual([{ status: 'rejected', reason: 'Habla de otra tienda' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the server's Spanish message when it refuses", async () => {
    const { user } = setup('owner', { 'PUT /reviews/7': { status: 404, data: { message: REVIEW_MSG.notFound } } });
    const card = await screen.findByTestId('review-card');
    await user.click(within(card).getByRole('button', { name: /^Aprobar/ }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(REVIEW_MSG.notFound);
  });

  it('"Responder como la tienda" saves the reply', async () => {
    const { calls, user } = setup('owner', { 'PUT /reviews/7': { data: { review: PENDING } } });
    const card = await screen.findByTestId('review-card');
    await user.click(within(card).getByRole('button', { name: /^Responder como la tienda/ }));
    await user.type(within(card).getByLabelText('Respuesta de la tienda'), '¡Gracias, María! Para tu próxima compra probá un 95.');
    await user.click(within(card).getByRole('button', { name: 'Guardar respuesta' }));
    expect(puts(calls)).toEqual([{ reply: '¡Gracias, María! Para tu próxima compra probá un 95.' }]);
    expect(await screen.findByText('Respuesta guardada')).toBeInTheDocument();
  });

  it('shows an existing reply and edits it', async () => {
    const replied = { ...PENDING, status: 'approved' as const, reply: { text: 'Gracias por elegirnos', at: '2026-11-21T12:00:00.000Z' } };
    const { calls, user } = setup('owner', {
      'GET /reviews': listAnswer([replied]),
      'PUT /reviews/7': { data: { review: replied } },
    });
    const card = await screen.findByTestId('review-card');
    expect(card).toHaveTextContent('Respuesta de la tienda');
    expect(card).toHaveTextContent('Gracias por elegirnos');
    // Published: it can be taken down, not approved again.
    expect(within(card).queryByRole('button', { name: /^Aprobar/ })).toBeNull();
    await user.click(within(card).getByRole('button', { name: /^Editar la respuesta/ }));
    const text = within(card).getByLabelText('Respuesta de la tienda');
    expect(text).toHaveValue('Gracias por elegirnos');
    await user.clear(text);
    await user.type(text, 'Gracias, ¡te esperamos!');
    await user.click(within(card).getByRole('button', { name: 'Guardar respuesta' }));
    expect(puts(calls)).toEqual([{ reply: 'Gracias, ¡te esperamos!' }]);
  });

  it('sales read the list without any button, nor the settings', async () => {
    const { calls } = setup('sales');
    const card = await screen.findByTestId('review-card');
    expect(card).toHaveTextContent('Muy linda');
    expect(within(card).queryAllByRole('button')).toEqual([]);
    expect(screen.queryByTestId('review-settings')).toBeNull();
    // No products.manage: the product is named, not linked; the order is theirs to open.
    expect(within(card).queryByRole('link', { name: 'Corpiño Lila' })).toBeNull();
    expect(within(card).getByRole('link', { name: 'JL-20261110-0004' })).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/reviews/settings')).toBe(false);
  });
});

describe("Opiniones: the owner's settings", () => {
  it('saves the days after the delivery and the instant publishing', async () => {
    const { calls, user } = setup('owner', {
      'PUT /reviews/settings': (request) => ({ data: request.body }),
    });
    const settings = await screen.findByTestId('review-settings');
    const days = await within(settings).findByLabelText('Días después de la entrega para pedir la opinión');
    expect(days).toHaveValue(7);
    await user.clear(days);
    await user.type(days, '61');
    await user.click(within(settings).getByRole('button', { name: 'Guardar' }));
    expect(within(settings).getByRole('alert')).toHaveTextContent(REVIEW_MSG.delay);
    await user.clear(days);
    await user.type(days, '10');
    await user.click(within(settings).getByLabelText('Publicar al instante las de 4 o 5 estrellas sin texto'));
    await user.click(within(settings).getByRole('button', { name: 'Guardar' }));
    expect(await within(settings).findByText('Ajustes de opiniones guardados')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT' && c.url === '/reviews/settings').map(bodyOf)).toEqual([
      { invitationDelayDays: 10, autoPublishShort: true },
    ]);
  });

  it('catalog moderates but does not see the settings', async () => {
    const { calls } = setup('catalog');
    const card = await screen.findByTestId('review-card');
    expect(within(card).getByRole('button', { name: /^Rechazar/ })).toBeInTheDocument();
    expect(screen.queryByTestId('review-settings')).toBeNull();
    expect(calls.some((c) => c.url === '/reviews/settings')).toBe(false);
  });
});
