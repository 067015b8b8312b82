import {
  deadlineMessages as m,
  type Language,
  type MatterDeadlineResponse,
  type OpenPromptsResponse,
  PROMPT_ANSWER_DAYS,
  PROMPT_INTERVAL_DAYS,
  promptNotOverdueMessage,
  promptTooSoonMessage,
} from '@portal/contract';
import { differenceInCalendarDays } from 'date-fns';
import { nowIso } from '../../db/portable.js';
import { badRequest, conflict, notFound } from '../../plugins/api-error.js';
import type { AuthUser } from '../../plugins/auth/index.js';
import type { PortalEvents } from '../../plugins/events.js';
import { deadlineStateOf, promptOpensOn, warsawDaysAfter } from '../../plugins/legal-clock/deadline.js';
import { isPastDue, isWorkingDay, warsawDateOf } from '../../plugins/legal-clock/terms.js';
import type { UsersPort } from '../../ports/users.js';
import { eventFactsOf, type MatterFacts, type Matters, referenceOfMatter } from './matters.js';
import type { DeadlinesRepository, MatterKey } from './repository.js';

/** How many open prompts the admins' tab lists at most (oldest first). */
const OPEN_PROMPTS_LIMIT = 200;

export interface DeadlinesServiceDeps {
  repository: DeadlinesRepository;
  matters: Matters;
  users: Pick<UsersPort, 'listUsers' | 'findUser'>;
  events: Pick<PortalEvents, 'transaction' | 'emit'>;
  now: () => Date;
}

const calendarDays = (from: string, to: string) => differenceInCalendarDays(new Date(`${to}T00:00:00Z`), new Date(`${from}T00:00:00Z`));

/**
 * The late-term rules (issue 32 points 5 and 6): staff's delay notice once a term passed (KPA
 * art. 36), the citizen's prompt (art. 37 §1) at most once a week, and an admin's answer within 7
 * days (art. 37 §6). Each change is one event: its entry, email, receipt and audit row are the
 * subscribers'. Dates are the legal clock's, in Warsaw, from stored facts and the server's clock.
 */
