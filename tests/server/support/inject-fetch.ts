import type { FastifyInstance, InjectOptions } from 'fastify';

/**
 * Where the clients think the server is; the requests never leave the process.
 * A client library needs an absolute URL, so the tests give it this one.
 */
export const INJECTED_URL = 'http://localhost';

/** Statuses whose answer has no body: a Response built with one throws. */
const NO_BODY = new Set([101, 204, 205, 304]);

/**
 * A fetch that hands each request to the app with `app.inject()`, for client
 * libraries (supabase-js, postgrest-js) in tests whose subject is not the
 * socket: the same routes, headers and bodies, without a port or a connection.
 */
export function injectFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const payload = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const answer = await app.inject({
      method: request.method as InjectOptions['method'],
      url: url.pathname + url.search,
      headers: Object.fromEntries(request.headers),
      ...(payload && { payload }),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const each of Array.isArray(value) ? value : [value]) headers.append(name, String(each));
    }
    const body =
      NO_BODY.has(answer.statusCode) || request.method === 'HEAD'
        ? null
        : new Uint8Array(answer.rawPayload);
    return new Response(body, { status: answer.statusCode, headers });
  };
}
