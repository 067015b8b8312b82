import { receiptListResponse, type ReceiptSummary } from '@portal/contract';
import { http, requestBlob } from '../http';

export type ReceiptSubject = 'conversation' | 'case';

export const fetchReceipts = (subject: ReceiptSubject, id: number): Promise<ReceiptSummary[]> =>
  http.get(`/api/receipts/${subject}/${id}`, receiptListResponse);

export const fetchReceiptPdf = (id: number): Promise<Blob> => requestBlob(`/api/receipts/${id}`);

/** Hands a downloaded file to the browser under `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the address is released.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
