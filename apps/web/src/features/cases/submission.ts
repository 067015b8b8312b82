import type { CaseResolutionResponse } from '@portal/contract';
import { type CreateCaseBody, createCase, uploadCaseDocument } from './api/calls';

/** A file the citizen chose, with a key that stays the same while the list changes. */
export interface ChosenFile {
  key: string;
  file: File;
}

export interface SubmissionCalls {
  createCase: typeof createCase;
  uploadCaseDocument: typeof uploadCaseDocument;
}

export interface SubmissionEvents {
  /** 0..1 for the file with this key, as its bytes leave the browser. */
  onProgress(key: string, fraction: number): void;
  /** The file's upload ended; `stored` is false when it failed. */
  onFileDone(key: string, stored: boolean): void;
}

/**
 * Spec sections 4 and 8: the case is created first, then each chosen file is uploaded, one by
 * one. A failed upload shows nothing and does not stop the others (it is logged). The creation
 * failing rejects (the caller shows 'An error occurred while creating the case resolution.').
 */
export async function submitCase(
  body: CreateCaseBody,
  files: readonly ChosenFile[],
  events: SubmissionEvents,
  calls: SubmissionCalls = { createCase, uploadCaseDocument },
): Promise<CaseResolutionResponse> {
  const created = await calls.createCase(body);
  for (const { key, file } of files) {
    try {
      await calls.uploadCaseDocument(created.id, file, (fraction) => events.onProgress(key, fraction));
      events.onFileDone(key, true);
    } catch (error) {
      console.error(`Document ${file.name} was not uploaded to case ${created.id}`, error);
      events.onFileDone(key, false);
    }
  }
  return created;
}
