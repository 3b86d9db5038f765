import type { InsertRequest } from '../../support/requests.ts';

/** A hostile or broken request, and the PostgREST answer it must get. */
export interface BadInput extends InsertRequest {
  name: string;
  status: number;
  code: string;
}
