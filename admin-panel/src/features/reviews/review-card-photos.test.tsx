import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffRole } from '@shop/shared';
import { staffReviewFixture } from '@/test/fixtures';
import { ADMIN_USER, renderApp, signInStorage } from '@/test/render';
import { bodyOf, mockApi } from '@/test/mock-api';
import { ReviewsPage } from './reviews-page';

/** A review waiting, with two photos, the first one hidden from the shop. */
const WITH_PHOTOS = staffReviewFixture({
  id: 9,
  stars: 5,
  title: '',
  text: '',
  fit: 'true',
  size: 'M',
  usualSize: '',
  photos: [
    { url: '/uploads/opinion_a.jpg', hidden: true },
    { url: '/uploads/opinion_b.jpg', hidden: false },
  ],
});

function setup(role: StaffRole) {
  signInStorage({ ...ADMIN_USER, staffRole: role });
  const calls = mockApi({
    'GET /reviews': { data: { reviews: [WITH_PHOTOS], total: 1, page: 1, pageSize: 20, pending: 1 } },
    'GET /reviews/settings': { data: { invitationDelayDays: 7, autoPublishShort: false } },
    'PUT /reviews/9': { data: { review: WITH_PHOTOS } },
  });
  renderApp(<ReviewsPage />);
  return { calls, user: userEvent.setup() };
}

describe('Opiniones: her photos on the card', () => {
  it('shows each photo, the hidden one marked, with "Ocultar foto" / "Mostrar foto" for who moderates', async () => {
    const { calls, user } = setup('catalog');
    const photos = await screen.findByTestId('review-card-photos');
    expect(within(photos).getByRole('img', { name: 'Foto 1 de La opinión de María G.' })).toHaveAttribute('src', '/uploads/opinion_a.jpg');
    expect(within(photos).getAllByTestId('review-card-photo')[0]).toHaveTextContent('Oculta en la tienda');
    expect(within(photos).getAllByTestId('review-card-photo')[1]).not.toHaveTextContent('Oculta en la tienda');
    expect(within(photos).getByRole('button', { name: 'Mostrar foto 1 de La opinión de María G.' })).toHaveTextContent('Mostrar foto');
    await user.click(within(photos).getByRole('button', { name: 'Ocultar foto 2 de La opinión de María G.' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT').map(bodyOf)).toEqual([{ hiddenPhotos: [0, 1] }]));
    expect(await screen.findByText('Foto oculta: no se muestra en la tienda')).toBeInTheDocument();
    await user.click(within(photos).getByRole('button', { name: 'Mostrar foto 1 de La opinión de María G.' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT').map(bodyOf)).toContainEqual({ hiddenPhotos: [] }));
  });

  it('shows the photos to sales without the toggle', async () => {
    setup('sales');
    const photos = await screen.findByTestId('review-card-photos');
    expect(within(photos).getAllByRole('img')).toHaveLength(2);
    expect(within(photos).queryByRole('button')).toBeNull();
  });
});
