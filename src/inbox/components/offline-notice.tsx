import { alertsCopy } from '../alerts/alerts-copy';
import { useOnline } from '../use-online';

/**
 * The installed inbox opened without a connection (its shell comes from the
 * service worker): says so plainly instead of a list that failed to load.
 */
export function OfflineNotice() {
  const online = useOnline();
  return (
    <p
      role="status"
      className="empty:hidden mb-4 rounded-xl border border-warm/40 bg-surface px-4 py-3 text-sm text-ink"
    >
      {online ? null : alertsCopy.offline}
    </p>
  );
}
