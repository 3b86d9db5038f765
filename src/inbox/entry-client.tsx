import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { registerInboxWorker } from './alerts/register-worker';
import { InboxApp } from './components/inbox-app';
import '../styles.css';
import './inbox.css';

hydrateRoot(
  document.getElementById('root')!,
  <StrictMode>
    <InboxApp />
  </StrictMode>,
);

registerInboxWorker();
