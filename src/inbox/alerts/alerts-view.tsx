import { buttonClass } from '../../components/ui/button-styles';
import { alertsCopy } from './alerts-copy';
import { useAlerts } from './use-alerts';
import { DeviceList } from './device-list';
import { TestAlert } from './test-alert';

const copy = alertsCopy.view;

/**
 * "Turn on alerts" for this device, "Send a test alert" to all of the
 * member's, and every device of the member's with "Remove".
 */
export function AlertsView() {
  const alerts = useAlerts();
  const on = alerts.endpoint !== null;
  const status =
    alerts.support === 'unsupported'
      ? copy.unsupported
      : alerts.permission === 'denied'
        ? copy.blocked
        : on
          ? copy.on
          : copy.off;
  return (
    <section aria-labelledby="alerts-heading" className="max-w-2xl space-y-6">
      <div className="space-y-2">
        <h2 id="alerts-heading" className="text-2xl font-bold text-ink">
          {copy.heading}
        </h2>
        <p className="text-sm text-muted">{copy.intro}</p>
      </div>
      <div className="space-y-3 rounded-2xl border border-line bg-surface p-4">
        <p role="status" className="text-ink" data-alerts={on ? 'on' : 'off'}>
          {status}
        </p>
        {alerts.support === 'supported' ? (
          <button
            type="button"
            disabled={alerts.busy}
            aria-busy={alerts.busy}
            onClick={() => void (on ? alerts.turnOff() : alerts.turnOn())}
            className={buttonClass(on ? 'outline' : 'cool', 'px-4 text-sm')}
          >
            {on ? copy.turnOff : copy.turnOn}
          </button>
        ) : null}
      </div>
      {alerts.devices.state === 'ready' && alerts.devices.devices.length > 0 ? (
        <TestAlert onAnswered={() => void alerts.reload()} />
      ) : null}
      <DeviceList
        devices={alerts.devices}
        thisEndpoint={alerts.endpoint}
        busy={alerts.busy}
        onRemove={(device) => void alerts.remove(device)}
      />
    </section>
  );
}
