import { useCallback, useEffect, useRef } from 'react';
import { leadFragment } from '../../../shared/paths';
import { inboxCopy, type InboxTab } from '../../content/inbox';
import type { LeadStatus } from '../../../shared/lead-status';
import type { LeadView } from '../lead';
import { useOpenLead } from '../lead-hash';
import { useLeads } from '../use-leads';
import { FolderTabs, PANEL_ID, tabId } from './folder-tabs';
import { LeadDetail } from './lead-detail';
import { LeadList } from './lead-list';
import { ViewFilters } from './view-filters';

/**
 * A signed-in member's inbox: folders, search and status filter above the
 * list; a lead opened beside it on a wide screen, instead of it on a phone.
 * The view is lifted to the app, which the export reads.
 */
interface WorkspaceProps {
  view: LeadView;
  /** Changes part of the view; stable across renders. */
  onView: (change: Partial<LeadView>) => void;
}

export function Workspace({ view, onView }: WorkspaceProps) {
  const openId = useOpenLead();
  const list = useLeads(view);
  const { refresh } = list;
  const setTab = (tab: InboxTab) => onView({ tab });
  const setStatus = (status: LeadStatus | '') => onView({ status });
  const setSearch = useCallback((search: string) => onView({ search }), [onView]);
  const listArea = useRef<HTMLDivElement>(null);
  const lastOpen = useRef(openId);
  const erased = useRef<number | null>(null);
  // Signed in: the form the member was on is gone, and the focus with it. They start at the list.
  useEffect(() => {
    if (document.activeElement && document.activeElement !== document.body) return;
    listArea.current?.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
  }, []);
  useEffect(() => {
    const closed = lastOpen.current;
    lastOpen.current = openId;
    // A lead closed ("Back to the list", the browser's Back, erased) took the focus with it: it
    // goes to the lead's row, or to the list when the lead is gone. Focus elsewhere is left be.
    if (openId !== null || closed === null) return;
    if (document.activeElement && document.activeElement !== document.body) return;
    const row =
      closed === erased.current
        ? null
        : listArea.current?.querySelector<HTMLElement>(`a[href="${leadFragment(closed)}"]`);
    (row ?? listArea.current?.querySelector<HTMLElement>('h2'))?.focus();
  }, [openId]);

  return (
    <div className="space-y-4">
      <div className={`space-y-4 ${openId ? 'max-lg:hidden' : ''}`}>
        <FolderTabs tab={view.tab} onChange={setTab} />
        <ViewFilters
          status={view.status}
          onStatus={setStatus}
          onSearch={setSearch}
          sort={view.sort}
          onSort={(sort) => onView({ sort })}
        />
      </div>
      <div
        role="tabpanel"
        id={PANEL_ID}
        aria-labelledby={tabId(view.tab)}
        className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]"
      >
        <div ref={listArea} className={openId ? 'max-lg:hidden' : ''}>
          <LeadList
            leads={list.leads}
            total={list.total}
            state={list.state}
            searching={view.search.trim() !== ''}
            openId={openId}
            onMore={list.showMore}
            note={view.tab === 'spam' ? inboxCopy.list.spamNote : undefined}
          />
        </div>
        {openId ? (
          <LeadDetail
            key={openId}
            id={openId}
            onListChanged={refresh}
            onErased={() => (erased.current = openId)}
          />
        ) : null}
      </div>
    </div>
  );
}
