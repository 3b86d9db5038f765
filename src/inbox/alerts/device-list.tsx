import { buttonClass } from '../../components/ui/button-styles';
import { alertsCopy } from './alerts-copy';
import type { PushDevice } from './push-api';
import type { DevicesState } from './use-alerts';
import { formatDate } from '../format';

const copy = alertsCopy.view;

interface DeviceListProps {
  devices: DevicesState;
  /** This device's endpoint when its alerts are on, to mark it in the list. */
  thisEndpoint: string | null;
  busy: boolean;
  onRemove: (device: PushDevice) => void;
}

/** The member's devices with alerts on: browser, date added, and "Remove". */
export function DeviceList({ devices, thisEndpoint, busy, onRemove }: DeviceListProps) {
  return (
    <section aria-labelledby="devices-heading" className="space-y-3">
      <h3 id="devices-heading" className="text-lg font-semibold text-ink">
        {copy.devicesHeading}
      </h3>
      {devices.state !== 'ready' || devices.devices.length === 0 ? (
        <p role="status" className="text-sm text-muted">
          {devices.state === 'failed'
            ? copy.devicesFailed
            : devices.state === 'ready'
              ? copy.devicesEmpty
              : null}
        </p>
      ) : (
        <ul className="divide-y divide-line rounded-2xl border border-line bg-surface">
          {devices.devices.map((device) => {
            const added = formatDate(device.created_at);
            return (
              <li
                key={device.id}
                className="flex flex-wrap items-center justify-between gap-2 px-4 py-3"
              >
                <div className="min-w-0">
                  <p className="font-semibold text-ink">
                    {device.browser}
                    {device.endpoint === thisEndpoint ? (
                      <span className="font-normal text-muted"> ({copy.thisDevice})</span>
                    ) : null}
                  </p>
                  <p className="text-sm text-muted">{copy.added(added)}</p>
                </div>
                <button
                  type="button"
                  disabled={busy}
                  aria-label={copy.removeLabel(device.browser, added)}
                  onClick={() => onRemove(device)}
                  className={buttonClass('outline', 'px-4 text-sm')}
                >
                  {copy.remove}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