export function createDeadlinesService({ repository, matters, users, events, now }: DeadlinesServiceDeps) {
  /** A new date is a working day after today (and after the date it replaces); else 400 on the field. */
  function checkNewDate(date: string, after: string | null): void {
    const today = warsawDateOf(now());
    if (date <= today || (after !== null && date <= after)) throw badRequest(m.newDateNotLater, { newDueDate: m.newDateNotLater });
    if (!isWorkingDay(date))
      throw badRequest(m.newDateNotWorkingDay, {
        newDueDate: m.newDateNotWorkingDay,
      });
  }

  /** The first day the citizen may prompt, or null when they cannot at all (handled, no term running). */
  async function promptFrom(matter: MatterFacts): Promise<string | null> {
    if (!matter.open || matter.termDueDate === null) return null;
    const opens = promptOpensOn(matter.termDueDate);
    const last = (await repository.promptsOf(matter)).at(-1);
    const again = last ? warsawDaysAfter(last.sentAt, PROMPT_INTERVAL_DAYS) : opens;
    return again > opens ? again : opens;
  }

  const adminIds = async () => (await users.listUsers({ role: 'ADMIN' })).filter((user) => user.enabled).map((user) => user.id);

  async function deadline(key: MatterKey): Promise<MatterDeadlineResponse> {
    const at = now();
    const matter = await matters.find(key, undefined, at);
    const state = matter.open ? deadlineStateOf(matter, at) : null;
    const [notices, prompts] = await Promise.all([repository.noticesOf(key), repository.promptsOf(key)]);
    const from = await promptFrom(matter);
    return {
      kind: key.kind,
      reference: referenceOfMatter(matter),
      dueDate: matter.dueDate,
      termDueDate: matter.termDueDate,
      state,
      noticeRequired: state === 'overdue',
      open: matter.open,
      promptFrom: from,
      canPrompt: from !== null && from <= warsawDateOf(at),
      notices,
      prompts: prompts.map(({ id, text, sentAt, answerBy, answeredAt, answer, newDueDate }) => ({
        id,
        text,
        sentAt,
        answerBy,
        answeredAt,
        answer,
        newDueDate,
      })),
    };
  }

  /** The admins' tab: open prompts, oldest first, with the days left to answer (negative once late). */
  async function openPrompts(): Promise<OpenPromptsResponse> {
    const today = warsawDateOf(now());
    const items = [];
    for (const prompt of await repository.openPrompts(OPEN_PROMPTS_LIMIT)) {
      const matter = await matters.find({ kind: prompt.kind, id: prompt.matterId }).catch(() => undefined);
      const citizen = await users.findUser(prompt.ownerId);
      if (!matter) continue;
      items.push({
        id: prompt.id,
        kind: prompt.kind,
        matterId: prompt.matterId,
        reference: referenceOfMatter(matter),
        subject: matter.kind === 'letter' ? matter.subject : null,
        caseType: matter.kind === 'case' ? matter.caseType : null,
        vehicleNumberPlate: matter.kind === 'case' ? matter.vehicleNumberPlate : null,
        citizen: citizen ? `${citizen.firstName} ${citizen.lastName}` : '',
        text: prompt.text,
        sentAt: prompt.sentAt,
        answerBy: prompt.answerBy,
        daysLeft: calendarDays(today, prompt.answerBy),
        dueDate: matter.dueDate,
        open: matter.open,
      });
    }
    return { items };
  }

  return {
    deadline,
    openPrompts,

    /** Staff tell the citizen of the delay, with its reason and a new date, which becomes the due date. */
    async sendNotice(caller: AuthUser, key: MatterKey, request: { reason: string; newDueDate: string }, language: Language): Promise<MatterDeadlineResponse> {
      await events.transaction(async (trx) => {
        const at = now();
        const matter = await matters.find(key, trx, at);
        if (!matter.open) throw conflict(m.matterClosed);
        checkNewDate(request.newDueDate, matter.dueDate);
        const noticeId = await repository.addNotice(
          {
            ...key,
            ownerId: matter.ownerId,
            authorId: caller.id,
            reason: request.reason,
            newDueDate: request.newDueDate,
            previousDueDate: matter.dueDate,
            at: nowIso(at),
          },
          trx,
        );
        await matters.setNotifiedDueDate(key, request.newDueDate, trx);
        await events.emit(trx, {
          type: 'matter-delay-notified',
          at: nowIso(at),
          actorId: caller.id,
          actorLanguage: language,
          ...eventFactsOf(matter),
          noticeId,
          reason: request.reason,
          newDueDate: request.newDueDate,
          previousDueDate: matter.dueDate,
        });
      });
      return deadline(key);
    },

    /** The citizen prompts about a matter whose statutory term passed; once per 7 days. */
    async prompt(caller: AuthUser, key: MatterKey, text: string, language: Language): Promise<MatterDeadlineResponse> {
      const admins = await adminIds();
      await events.transaction(async (trx) => {
        const at = now();
        const matter = await matters.find(key, trx, at);
        if (matter.ownerId !== caller.id) throw notFound();
        if (!matter.open) throw conflict(m.matterClosed);
        const today = warsawDateOf(at);
        if (matter.termDueDate === null || !isPastDue(matter.termDueDate, at)) {
          throw conflict(promptNotOverdueMessage(matter.termDueDate ? promptOpensOn(matter.termDueDate) : null, language));
        }
        const last = (await repository.promptsOf(key, trx)).at(-1);
        if (last) {
          const again = warsawDaysAfter(last.sentAt, PROMPT_INTERVAL_DAYS);
          if (today < again) throw conflict(promptTooSoonMessage(again, language));
        }
        const answerBy = warsawDaysAfter(nowIso(at), PROMPT_ANSWER_DAYS);
        const promptId = await repository.addPrompt({ ...key, ownerId: caller.id, text, at: nowIso(at), answerBy, seq: (last?.seq ?? 0) + 1 }, trx);
        // Another request read the same latest prompt and added its successor first: it is within the 7 days.
        if (promptId === undefined) throw conflict(promptTooSoonMessage(warsawDaysAfter(nowIso(at), PROMPT_INTERVAL_DAYS), language));
        await events.emit(trx, {
          type: 'matter-prompted',
          at: nowIso(at),
          actorId: caller.id,
          actorLanguage: language,
          ...eventFactsOf(matter),
          promptId,
          text,
          answerBy,
          adminIds: admins,
        });
      });
      return deadline(key);
    },

    /** An admin answers a prompt once: the reason, and a new due date unless the matter is decided. */
    async answer(caller: AuthUser, promptId: number, request: { reason: string; newDueDate?: string }, language: Language): Promise<OpenPromptsResponse> {
      await events.transaction(async (trx) => {
        const at = now();
        const prompt = await repository.findPrompt(promptId, trx);
        if (!prompt) throw notFound();
        if (prompt.answeredAt !== null) throw conflict(m.promptAnswered);
        const key = { kind: prompt.kind, id: prompt.matterId };
        const matter = await matters.find(key, trx, at);
        const newDueDate = request.newDueDate ?? null;
        if (newDueDate !== null) {
          if (!matter.open) throw conflict(m.matterClosed);
          checkNewDate(newDueDate, null);
        }
        if (!(await repository.answerPrompt(promptId, { by: caller.id, at: nowIso(at), text: request.reason, newDueDate }, trx)))
          throw conflict(m.promptAnswered);
        if (newDueDate !== null) await matters.setNotifiedDueDate(key, newDueDate, trx);
        await events.emit(trx, {
          type: 'prompt-answered',
          at: nowIso(at),
          actorId: caller.id,
          actorLanguage: language,
          ...eventFactsOf(matter),
          promptId,
          reason: request.reason,
          newDueDate,
        });
      });
      return openPrompts();
    },
  };
}
export type DeadlinesService = ReturnType<typeof createDeadlinesService>;
