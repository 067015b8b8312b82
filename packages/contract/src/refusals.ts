import { caseAnswerMessages } from './case-answers.js';
import { caseAnswerMessagesPl } from './case-answers-pl.js';
import { writeCalendarDate } from './dates.js';
import { deadlineMessages } from './deadlines.js';
import { deadlineMessagesPl } from './deadlines-pl.js';

/*
 * The 409s that say why and from when (issue 32: "an appeal after its 14 days, a prompt on a
 * matter that is not overdue ... get 409 with a message that says why and from when"), written
 * whole by the server in the request's language, the date as the portal writes dates ("2 May
 * 2026" / "2 maja 2026 r.", the Polish month in the genitive). A raw "2026-05-02" tacked on to an
 * English sentence could not be shown to a reader of Polish (the web translates only exact texts).
 */

type Language = 'en' | 'pl';

/** "9 December 2026" / "9 grudnia 2026 r.": a date inside a sentence. */
const dateIn = (date: string, language: Language): string => (language === 'pl' ? `${writeCalendarDate(date, 'pl')} r.` : writeCalendarDate(date, 'en'));

/** The day from which a prompt can be sent, after the reason it cannot be now. */
const promptFrom = (date: string, language: Language): string =>
  language === 'pl' ? ` Ponaglenie można wnieść od dnia ${dateIn(date, 'pl')}` : ` Possible from ${dateIn(date, 'en')}.`;

/** A prompt on a matter still within its term; `from` is the first day one may be sent (null: none can be). */
export const promptNotOverdueMessage = (from: string | null, language: Language): string =>
  (language === 'pl' ? deadlineMessagesPl.notOverdue : deadlineMessages.notOverdue) + (from === null ? '' : promptFrom(from, language));

/** A second prompt within 7 days; `from` is the day the next one may be sent. */
export const promptTooSoonMessage = (from: string, language: Language): string =>
  (language === 'pl' ? deadlineMessagesPl.promptTooSoon : deadlineMessages.promptTooSoon) + promptFrom(from, language);

/** A late appeal, with the last day it could be made ("The time to appeal ended on 4 May 2026."). */
export const appealWindowClosedMessage = (appealUntil: string, language: Language): string =>
  language === 'pl'
    ? // "r." ends the Polish date, and with it the sentence: not "r..".
      caseAnswerMessagesPl.appealWindowClosed.replace('{{date}}', dateIn(appealUntil, 'pl')).replace(/\.\.$/, '.')
    : caseAnswerMessages.appealWindowClosed.replace('{{date}}', dateIn(appealUntil, 'en'));
