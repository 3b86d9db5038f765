import { useEffect, useState } from 'react';
import { DRAFT_STORAGE_KEY } from '../../config/constants';
import type { ContactSubmission } from '../../../shared/validation';

export const EMPTY_DRAFT: ContactSubmission = { name: '', email: '', message: '' };

function readDraft(): ContactSubmission | null {
  try {
    const saved = JSON.parse(localStorage.getItem(DRAFT_STORAGE_KEY) ?? 'null') as unknown;
    if (!saved || typeof saved !== 'object') return null;
    const record = saved as Record<string, unknown>;
    return {
      name: typeof record.name === 'string' ? record.name : '',
      email: typeof record.email === 'string' ? record.email : '',
      message: typeof record.message === 'string' ? record.message : '',
    };
  } catch {
    return null;
  }
}

function writeDraft(draft: ContactSubmission) {
  try {
    if (draft.name || draft.email || draft.message) {
      localStorage.setItem(DRAFT_STORAGE_KEY, JSON.stringify(draft));
    } else {
      localStorage.removeItem(DRAFT_STORAGE_KEY);
    }
  } catch {
    // Storage may be full or blocked; the form still works, only the safety net is gone.
  }
}

/**
 * The form's values, kept in localStorage so an unsent message survives a
 * reload. Starts empty (as prerendered) and restores the draft after hydration.
 */
export function useDraft() {
  const [draft, setDraft] = useState<ContactSubmission>(EMPTY_DRAFT);
  const [restored, setRestored] = useState(false);

  useEffect(() => {
    const saved = readDraft();
    if (saved) setDraft(saved);
    setRestored(true);
  }, []);

  useEffect(() => {
    if (restored) writeDraft(draft);
  }, [draft, restored]);

  return [draft, setDraft] as const;
}
