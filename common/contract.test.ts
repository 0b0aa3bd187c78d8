import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint, pathOf, successStatus } from './contract.ts';

describe('pathOf', () => {
  it('fills each parameter, encoded', () => {
    expect(pathOf('/api/admin/stories/:storyId/chapters/', { storyId: 12 })).toBe(
      '/api/admin/stories/12/chapters/',
    );
    expect(pathOf('/api/things/:name/', { name: 'a b/c' })).toBe('/api/things/a%20b%2Fc/');
  });

  it('refuses a path whose parameter is missing', () => {
    expect(() => pathOf('/api/chapters/:id/', {} as { id: number })).toThrow('needs its parameter id');
  });

  it('leaves a path without parameters as it is', () => {
    expect(pathOf('/api/words/', undefined)).toBe('/api/words/');
  });
});

describe('successStatus', () => {
  it('is 200 by default, 204 for an endpoint that answers nothing, and the declared one otherwise', () => {
    const list = endpoint({
      method: 'GET',
      path: '/api/x/',
      access: 'public',
      response: z.array(z.number()),
    });
    const remove = endpoint({ method: 'DELETE', path: '/api/x/:id/', access: 'admin', response: 'none' });
    const create = endpoint({
      method: 'POST',
      path: '/api/x/',
      access: 'admin',
      body: z.object({}),
      response: z.object({}),
      status: 201,
    });
    expect([list, remove, create].map(successStatus)).toEqual([200, 204, 201]);
  });
});
