import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { describeOnEmbedded } from './support/backends.ts';
import { startInboxServer, type InboxServer } from './support/inbox.ts';
import { closeRawClients, firstOf, join, raw, replyTo } from './support/raw-realtime.ts';

/**
 * Our Realtime endpoint speaks Phoenix's channel protocol as hosted Realtime's
 * Phoenix does (its socket.ex): heartbeats, a topic joined again, a leave, and
 * a message for a topic or a join that is gone.
 */
describeOnEmbedded('Realtime answers as Phoenix does', () => {
  let site: InboxServer;
  beforeAll(async () => void (site = await startInboxServer('embedded', { listen: true })));
  afterAll(() => site?.close());
  afterEach(closeRawClients);

  it('answers a heartbeat, and a message on a topic never joined as Phoenix does', async () => {
    const client = await raw(site);
    client.send({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '1' });
    expect((await replyTo(client, '1')).payload).toEqual({ status: 'ok', response: {} });
    client.send({
      topic: 'realtime:nowhere',
      event: 'broadcast',
      payload: {},
      ref: '2',
      join_ref: '1',
    });
    // Phoenix's "unmatched topic" names no join: there is none.
    expect(await replyTo(client, '2')).toMatchObject({
      join_ref: null,
      payload: { status: 'error', response: { reason: 'unmatched topic' } },
    });
  });

  it('closes a channel joined again before judging the new join, as Phoenix does', async () => {
    const client = await raw(site);
    client.send(join('inbox', '1', [{ event: '*', schema: 'public' }]));
    expect((await replyTo(client, '1')).payload.status).toBe('ok');
    client.send({ ...join('inbox', '2'), payload: { config: {}, access_token: 'potato' } });
    expect((await replyTo(client, '2')).payload.status).toBe('error');
    // Phoenix shuts the first join's channel whatever becomes of the second: nothing is left.
    const closed = await firstOf(client, 'phx_close');
    expect(closed).toMatchObject({ topic: 'realtime:inbox', ref: '1', join_ref: '1' });
    client.send({ topic: 'realtime:inbox', event: 'access_token', payload: {}, ref: '3' });
    expect((await replyTo(client, '3')).payload.response).toEqual({ reason: 'unmatched topic' });
  });

  it('answers a leave, then closes the channel, as Phoenix does; a leave of no channel is ok', async () => {
    const client = await raw(site);
    client.send(join('inbox', '1', [{ event: '*', schema: 'public' }]));
    await replyTo(client, '1');
    client.send({
      topic: 'realtime:inbox',
      event: 'phx_leave',
      payload: {},
      ref: '2',
      join_ref: '1',
    });
    expect((await replyTo(client, '2')).payload).toEqual({ status: 'ok', response: {} });
    const closed = await firstOf(client, 'phx_close');
    expect(closed).toMatchObject({ topic: 'realtime:inbox', ref: '1', join_ref: '1' });
    // realtime-js's unsubscribe() of a channel the server already shut resolves 'ok' on hosted.
    client.send({ topic: 'realtime:inbox', event: 'phx_leave', payload: {}, ref: '3' });
    expect((await replyTo(client, '3')).payload).toEqual({ status: 'ok', response: {} });
  });

  it('ignores a leave or a token sent for an earlier join of the topic, as Phoenix does', async () => {
    const client = await raw(site);
    client.send(join('inbox', '1', [{ event: '*', schema: 'public' }]));
    await replyTo(client, '1');
    client.send(join('inbox', '2', [{ event: '*', schema: 'public' }]));
    expect((await replyTo(client, '2')).payload.status).toBe('ok');
    // What the client sent before it joined again, arriving after: the new channel is kept.
    const earlier = { topic: 'realtime:inbox', payload: {}, join_ref: '1' };
    client.send({ ...earlier, event: 'phx_leave', ref: '3' });
    client.send({ ...earlier, event: 'access_token', ref: '4', payload: { access_token: 'x' } });
    client.send({
      topic: 'realtime:inbox',
      event: 'phx_leave',
      payload: {},
      ref: '5',
      join_ref: '2',
    });
    expect((await replyTo(client, '5')).payload.status).toBe('ok');
    // Answered in order: by the reply to the current join's leave, the earlier ones had their turn.
    expect(client.received.filter((m) => m.ref === '3' || m.ref === '4')).toEqual([]);
    expect(client.received.filter((m) => m.event === 'phx_close')).toEqual([
      expect.objectContaining({ ref: '1', join_ref: '1' }),
      expect.objectContaining({ ref: '2', join_ref: '2' }),
    ]);
  });
});
