/** ALERT_ESCALATE_MINUTES' default: a lead unseen for 10 working minutes is pushed and emailed again. */
export const DEFAULT_ESCALATE_MINUTES = 10;
