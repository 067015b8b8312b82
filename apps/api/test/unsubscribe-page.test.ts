import { beforeAll, expect, it } from 'vitest';
import { createUnsubscribeTokens } from '../src/modules/notifications/unsubscribe-token.js';
import { sessionKeyOf, useTestApp } from './helpers/app.js';
import { describeEachEngine } from './helpers/engines.js';
import { type CreatedUser, createCitizen } from './helpers/factories.js';
import { call } from './helpers/letters.js';

// Issue 34 point 11: a browser opening an email's List-Unsubscribe address gets a page (no script)
// that says what its button will switch off; only the button's POST changes the setting, and the
// mail client's one-click POST answers as before.
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describeEachEngine('the unsubscribe page', (engine) => {
  const ctx = useTestApp(engine);
  let citizen: CreatedUser;
  let address: string;

  const settings = async () => (await call(ctx.app, citizen, 'GET', '/api/notification-settings')).json() as Record<string, boolean>;

  beforeAll(async () => {
    citizen = await createCitizen(ctx.app);
    const tokens = createUnsubscribeTokens(sessionKeyOf(ctx.config));
    address = `/api/notifications/unsubscribe/${tokens.sign(citizen.user.id, 'replies')}`;
  });

  it('shows a browser what the button will switch off, in English and Polish, and changes nothing', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: address, headers: { accept: BROWSER_ACCEPT } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('The button below stops the emails the portal sends about new replies in your conversations.');
    expect(page.body).toContain('<section lang="pl">');
    expect(page.body).toContain('wyłącza e-maile portalu o nowych odpowiedziach w Twoich rozmowach');
    expect(page.body).toContain(`<form method="post" action="${address}"><button type="submit">Stop these emails / Wyłącz te e-maile</button></form>`);
    expect(page.body).not.toContain('<script');
    expect(await settings()).toEqual({ replies: true, status: true, obligations: true });
  });

  it('switches the category off when the page\u2019s button posts, and answers the browser with a page', async () => {
    const done = await ctx.app.inject({
      method: 'POST',
      url: address,
      headers: { accept: BROWSER_ACCEPT, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(done.statusCode).toBe(200);
    expect(done.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(done.body).toContain('Done: the portal no longer emails you about new replies in your conversations.');
    expect(await settings()).toEqual({ replies: false, status: true, obligations: true });
  });

  it('keeps the one-click POST of a mail client as it was: JSON', async () => {
    const oneClick = await ctx.app.inject({
      method: 'POST',
      url: address,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json()).toEqual({ category: 'replies', email: false });
  });

  it('says on a page that a link nobody signed is not valid (403)', async () => {
    const forged = await ctx.app.inject({ method: 'GET', url: `/api/notifications/unsubscribe/${citizen.user.id}.status.${'A'.repeat(43)}`, headers: { accept: BROWSER_ACCEPT } });
    expect(forged.statusCode).toBe(403);
    expect(forged.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(forged.body).toContain('This unsubscribe link is not valid.');
    expect(forged.body).not.toContain('<form');
  });
});
