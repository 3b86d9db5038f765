import type { Database } from '../../../server/db/database.ts';
import { submissionReference } from '../../../shared/reference.ts';
import type { ReceivedMail, SmtpSink } from '../../support/smtp-sink.ts';
import { VALID } from '../../support/requests.ts';

/** Leads stored as the owner and the emails they became: for the summary tests. */

/** `count` leads named `${prefix} 001`…, inserted as the owner (no rate limit) in one statement. */
export const insertLeads = (db: Database, prefix: string, count: number, flags = '') =>
  db.query(
    `insert into contact_submissions (name, email, message${flags ? `, ${flags}` : ''})
     select $1 || ' ' || lpad(i::text, 3, '0'), $2, $3 || chr(10) || 'second line'
            ${
              flags
                ? `, ${flags
                    .split(',')
                    .map(() => 'false')
                    .join(', ')}`
                : ''
            }
     from generate_series(1, $4::integer) as i`,
    [prefix, VALID.email, `First line of ${prefix}`, count],
  );

const isSummary = (mail: ReceivedMail) => /\(summary\)$/.test(mail.header('subject') ?? '');
export const singles = (sink: SmtpSink) =>
  sink.received.filter((mail) => !isSummary(mail)).map((mail) => mail.header('subject'));
export const summaries = (sink: SmtpSink) =>
  sink.received.filter(isSummary).map((mail) => mail.bodies['text/plain'] ?? '');

/** The reference a lead is quoted by: its submission key's (docs/product.md#exactly-once). */
export async function referenceOf(db: Database, name: string) {
  const [row] = await db.query(
    'select submission_key::text as key from contact_submissions where name = $1',
    [name],
  );
  return submissionReference(String(row!.key));
}

/** The subject of the single email for the lead called `name`. */
export const subjectOf = async (db: Database, name: string) =>
  `New enquiry from ${name} (${await referenceOf(db, name)})`;

export const allSent = async (db: Database) =>
  (await db.query('select 1 from lead_outbox where sent_at is null')).length === 0;
