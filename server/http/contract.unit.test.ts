import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RouteOptions,
} from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from '#common/contract.ts';
import { route } from './contract.ts';
import { registerErrorHandler } from './errors.ts';

const renameThing = endpoint({
  method: 'PUT',
  path: '/api/things/:id/',
  access: 'signed-in',
  ids: { id: 'Thing not found' },
  query: z.object({
    mode: z.enum(['fast', 'slow'], { error: 'mode must be fast or slow.' }).default('slow'),
  }),
  body: z.object({ name: z.string({ error: 'name is required.' }).min(1, { error: 'name is required.' }) }),
  response: z.object({ id: z.number(), name: z.string(), mode: z.string() }),
});

const makeThing = endpoint({
  method: 'POST',
  path: '/api/things/',
  access: 'public',
  response: z.object({ id: z.number() }),
  status: 201,
});

const removeThing = endpoint({
  method: 'DELETE',
  path: '/api/admin/things/:id/',
  access: 'admin',
  ids: { id: 'Thing not found' },
  response: 'none',
});

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function build(register: (api: FastifyInstance) => void, checksAnswers = true) {
  app = Fastify();
  app.decorate('checksAnswers', checksAnswers);
  app.decorate('isAdminScope', false);
  registerErrorHandler(app);
  await app.register(
    async (api) => {
      register(api);
    },
    { prefix: '/api' },
  );
  await app.ready();
  return app;
}

