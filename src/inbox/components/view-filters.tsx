import { useEffect, useState, type ReactNode } from 'react';
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

interface FilterMenuProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Its width beside the search field, from a tablet up. */
  className: string;
  children: ReactNode;
}

/** One of the list's menus (status, order): its label, and its options as children. */
function FilterMenu({ id, label, value, onChange, className, children }: FilterMenuProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-ink">
        {label}
      </label>
      <div className="relative">
        <select
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={menuClass}
        >
          {children}
        </select>
        <Icon name="chevron-down" className={menuArrowClass} />
      </div>
    </div>
  );
}

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
      <FilterMenu
        id="inbox-status"
        label={inboxCopy.statusFilter.label}
        value={status}
        onChange={(value) => onStatus(value as LeadStatus | '')}
        className="sm:w-48"
      >
        <option value="">{inboxCopy.statusFilter.any}</option>
        {LEAD_STATUSES.map((value) => (
          <option key={value} value={value}>
            {inboxCopy.status[value]}
          </option>
        ))}
      </FilterMenu>
      <FilterMenu
        id="inbox-sort"
        label={clockCopy.sort.label}
        value={sort}
        onChange={(value) => onSort(value as LeadSort)}
        className="sm:w-40"
      >
        <option value="newest">{clockCopy.sort.newest}</option>
        <option value="due">{clockCopy.sort.due}</option>
      </FilterMenu>
    </form>
  );
}
