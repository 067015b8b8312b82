import type { MatterDeadlineResponse } from '@portal/contract';
import { type APIRequestContext, expect } from '@playwright/test';
import Database from 'better-sqlite3';
// The addon for the Node running this test: Playwright runs on Node 24 under `npm test`.
import { sqliteAddonOptions } from '../../scripts/sqlite-addon.mjs';
import type { ApiSession } from './letters';

/*
 * Scene-setting, not a shortcut through the product: the E2E server has no clock a test can move,
 * and a term is a month long, so a story about a missed term moves ONE letter the test itself wrote
 * back in time, in the run's SQLite file (E2E_DB_FILE), as if it had arrived `days` days ago. No
 * route of the API does this, and none should.
 *
 * What the server's clock reads for a letter (apps/api/src/modules/letters/clock.ts and
 * repository.ts `letterClockOf`): the conversation's `created_at` with the letter's `term_months`
 * (and `notified_due_date`, which the delay notice itself sets later). The letter's `created_at`
 * and `sent_at` are what its screens show as "Sent". Two stored copies of those facts are kept in
 * step, so that nothing shows a date the facts contradict:
 * - the timeline's "Letter sent" row (`timeline_entries.at`);
 * - `conversations.due_date`, the queue's sort key (migration 0050), which the letters module
 *   writes only when a letter arrives: the server's own answer for the moved letter (its
 *   `/deadline`) is written there, so the queue sorts the letter where its clock puts it.
 * Left as they are, because they record when something happened: the signed receipt of sending
 * (its signature covers its time), the audit log's hash chain, the notification entries. The API
 * caches none of these: each read computes the clock from the rows anew.
 */
export async function backdateLetter(
  request: APIRequestContext,
  owner: ApiSession,
  letter: { conversationId: number; letterId: number },
  days: number,
): Promise<{ sentAt: string; termDueDate: string }> {
  const file = process.env.E2E_DB_FILE;
  if (!file) throw new Error('E2E_DB_FILE is not set: run through e2e/playwright.config.ts');
  const sentAt = new Date(Date.now() - days * 86_400_000).toISOString();
  const db = new Database(file, { timeout: 5_000, ...sqliteAddonOptions() });
  try {
    db.transaction(() => {
      const changed = [
        db.prepare('update letters set created_at = ?, sent_at = ? where id = ?').run(sentAt, sentAt, letter.letterId).changes,
        db.prepare('update conversations set created_at = ? where id = ? and letter_id = ?').run(sentAt, letter.conversationId, letter.letterId).changes,
      ];
      if (changed.some((count) => count !== 1)) throw new Error(`letter ${letter.letterId} and conversation ${letter.conversationId} do not belong together`);
      db.prepare("update timeline_entries set at = ? where matter = 'letter' and matter_id = ? and event_type = 'letter-sent'").run(sentAt, letter.letterId);
    })();
    const answer = await request.get(`/api/conversations/${letter.conversationId}/deadline`, { headers: owner.headers });
    expect(answer.status(), await answer.text()).toBe(200);
    const { termDueDate } = (await answer.json()) as MatterDeadlineResponse;
    if (termDueDate === null) throw new Error('a letter without pauses always has a due date');
    db.prepare('update conversations set due_date = ? where id = ?').run(termDueDate, letter.conversationId);
    return { sentAt, termDueDate };
  } finally {
    db.close();
  }
}
