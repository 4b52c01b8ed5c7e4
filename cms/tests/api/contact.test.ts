import { describe, expect, it } from 'vitest';
import { api, expectMessage } from '../helpers/api';

const valid = {
  name: 'Ana Pérez',
  email: 'ana@example.com',
  phone: '299 555-0000',
  subject: 'Consulta de talle',
  message: '¿El corpiño 95 viene en negro?',
};

describe('POST /contact', () => {
  it('stores the message and answers 201 {message}', async () => {
    const res = await api('/contact', { body: valid });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: 'Mensaje enviado correctamente' });
    const noPhone = await api('/contact', { body: { ...valid, phone: undefined } });
    expect(noPhone.status).toBe(201);
  });

  it.each([
    [{ ...valid, name: '' }, 'Todos los campos marcados con * son obligatorios'],
    [{ ...valid, subject: undefined }, 'Todos los campos marcados con * son obligatorios'],
    [{ ...valid, message: '   ' }, 'Todos los campos marcados con * son obligatorios'],
    [{ ...valid, email: 'no-es-email' }, 'Formato de email inválido'],
    [{ ...valid, name: { nested: true } }, 'Todos los campos marcados con * son obligatorios'],
  ])('refuses %j with the spec message', async (body, message) => {
    const res = await api('/contact', { body });
    expectMessage(res, 400, message);
  });

  it('refuses malformed JSON and oversized bodies', async () => {
    const malformed = await api('/contact', { method: 'POST', raw: 'name=Ana', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);
    const huge = await api('/contact', { body: { ...valid, message: 'x'.repeat(300_000) } });
    expectMessage(huge, 413, 'La petición es demasiado grande');
  });
});
