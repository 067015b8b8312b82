import type { ObligationResponse } from '@portal/contract';
import { expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import { describeEachEngine } from './helpers/engines.js';

describeEachEngine('demo obligations', (engine) => {
  const ctx = useTestApp(engine);

  it('gives each demo citizen obligations over two years, in several months and every status, once', async () => {
    const demo = await ctx.build({ seedDemo: true });
    await ctx.build({ seedDemo: true }); // a second start adds nothing
    const login = async (username: string) => {
      const response = await demo.inject({ method: 'POST', url: '/login', payload: { username, password: 'Citizen123' } });
      const token = (response.json() as { tokenJWT: string }).tokenJWT;
      const me = await demo.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });
      const { id } = me.json() as { id: number };
      return (await demo.inject({ url: `/api/financial-obligations/by-interest-id/${id}`, headers: { authorization: `Bearer ${token}` } })).json() as ObligationResponse[];
    };
    const thisYear = new Date().getFullYear();
    for (const username of ['anowak', 'pzielinski']) {
      const list = await login(username);
      expect(list, username).toHaveLength(10);
      expect(new Set(list.map((row) => row.dueDate.slice(0, 4)))).toEqual(new Set([String(thisYear - 1), String(thisYear)]));
      expect(new Set(list.map((row) => row.paymentStatus))).toEqual(new Set(['PENDING', 'PAID', 'OVERDUE']));
      // An OVERDUE one is past its due date, whatever day the demo starts (issue 35).
      const today = new Date().toISOString().slice(0, 10);
      for (const row of list.filter((candidate) => candidate.paymentStatus === 'OVERDUE')) expect(row.dueDate < today, `${username} ${row.description}`).toBe(true);
      // And a payment still to come, so the list has a next one on top of the unpaid.
      expect(list.some((row) => row.paymentStatus === 'PENDING' && row.dueDate >= today), username).toBe(true);
      for (const year of [thisYear - 1, thisYear]) {
        const months = new Set(list.filter((row) => row.dueDate.startsWith(String(year))).map((row) => row.dueDate.slice(5, 7)));
        expect(months.size, `${username} ${year}`).toBeGreaterThanOrEqual(4);
      }
    }
  });
});
