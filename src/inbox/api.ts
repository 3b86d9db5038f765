import type { PostgrestError } from '@supabase/postgrest-js';
import type { InboxRpc, RpcArgs, RpcResult } from '../../shared/inbox-rpcs';
import { inboxClients } from './supabase';

/** A failed request, with PostgREST's error and the HTTP status (0: no response). */
export class InboxRequestError extends Error {
  constructor(
    readonly status: number,
    readonly error: PostgrestError,
  ) {
    super(error.message);
    this.name = 'InboxRequestError';
  }
}

/** PostgREST's answer, or its error thrown as an InboxRequestError. */
export function unwrap<T>({
  data,
  error,
  status,
}: {
  /** Typed by the caller: a select of named columns is not typed by postgrest-js without a schema. */
  data: unknown;
  error: PostgrestError | null;
  status: number;
}): T {
  if (error) throw new InboxRequestError(status, error);
  return data as T;
}

/**
 * One of the inbox's functions (shared/inbox-rpcs.ts), with the arguments and result declared
 * there; `T` names a jsonb result's shape.
 */
export async function callRpc<N extends InboxRpc, T = RpcResult<N>>(
  name: N,
  args: RpcArgs<N>,
): Promise<T> {
  return unwrap<T>(await inboxClients().rest.rpc(name, args));
}
