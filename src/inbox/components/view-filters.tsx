import { useEffect, useState } from 'react';
import { SEARCH_TERM_MAX } from '../../../shared/search';
import { INBOX_SEARCH_DEBOUNCE_MS } from '../../config/inbox';
import { inboxCopy } from '../../content/inbox';
import { LEAD_STATUSES, type LeadStatus } from '../../../shared/lead-status';
import { clockCopy, type LeadSort } from '../../content/lead-clocks';
import { inputClass } from '../../features/contact/form-field';
import { Icon } from '../../components/ui/icon';

interface ViewFiltersProps {
  status: LeadStatus | '';
  onStatus: (status: LeadStatus | '') => void;
  onSearch: (search: string) => void;
  sort: LeadSort;
  onSort: (sort: LeadSort) => void;
}

/** The form's field, one height for all three: a search field drew 2 px taller than a select. */
const filterClass = `${inputClass} h-12`;

/*
 * A menu is drawn as the fields are, with an arrow of ours: left to the system, WebKit painted its
 * own grey button over a select's background (light grey in the light theme, mid grey in the dark).
 */
const menuClass = `${filterClass} appearance-none pr-11`;
const menuArrowClass =
  'pointer-events-none absolute top-1/2 right-3 size-5 -translate-y-1/2 text-muted';

/** Search by name, email or words (asked once typing pauses, or on Enter) and a status filter. */
export function ViewFilters({ status, onStatus, onSearch, sort, onSort }: ViewFiltersProps) {
  const [text, setText] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => onSearch(text), INBOX_SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, onSearch]);

  return (
    <form
      role="search"
      method="post"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text);
      }}
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
    >
      <div className="min-w-0 flex-1">
        <label htmlFor="inbox-search" className="mb-1 block text-sm font-semibold text-ink">
          {inboxCopy.search.label}
        </label>
        <input
          id="inbox-search"
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={inboxCopy.search.placeholder}
          maxLength={SEARCH_TERM_MAX}
          autoComplete="off"
          className={filterClass}
        />
      </div>
      <div className="sm:w-48">
        <label htmlFor="inbox-status" className="mb-1 block text-sm font-semibold text-ink">
          {inboxCopy.statusFilter.label}
        </label>
        <div className="relative">
          <select
            id="inbox-status"
            value={status}
            onChange={(event) => onStatus(event.target.value as LeadStatus | '')}
            className={menuClass}
          >
            <option value="">{inboxCopy.statusFilter.any}</option>
            {LEAD_STATUSES.map((value) => (
              <option key={value} value={value}>
                {inboxCopy.status[value]}
              </option>
            ))}
          </select>
          <Icon name="chevron-down" className={menuArrowClass} />
        </div>
      </div>
      <div className="sm:w-40">
        <label htmlFor="inbox-sort" className="mb-1 block text-sm font-semibold text-ink">
          {clockCopy.sort.label}
        </label>
        <div className="relative">
          <select
            id="inbox-sort"
            value={sort}
            onChange={(event) => onSort(event.target.value as LeadSort)}
            className={menuClass}
          >
            <option value="newest">{clockCopy.sort.newest}</option>
            <option value="due">{clockCopy.sort.due}</option>
          </select>
          <Icon name="chevron-down" className={menuArrowClass} />
        </div>
      </div>
    </form>
  );
}
