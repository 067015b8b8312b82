import type { CaseResolutionResponse, DocumentSummary } from '@portal/contract';
import { describe, expect, it, vi } from 'vitest';
import { type ChosenFile, submitCase } from './submission';

const created: CaseResolutionResponse = {
  id: 41,
  caseType: 'VEHICLE_REGISTRATION',
  userId: 7,
  case_content_id: 3,
  comments: null,
  additionalDocuments: [],
  status: 'PENDING',
  submissionDate: '2025-03-01T09:00:00.000Z',
  statusChangedAt: '2025-03-01T09:00:00.000Z',
  vehicleNumberPlate: 'KR 12345',
  applicant: { firstName: 'Anna', lastName: 'Nowak', username: 'anna' },
  dueDate: '2025-04-01',
  termMonths: 1,
  complicatedReason: null,
  handlerName: null,
  waitingForCitizen: false,
  onAppeal: false,
};
const pdf = (name: string): ChosenFile => ({ key: name, file: new File(['%PDF-1.7'], name, { type: 'application/pdf' }) });
const stored = (name: string): DocumentSummary => ({ uuid: name, documentName: name, size: 8, contentType: 'application/pdf', uploadedAt: '' });

describe('submitting a case', () => {
  it('creates the case first, then uploads each file one at a time, reporting progress per file', async () => {
    const order: string[] = [];
    let inFlight = 0;
    const calls = {
      createCase: vi.fn(async () => {
        order.push('create');
        return created;
      }),
      uploadCaseDocument: vi.fn(async (caseId: number, file: File, onProgress?: (fraction: number) => void) => {
        inFlight += 1;
        expect(inFlight).toBe(1);
        order.push(`upload ${file.name} to ${caseId}`);
        onProgress?.(0.5);
        await new Promise((resolve) => setTimeout(resolve, 5));
        onProgress?.(1);
        inFlight -= 1;
        return stored(file.name);
      }),
    };
    const progress: [string, number][] = [];
    const done: [string, boolean][] = [];
    const answer = await submitCase(
      { caseResolutionDTO: { caseType: 'VEHICLE_REGISTRATION' } },
      [pdf('a.pdf'), pdf('b.pdf')],
      { onProgress: (key, fraction) => progress.push([key, fraction]), onFileDone: (key, ok) => done.push([key, ok]) },
      calls,
    );
    expect(answer).toBe(created);
    expect(order).toEqual(['create', 'upload a.pdf to 41', 'upload b.pdf to 41']);
    expect(progress).toEqual([
      ['a.pdf', 0.5],
      ['a.pdf', 1],
      ['b.pdf', 0.5],
      ['b.pdf', 1],
    ]);
    expect(done).toEqual([
      ['a.pdf', true],
      ['b.pdf', true],
    ]);
  });

  it('goes on with the other files when one upload fails, and says nothing about it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const uploadCaseDocument = vi.fn(async (_caseId: number, file: File) => {
      if (file.name === 'b.pdf') throw new Error('413');
      return stored(file.name);
    });
    const done: [string, boolean][] = [];
    await submitCase({ caseResolutionDTO: {} }, [pdf('a.pdf'), pdf('b.pdf'), pdf('c.pdf')], { onProgress: () => undefined, onFileDone: (key, ok) => done.push([key, ok]) }, {
      createCase: async () => created,
      uploadCaseDocument,
    });
    expect(uploadCaseDocument).toHaveBeenCalledTimes(3);
    expect(done).toEqual([
      ['a.pdf', true],
      ['b.pdf', false],
      ['c.pdf', true],
    ]);
  });

  it('uploads nothing when the case is not created', async () => {
    const uploadCaseDocument = vi.fn();
    await expect(
      submitCase({ caseResolutionDTO: {} }, [pdf('a.pdf')], { onProgress: () => undefined, onFileDone: () => undefined }, {
        createCase: async () => {
          throw new Error('500');
        },
        uploadCaseDocument,
      }),
    ).rejects.toThrow('500');
    expect(uploadCaseDocument).not.toHaveBeenCalled();
  });
});
