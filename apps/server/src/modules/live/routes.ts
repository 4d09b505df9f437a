import type { FastifyInstance } from 'fastify';
import { fileResponse, isAdmin, LIVE_EVENTS_PATH, type LiveEventKind } from '@wallet/contract';
import { orgOf, userOf } from '../../http/context.js';
import { requireUser } from '../../http/guards.js';
import { sessionStillValid } from '../auth/service.js';
import { cardsOfUsers } from '../cards/service.js';
import type { LiveHub } from './hub.js';

/** A comment line now and then keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 20_000;

/**
 * GET /api/events: server-sent events for the signed-in user (what changed for them, ids only). A stream lasts
 * LIVE_STREAM_SECONDS and then ends: the browser reconnects, so its session is checked again; a session that ended
 * meanwhile (signed out elsewhere, expired) ends the stream at the next heartbeat.
 */
export async function liveRoutes(app: FastifyInstance, options: { hub: LiveHub }) {
  const { hub } = options;
  const endings = new Set<() => void>();
  // Streams never finish on their own: end them when the server closes, so shutdown does not wait for its grace.
  app.addHook('preClose', async () => {
    for (const end of [...endings]) end();
  });

  const schema = {
    response: {
      200: fileResponse(
        'text/event-stream',
        'Events `card.activity`, `balance.changed`, `purchase-request.changed`, `resync`',
      ),
    },
  };
  app.get(LIVE_EVENTS_PATH, { onRequest: requireUser, schema }, async (request, reply) => {
    const user = userOf(request);
    const org = orgOf(request);
    const sessionId = request.auth!.sessionId;
    const admin = isAdmin(user.roles);
    // An admin hears every card's activity; anyone else that of the cards they hold.
    const cardIds = admin
      ? undefined
      : new Set(((await cardsOfUsers(app.deps.db, org.id, [user.id])).get(user.id) ?? []).map((card) => card.id));
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    raw.write('retry: 3000\n\n');
    const send = (kind: LiveEventKind, data: object) => raw.write(`event: ${kind}\ndata: ${JSON.stringify(data)}\n\n`);
    const unsubscribe = hub.subscribe({ orgId: org.id, userId: user.id, admin, cardIds, deliver: send });
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      clearTimeout(lifetime);
      unsubscribe();
      endings.delete(end);
      raw.end();
    };
    endings.add(end);
    const heartbeat = setInterval(() => {
      void sessionStillValid(app.deps.db, org.id, sessionId, app.deps.config.SESSION_IDLE_MINUTES).then(
        (valid) => (valid ? raw.write(': heartbeat\n\n') : end()),
        () => undefined,
      );
    }, HEARTBEAT_MS);
    const lifetime = setTimeout(end, app.deps.config.LIVE_STREAM_SECONDS * 1000);
    request.raw.on('close', end);
    // Tell the client it is connected now (the app refetches what it shows: events before this were not heard).
    await hub.listening();
    if (!ended) raw.write(': connected\n\n');
  });
}
