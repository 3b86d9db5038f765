import { alertsCopy } from '../alerts/alerts-copy';
import { useOnline } from '../use-online';

/**
 * The installed inbox opened without a connection (its shell comes from the
 * service worker): says so plainly instead of a list that failed to load.
 * Online, it is empty and out of the layout, yet in the page (not display:
 * none), so its words are read when the connection goes.
 */
export function OfflineNotice() {
  const online = useOnline();
  return (
    <p
      role="status"
      className="empty:sr-only mb-4 rounded-xl border border-warm/40 bg-surface px-4 py-3 text-sm text-ink"
    >
      {online ? null : alertsCopy.offline}
    </p>
  );
}
