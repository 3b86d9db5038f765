import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { registerInboxWorker } from './alerts/register-worker';
import { InboxApp } from './components/inbox-app';
import { hasStoredSession, usableSession } from './early-lead-reads';
import '../styles.css';
import './inbox.css';

const root = document.getElementById('root')!;
// The HTML is the sign-in form. A member whose session is stored is not shown it: the
// app is rendered afresh, at once with a stored token still good (auth-js reads the
// same and checks it with the server), else once auth-js has refreshed it, and nothing
// of the form is hydrated on the way.
const restoring = hasStoredSession();
const app = (
  <StrictMode>
    <InboxApp restoring={restoring} stored={usableSession()} />
  </StrictMode>
);
if (restoring) createRoot(root).render(app);
else hydrateRoot(root, app);

registerInboxWorker();
