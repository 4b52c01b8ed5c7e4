import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import { ContactForm } from './contact-form';

function renderForm() {
  renderWithApp(
    <ContactForm title="Envianos un mensaje" description="" responseMessage="¡Gracias! Te respondemos pronto." disclaimer="" />,
  );
  return userEvent.setup();
}

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/Nombre/), 'Ana');
  await user.type(screen.getByLabelText(/Email/), 'ana@example.com');
  await user.type(screen.getByLabelText(/Asunto/), 'Talles');
  await user.type(screen.getByLabelText(/Mensaje/), '¿Tienen talle 100?');
}

describe('contact form', () => {
  it('requires the starred fields', async () => {
    const requests = mockApi({});
    const user = renderForm();
    await user.type(screen.getByLabelText(/Nombre/), 'Ana');
    await user.click(screen.getByRole('button', { name: 'Enviar mensaje' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Todos los campos marcados con * son obligatorios');
    expect(requests).toHaveLength(0);
  });

  it('names a malformed e-mail once the starred fields are filled, and clears the message on edit', async () => {
    const requests = mockApi({});
    const user = renderForm();
    await fill(user);
    await user.type(screen.getByLabelText(/Email/), '@@');
    await user.click(screen.getByRole('button', { name: 'Enviar mensaje' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Formato de email inválido');
    await user.type(screen.getByLabelText(/Asunto/), '!');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('sends the message and shows the configured response', async () => {
    const requests = mockApi({ 'POST /contact': { status: 201, data: { message: 'ok' } } });
    const user = renderForm();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Enviar mensaje' }));
    expect(await screen.findByText('¡Gracias! Te respondemos pronto.')).toBeInTheDocument();
    expect(requests[0]?.body).toEqual({ name: 'Ana', email: 'ana@example.com', subject: 'Talles', message: '¿Tienen talle 100?' });
    expect(screen.getByLabelText(/Nombre/)).toHaveValue('');
  });

  it('shows the error text when sending fails', async () => {
    mockApi({ 'POST /contact': { status: 500, data: {} } });
    const user = renderForm();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Enviar mensaje' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error enviando el mensaje. Por favor intenta nuevamente.');
  });
});
