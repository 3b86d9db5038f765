import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { InboxApp } from './components/inbox-app';
import '../styles.css';
import './inbox.css';

hydrateRoot(
  document.getElementById('root')!,
  <StrictMode>
    <InboxApp />
  </StrictMode>,
);
