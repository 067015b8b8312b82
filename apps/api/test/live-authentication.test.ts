import type { AddressInfo } from 'node:net';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { REALTIME_TICKET_LIFETIME_SECONDS } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { sessionKeyOf, useTestApp } from './helpers/app.js';
import { describeEachEngine } from './helpers/engines.js';
import { type CreatedUser, createCitizen } from './helpers/factories.js';
import { askTicket, connectLive, type LiveClient, openLive } from './helpers/live-client.js';

const urlOf = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

describeEachEngine('authenticating GET /api/ws without a session token in any address', (engine) => {
  const ctx = useTestApp(engine);
  let baseUrl = '';
  let citizen: CreatedUser;
  const clients: LiveClient[] = [];
  const keep = (client: LiveClient) => {
    clients.push(client);
    return client;
  };
  const withTicket = (url: string, ticket: string) => openLive(`${url.replace(/^http/, 'ws')}/api/ws?ticket=${encodeURIComponent(ticket)}`);

  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = urlOf(ctx.app);
    citizen = await createCitizen(ctx.app);
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
  });

  it('refuses the session token in the address (a proxy\u2019s access log would keep it for hours)', async () => {
    await expect(connectLive(baseUrl, citizen.token, 'token-in-address')).rejects.toThrow(/401/);
    await expect(connectLive(baseUrl, citizen.token, 'token-in-address', baseUrl)).rejects.toThrow(/401/);
  });

  it('opens with the auth cookie from a page on the API\u2019s own origin, but not from a foreign page', async () => {
    keep(await connectLive(baseUrl, citizen.token, 'cookie', baseUrl));
    await expect(connectLive(baseUrl, citizen.token, 'cookie', 'https://evil.example')).rejects.toThrow(/403/);
    await expect(connectLive(baseUrl, citizen.token, 'cookie', 'null')).rejects.toThrow(/403/);
  });

  it('gives a ticket only to a signed-in caller, for a short time', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: '/api/ws/ticket' })).statusCode).toBe(401);
    const answer = await ctx.app.inject({ method: 'POST', url: '/api/ws/ticket', headers: citizen.headers });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ ticket: expect.any(String), expiresInSeconds: 30 });
    expect(REALTIME_TICKET_LIFETIME_SECONDS).toBe(30);
  });

  it('opens ONE socket with a ticket: its second use is refused, also on another API process', async () => {
    const ticket = await askTicket(baseUrl, citizen.token);
    keep(await withTicket(baseUrl, ticket));
    await expect(withTicket(baseUrl, ticket)).rejects.toThrow(/401/);

    const other = await ctx.build();
    await other.listen({ port: 0, host: '127.0.0.1' });
    const second = await askTicket(baseUrl, citizen.token);
    keep(await withTicket(urlOf(other), second));
    await expect(withTicket(baseUrl, second)).rejects.toThrow(/401/);
  });

  it('refuses a ticket after its lifetime, a ticket of a session that logged out, a ticket used as a session token, and a session token used as a ticket', async () => {
    const secret = new TextEncoder().encode(sessionKeyOf(ctx.config));
    const now = Math.floor(Date.now() / 1000);
    const stale = await new SignJWT({ sid: 'a'.repeat(22), gen: 0, sexp: Date.now() + 3_600_000 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(citizen.user.id))
      .setJti('b'.repeat(22))
      .setIssuer('city-service-portal')
      .setAudience('city-service-portal/realtime-ticket')
      .setIssuedAt(now - 60)
      .setExpirationTime(now - 30)
      .sign(secret);
    await expect(withTicket(baseUrl, stale)).rejects.toThrow(/401/);

    const leaving = await createCitizen(ctx.app);
    const ticket = await askTicket(baseUrl, leaving.token);
    expect((await ctx.app.inject({ method: 'POST', url: '/logout', headers: leaving.headers })).statusCode).toBe(204);
    await expect(withTicket(baseUrl, ticket)).rejects.toThrow(/401/);

    // Nor is a session token a ticket.
    await expect(withTicket(baseUrl, citizen.token)).rejects.toThrow(/401/);
    const another = await askTicket(baseUrl, citizen.token);
    const asToken = await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${another}` } });
    expect(asToken.statusCode).toBe(401);
  });
});
