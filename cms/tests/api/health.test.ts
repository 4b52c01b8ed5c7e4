import { describe, expect, it } from 'vitest';
import { api } from '../helpers/api';

describe('GET /health', () => {
  it('answers ok with the database reachable', async () => {
    const res = await api('/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', database: 'ok' });
    expect(typeof res.body.uptime).toBe('number');
    expect(Number.isNaN(Date.parse(res.body.timestamp))).toBe(false);
  });

  it('answers unknown /api paths with a Spanish 404', async () => {
    const res = await api('/no-existe');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Recurso no encontrado');
  });
});
