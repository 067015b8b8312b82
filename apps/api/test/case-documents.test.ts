import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import type { CaseDetailsResponse, DocumentContentResponse } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import {
  addPdf,
  BOUNDARY,
  countRows,
  createVehicleCase,
  makePdf,
  multipartBody,
  multipartHeaders,
  PNG_BYTES,
  pdfOfSize,
  uploadDocument,
} from './helpers/cases.js';
import { describeEachEngine } from './helpers/engines.js';
import { expectApiError } from './helpers/expect-error.js';
import { createAdmin, createCitizen, type CreatedUser, createEmployee } from './helpers/factories.js';

const MB = 1024 * 1024;

describeEachEngine('case documents', (engine) => {
  const ctx = useTestApp(engine);

  async function storedRows() {
    return { documents: await countRows(ctx.app, 'documents'), chunks: await countRows(ctx.app, 'document_chunks') };
  }

  const download = (who: CreatedUser, uuid: string) => ctx.app.inject({ url: `/api/documents/${uuid}/download`, headers: who.headers });

  describe('upload', () => {
    it('stores a PDF and lists it on the case, in the details and through POST /api/documents/case', async () => {
      const citizen = await createCitizen(ctx.app);
      const created = await createVehicleCase(ctx.app, citizen);
      const pdf = await makePdf('Proof of purchase');
      const stored = await addPdf(ctx.app, citizen, created.id, pdf, 'proof.pdf');
      expect(stored).toMatchObject({ documentName: 'proof.pdf', size: pdf.length, contentType: 'application/pdf' });
      expect(stored.uuid).toMatch(/^[0-9a-f-]{36}$/);

      const details = (await ctx.app.inject({ url: `/api/case-resolution/details/${created.id}`, headers: citizen.headers })).json() as CaseDetailsResponse;
      expect(details.documents).toEqual([stored]);
      expect(details.caseResolutionDTO.additionalDocuments).toEqual([stored.uuid]);

      const uuids = await ctx.app.inject({ method: 'POST', url: '/api/documents/case', headers: citizen.headers, payload: details.caseResolutionDTO });
      expect(uuids.statusCode, uuids.body).toBe(200);
      expect(uuids.json()).toEqual([stored.uuid]);
    });

    it('refuses a PNG renamed to .pdf and declared as a PDF, storing nothing', async () => {
      const citizen = await createCitizen(ctx.app);
      const created = await createVehicleCase(ctx.app, citizen);
      const before = await storedRows();
      const error = expectApiError(await uploadDocument(ctx.app, citizen, created.id, PNG_BYTES, { filename: 'photo.pdf' }), 415);
      expect(error.message).toBe('Only PDF files are allowed.');
      expect(error.fields).toEqual({ file: 'Only PDF files are allowed.' });
      expect(await storedRows()).toEqual(before);
    });

    it('goes by the bytes, not the name or the declared type: a PDF called scan.png sent as image/png is stored as scan.png.pdf', async () => {
      const citizen = await createCitizen(ctx.app);
      const created = await createVehicleCase(ctx.app, citizen);
      const response = await uploadDocument(ctx.app, citizen, created.id, await makePdf(), { filename: 'scan.png', contentType: 'image/png' });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({ documentName: 'scan.png.pdf', contentType: 'application/pdf' });
    });

    it('answers 413 for an 11 MB PDF and stores nothing', async () => {
      const citizen = await createCitizen(ctx.app);
      const created = await createVehicleCase(ctx.app, citizen);
      const before = await storedRows();
      const error = expectApiError(await uploadDocument(ctx.app, citizen, created.id, await pdfOfSize(11 * MB)), 413);
      expect(error.message).toBe('The file is larger than 10 MiB.');
      expect(await storedRows()).toEqual(before);
    });

    it('takes a PDF of exactly the limit', async () => {
      const small = await ctx.build({ documentMaxBytes: 256 * 1024 });
      const citizen = await createCitizen(small);
      const created = await createVehicleCase(small, citizen);
      const stored = await addPdf(small, citizen, created.id, await pdfOfSize(256 * 1024));
      expect(stored.size).toBe(256 * 1024);
      const tooBig = await uploadDocument(small, citizen, created.id, await pdfOfSize(256 * 1024 + 1));
      expect(expectApiError(tooBig, 413).message).toBe('The file is larger than 0.3 MiB.');
    });

    it('refuses an empty file, a part not named "file", and a body that is not multipart', async () => {
      const citizen = await createCitizen(ctx.app);
      const created = await createVehicleCase(ctx.app, citizen);
      const before = await storedRows();
      expect(expectApiError(await uploadDocument(ctx.app, citizen, created.id, Buffer.alloc(0)), 400).fields).toEqual({ file: 'The file is empty.' });
      expect(expectApiError(await uploadDocument(ctx.app, citizen, created.id, await makePdf(), { field: 'document' }), 400).fields).toHaveProperty('file');
      const json = await ctx.app.inject({
        method: 'POST',
        url: `/api/case-resolution/${created.id}/add-document`,
        headers: citizen.headers,
        payload: { file: 'JVBERi0xLjcK' },
      });
      expectApiError(json, 415);
      expect(await storedRows()).toEqual(before);
    });

    it('answers a citizen 403 for a case that does not exist (as for another\'s), an admin 404', async () => {
      const citizen = await createCitizen(ctx.app);
      expectApiError(await uploadDocument(ctx.app, citizen, 987_654, await makePdf()), 403);
      expectApiError(await uploadDocument(ctx.app, await createAdmin(ctx.app), 987_654, await makePdf()), 404);
    });

    it('keeps a Polish file name, and strips a path and control characters from it', async () => {
      const citizen = await createCitizen(ctx.app);
      const created = await createVehicleCase(ctx.app, citizen);
      const polish = await addPdf(ctx.app, citizen, created.id, undefined, 'Dowód rejestracyjny – Łódź.pdf');
      expect(polish.documentName).toBe('Dowód rejestracyjny – Łódź.pdf');
      const pathy = await addPdf(ctx.app, citizen, created.id, undefined, 'C:\\Users\\anna\\umowa\u202Efdp.exe');
      expect(pathy.documentName).toBe('umowafdp.exe.pdf');
    });

    it('holds at most 20 documents per case', async () => {
      const citizen = await createCitizen(ctx.app);
      const created = await createVehicleCase(ctx.app, citizen);
      const pdf = await makePdf();
      for (let i = 0; i < 20; i += 1) await addPdf(ctx.app, citizen, created.id, pdf, `page-${i}.pdf`);
      const before = await storedRows();
      expect(expectApiError(await uploadDocument(ctx.app, citizen, created.id, pdf), 409).message).toBe('A case can have at most 20 documents.');
      expect(await storedRows()).toEqual(before);
    });
  });

  describe('download', () => {
    it('returns exactly the uploaded bytes, as a PDF attachment with its name', async () => {
      const citizen = await createCitizen(ctx.app);
      const created = await createVehicleCase(ctx.app, citizen);
      // Several stored chunks and an odd length, so the chunk boundaries are exercised.
      const pdf = await pdfOfSize(Math.round(1.3 * MB) + 7);
      const stored = await addPdf(ctx.app, citizen, created.id, pdf, 'registration.pdf');
      const response = await download(citizen, stored.uuid);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-length']).toBe(String(pdf.length));
      expect(response.headers['content-disposition']).toBe('attachment; filename="registration.pdf"');
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.rawPayload.equals(pdf)).toBe(true);
      expect(response.headers.etag).toBe(`"${createHash('sha256').update(pdf).digest('hex')}"`);
    });

    it('names a non-ASCII file safely: an ASCII fallback and the UTF-8 name (RFC 6266)', async () => {
      const citizen = await createCitizen(ctx.app);
      const created = await createVehicleCase(ctx.app, citizen);
      const stored = await addPdf(ctx.app, citizen, created.id, undefined, 'Dowód Łódź 2024.pdf');
      const header = (await download(citizen, stored.uuid)).headers['content-disposition'];
      expect(header).toBe(`attachment; filename="Dowod Lodz 2024.pdf"; filename*=UTF-8''Dow%C3%B3d%20%C5%81%C3%B3d%C5%BA%202024.pdf`);
    });

    it('answers GET /api/documents/{uuid} with a base64 data URL of the same bytes and the name', async () => {
      const citizen = await createCitizen(ctx.app);
      const created = await createVehicleCase(ctx.app, citizen);
      const pdf = await pdfOfSize(Math.round(0.9 * MB) + 1);
      const stored = await addPdf(ctx.app, citizen, created.id, pdf, 'Zaświadczenie.pdf');
      const response = await ctx.app.inject({ url: `/api/documents/${stored.uuid}`, headers: citizen.headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      const body = response.json() as DocumentContentResponse;
      expect(body.documentName).toBe('Zaświadczenie.pdf');
      expect(body.pdfContent.startsWith('data:application/pdf;base64,')).toBe(true);
      expect(Buffer.from(body.pdfContent.slice('data:application/pdf;base64,'.length), 'base64').equals(pdf)).toBe(true);
    });

    it('answers staff 404 for an unknown document (a citizen 403, as for another\'s) and 400 for something that is not a UUID', async () => {
      const citizen = await createCitizen(ctx.app);
      const employee = await createEmployee(ctx.app);
      expectApiError(await download(employee, '0b6a2f4e-8a53-4c1e-9d55-2b1f0c3e4d5a'), 404);
      expectApiError(await ctx.app.inject({ url: '/api/documents/0b6a2f4e-8a53-4c1e-9d55-2b1f0c3e4d5a', headers: employee.headers }), 404);
      expectApiError(await download(citizen, '0b6a2f4e-8a53-4c1e-9d55-2b1f0c3e4d5a'), 403);
      expectApiError(await download(citizen, 'not-a-uuid'), 400);
    });
  });

  describe('over a real connection', () => {
    let server: FastifyInstance;
    let port: number;
    beforeAll(async () => {
      server = await ctx.build();
      await server.listen({ port: 0, host: '127.0.0.1' });
      port = (server.server.address() as AddressInfo).port;
    });
    afterAll(() => server.close());

    /**
     * Sends the request head and `sent` bytes of body, then waits for an answer without sending
     * the rest: resolves with the status line once the server answered, or 'no answer' when it
     * waited for more.
     */
    function answerBeforeTheEnd(headers: Record<string, string>, sent: Buffer, path: string): Promise<string> {
      return new Promise((resolve, reject) => {
        const socket = connect(port, '127.0.0.1');
        let received = '';
        const timer = setTimeout(() => {
          socket.destroy();
          resolve('no answer');
        }, 10_000);
        socket.on('data', (data) => {
          received += data.toString('latin1');
          if (received.includes('\r\n\r\n')) {
            clearTimeout(timer);
            socket.destroy();
            resolve(received.split('\r\n')[0] ?? '');
          }
        });
        socket.on('error', (error) => {
          clearTimeout(timer);
          if (received) resolve(received.split('\r\n')[0] ?? '');
          else reject(error);
        });
        const head = [`POST ${path} HTTP/1.1`, 'Host: 127.0.0.1', ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`), '', ''].join('\r\n');
        socket.write(head);
        socket.write(sent);
      });
    }

    it('answers 413 as soon as a streamed upload passes the limit, before the rest of the body arrives, and keeps nothing', async () => {
      const citizen = await createCitizen(server);
      const created = await createVehicleCase(server, citizen);
      const before = await storedRows();
      // Chunked transfer: no declared length, so only counting the bytes can stop it.
      const body = multipartBody(await pdfOfSize(11 * MB));
      const firstPart = body.subarray(0, 10 * MB + 200 * 1024);
      const chunk = Buffer.concat([Buffer.from(`${firstPart.length.toString(16)}\r\n`), firstPart, Buffer.from('\r\n')]);
      const status = await answerBeforeTheEnd(
        { ...multipartHeaders(citizen), 'transfer-encoding': 'chunked' },
        chunk,
        `/api/case-resolution/${created.id}/add-document`,
      );
      expect(status).toBe('HTTP/1.1 413 Payload Too Large');
      expect(await storedRows()).toEqual(before);
    });

    it('answers 413 from the declared length alone, before reading any of the body', async () => {
      const citizen = await createCitizen(server);
      const created = await createVehicleCase(server, citizen);
      const status = await answerBeforeTheEnd(
        { ...multipartHeaders(citizen), 'content-length': String(50 * MB) },
        Buffer.from(`--${BOUNDARY}\r\n`),
        `/api/case-resolution/${created.id}/add-document`,
      );
      expect(status).toBe('HTTP/1.1 413 Payload Too Large');
    });

    it('streams a download: the first bytes arrive and match', async () => {
      const citizen = await createCitizen(server);
      const created = await createVehicleCase(server, citizen);
      const pdf = await pdfOfSize(3 * MB);
      const stored = await addPdf(server, citizen, created.id, pdf);
      const received = await new Promise<Buffer>((resolve, reject) => {
        const request = httpRequest({ port, host: '127.0.0.1', path: `/api/documents/${stored.uuid}/download`, headers: citizen.headers }, (response) => {
          expect(response.headers['transfer-encoding']).toBeUndefined();
          const parts: Buffer[] = [];
          response.on('data', (part: Buffer) => parts.push(part));
          response.on('end', () => resolve(Buffer.concat(parts)));
          response.on('error', reject);
        });
        request.on('error', reject);
        request.end();
      });
      expect(received.equals(pdf)).toBe(true);
    });
  });
});
