import { type ReceiptVerifyResponse, receiptVerifyResponse } from '@portal/contract';
import { request } from '../../lib/http';

/** POST /api/receipts/verify: public, multipart with the PDF in a "file" part. */
export function verifyReceipt(file: File): Promise<ReceiptVerifyResponse> {
  const formData = new FormData();
  formData.append('file', file);
  return request('/api/receipts/verify', { method: 'POST', formData, schema: receiptVerifyResponse });
}
