import { receiptListResponse, type ReceiptSummary } from '@portal/contract';
import { http, requestBlob } from '../http';

export type ReceiptSubject = 'conversation' | 'case';

export const fetchReceipts = (subject: ReceiptSubject, id: number): Promise<ReceiptSummary[]> =>
  http.get(`/api/receipts/${subject}/${id}`, receiptListResponse);

export const fetchReceiptPdf = (id: number): Promise<Blob> => requestBlob(`/api/receipts/${id}`);
