import nodemailer from 'nodemailer';
import { afterAll, describe, expect, it } from 'vitest';
import { renderEmail } from '../../apps/api/src/modules/notifications/content/email.js';
import { startSink } from '../../bench/notifications/sink.js';

// bench:notifications counts each event by the case reference in its email's subject. When the
// portal's wording of references changed ("Case no. 17" became "C-17"), the sink recognised no
// email and the bench waited 600 s for nothing. Here the portal's own renderer writes the email.

describe('bench:notifications sink', async () => {
  const sink = await startSink();
  const transport = nodemailer.createTransport({ url: sink.url });
  afterAll(async () => {
    transport.close();
    await sink.close();
  });
  const sendCaseStatus = async (caseId: number) => {
    const email = await renderEmail({
      event: { kind: 'case-status', caseId, status: 'IN_PROGRESS' },
      language: 'en',
      firstName: 'Bench',
      link: 'https://bench.example.org/user',
      settingsLink: null,
    });
    await transport.sendMail({ from: 'no-reply@bench.example.org', to: 'bench@bench.example.org', messageId: `<case-${caseId}@bench>`, ...email });
  };

  it('counts a case status email the portal renders, by its case number', async () => {
    await sendCaseStatus(1_000_017);
    await sink.until(1);
    expect([...sink.acceptedAt.keys()]).toEqual([1_000_017]);
  });
});