describe('a route registered from its declaration', () => {
  it('gives the handler the id, the query and the body, each parsed', async () => {
    const server = await build((api) =>
      route(api, renameThing, ({ ids, query, body }) => ({ id: ids.id, name: body.name, mode: query.mode })),
    );

    const answer = await server.inject({
      method: 'PUT',
      url: '/api/things/7/?mode=fast',
      payload: { name: 'x' },
    });

    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ id: 7, name: 'x', mode: 'fast' });
  });

  it('answers a bad id with its 404 before a bad query or body, and a bad query before a bad body', async () => {
    const server = await build((api) => route(api, renameThing, () => ({ id: 1, name: 'x', mode: 'slow' })));

    const badId = await server.inject({ method: 'PUT', url: '/api/things/nope/?mode=odd', payload: {} });
    const badQuery = await server.inject({ method: 'PUT', url: '/api/things/1/?mode=odd', payload: {} });
    const badBody = await server.inject({ method: 'PUT', url: '/api/things/1/', payload: { name: '' } });

    expect([badId.statusCode, badId.json()]).toEqual([404, { error: 'Thing not found' }]);
    expect([badQuery.statusCode, badQuery.json()]).toEqual([400, { error: 'mode must be fast or slow.' }]);
    expect([badBody.statusCode, badBody.json()]).toEqual([400, { error: 'name is required.' }]);
  });

  it('answers with the declared status, or one the handler chose over the default 200', async () => {
    const server = await build((api) => {
      route(api, makeThing, () => ({ id: 1 }));
      route(
        api,
        { ...makeThing, path: '/api/things/saved/', status: undefined },
        (_input, request, reply) => {
          if ((request.query as { isNew?: string }).isNew) reply.status(201);
          return { id: 1 };
        },
      );
    });

    expect((await server.inject({ method: 'POST', url: '/api/things/' })).statusCode).toBe(201);
    expect((await server.inject({ method: 'POST', url: '/api/things/saved/' })).statusCode).toBe(200);
    expect((await server.inject({ method: 'POST', url: '/api/things/saved/?isNew=1' })).statusCode).toBe(201);
  });

  it('fails loudly, in tests, when an answer strays from its schema', async () => {
    const strict = await build((api) =>
      route(api, makeThing, () => ({ id: 'one' }) as unknown as { id: number }),
    );
    expect((await strict.inject({ method: 'POST', url: '/api/things/' })).statusCode).toBe(500);
    await strict.close();

    const production = await build(
      (api) => route(api, makeThing, () => ({ id: 'one' }) as unknown as { id: number }),
      false,
    );
    expect((await production.inject({ method: 'POST', url: '/api/things/' })).json()).toEqual({ id: 'one' });
  });

  it('answers 204 with no body for an endpoint that answers nothing', async () => {
    const server = await build((api) => {
      api.register(async (admin) => {
        admin.isAdminScope = true;
        route(admin, removeThing, () => undefined);
      });
    });

    const answer = await server.inject({ method: 'DELETE', url: '/api/admin/things/3/' });

    expect([answer.statusCode, answer.body]).toEqual([204, '']);
  });

  it('refuses, at start-up, an admin endpoint outside the admin guard and a learner one behind it', async () => {
    await expect(build((api) => route(api, removeThing, () => undefined))).rejects.toThrow(
      'declared for admin callers but registered without it',
    );
    await expect(
      build((api) => {
        api.register(async (admin) => {
          admin.isAdminScope = true;
          route(admin, makeThing, () => ({ id: 1 }));
        });
      }),
    ).rejects.toThrow('declared for public callers but registered behind the admin guard');
  });

  it('refuses, at start-up, an offline endpoint that is not a signed-in learner’s JSON change', async () => {
    const publicChange = endpoint({ ...makeThing, offline: true });
    const fileChange = endpoint({ ...renameThing, response: 'file', offline: true });
    for (const declaration of [publicChange, fileChange]) {
      await expect(build((api) => route(api, declaration, () => undefined))).rejects.toThrow(
        'cannot be offline: only a learner’s JSON change can.',
      );
    }
  });

  it('gives an offline endpoint’s handler no moment and the database when neither header is sent', async () => {
    const change = endpoint({ ...makeThing, access: 'signed-in', offline: true });
    let given: unknown;
    const built = await build((api) => {
      api.decorate('db', 'the database' as never);
      route(api, change, ({ offline }) => {
        given = offline;
        return { id: 1 };
      });
    });

    const response = await built.inject({ method: 'POST', url: '/api/things/' });

    expect(response.statusCode).toBe(201);
    expect(given).toEqual({ key: undefined, occurredAt: undefined, db: 'the database' });
    const refused = await built.inject({
      method: 'POST',
      url: '/api/things/',
      headers: { 'occurred-at': 'now' },
    });
    expect(refused.statusCode).toBe(400);
  });

  it('refuses, at start-up, a path outside the scope it is registered in', async () => {
    await expect(
      build((api) => {
        api.register(
          async (admin) => {
            admin.isAdminScope = true;
            route(admin, makeThing, () => ({ id: 1 }));
          },
          { prefix: '/admin' },
        );
      }),
    ).rejects.toThrow('cannot be registered under /api/admin');
  });

  it('answers at once, with no promise on the way, when the handler answers at once', async () => {
    const lookUp = endpoint({
      method: 'GET',
      path: '/api/look/',
      access: 'signed-in',
      query: z.object({ word: z.string({ error: 'word is required.' }) }),
      response: z.object({ word: z.string() }),
    });
    let registered: RouteOptions | undefined;
    await build((api) => {
      api.addHook('onRoute', (options) => {
        registered = options;
      });
      route(api, lookUp, ({ query }) => JSON.stringify({ word: query.word }), {
        readQuery: (query) => query as { word: string },
      });
    });
    const types: string[] = [];
    const reply = {
      sent: false,
      statusCode: 200,
      status: () => reply,
      // As Fastify's reply: route() asks whether the handler compressed the answer itself (the story list).
      hasHeader: () => false,
      type: (type: string) => {
        types.push(type);
        return reply;
      },
    } as unknown as FastifyReply;
    const request = { params: {}, query: { word: 'hola' } } as unknown as FastifyRequest;

    const handler = registered?.handler as (request: FastifyRequest, reply: FastifyReply) => unknown;

    const result = handler.call(app, request, reply);

    expect(result).toBe('{"word":"hola"}');
    expect(types).toEqual(['application/json; charset=utf-8']);
  });

  it('checks an answer made as JSON text as the JSON it is', async () => {
    const server = await build((api) => {
      route(api, makeThing, () => '{"id":1}');
      route(api, { ...makeThing, path: '/api/things/odd/' }, () => '{"id":"one"}');
    });

    const good = await server.inject({ method: 'POST', url: '/api/things/' });
    const odd = await server.inject({ method: 'POST', url: '/api/things/odd/' });

    expect([good.statusCode, good.body]).toEqual([201, '{"id":1}']);
    expect(odd.statusCode).toBe(500);
  });

  it('marks the route with its declaration, and keeps the options a route needs beside it', async () => {
    const routes: RouteOptions[] = [];
    await build((api) => {
      api.addHook('onRoute', (options) => {
        routes.push(options);
      });
      route(api, makeThing, () => ({ id: 1 }), {
        config: { rateLimit: false } as RouteOptions['config'],
        bodyLimit: 10,
        compress: false,
      });
    });

    const made = routes.find((options) => options.method === 'POST');
    expect(made?.config).toMatchObject({ public: true, endpoint: makeThing });
    expect(made).toMatchObject({ url: '/api/things/', bodyLimit: 10, compress: false });
  });
});
