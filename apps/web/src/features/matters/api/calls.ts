import { type MatterKind, matterListResponse, type MatterListResponse, type MatterState } from '@portal/contract';
import { http } from '../../../lib/http';

/** What the list asks for: every part optional but the page. */
export interface MatterFilter {
  kind?: MatterKind;
  state?: MatterState;
  q?: string;
  page: number;
}

export function fetchMatters({ kind, state, q, page }: MatterFilter): Promise<MatterListResponse> {
  const query = new URLSearchParams();
  if (kind) query.set('kind', kind);
  if (state) query.set('state', state);
  if (q) query.set('q', q);
  query.set('page', String(page));
  return http.get(`/api/matters?${query.toString()}`, matterListResponse);
}
