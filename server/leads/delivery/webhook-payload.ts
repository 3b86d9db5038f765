import type { Lead } from './lead-message.ts';

/**
 * The webhook's JSON body, in Standard Webhooks' shape (docs/product.md,
 * "Lead channels"): the same on every attempt, so its signature only changes
 * with the attempt's timestamp. `data` is built here alone: a field the lead
 * gains (its reference) is added in one place.
 */

const EVENT_TYPE = 'contact.submitted';

export interface LeadEvent {
  type: typeof EVENT_TYPE;
  /** When the lead was received: the event's time, not the attempt's (that is webhook-timestamp). */
  timestamp: string;
  data: LeadData;
}

interface LeadData {
  id: string;
  /** What the visitor was shown and may quote (docs/product.md#exactly-once). */
  reference?: string;
  name: string;
  email: string;
  message: string;
  received_at: string;
}

function leadData(lead: Lead): LeadData {
  return {
    id: lead.id,
    ...(lead.reference && { reference: lead.reference }),
    name: lead.name,
    email: lead.email,
    message: lead.message,
    received_at: lead.receivedAt.toISOString(),
  };
}

export function leadEvent(lead: Lead): LeadEvent {
  return { type: EVENT_TYPE, timestamp: lead.receivedAt.toISOString(), data: leadData(lead) };
}
