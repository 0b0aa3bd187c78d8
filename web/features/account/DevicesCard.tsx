import { Monitor, Smartphone, Tablet } from 'lucide-react';
import type { SignedInDevice } from '#common/schemas/account.ts';
import { Badge } from '#web/components/ui/Badge.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/Card.tsx';
import { InlineAlert } from '#web/components/ui/InlineAlert.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { formatDeviceTime, useDevices } from './devices.ts';

export const DEVICES_FAILED = 'Your signed-in devices could not be loaded.';
export const NO_OTHER_DEVICES = 'No other device is signed in to your account.';

/**
 * The devices signed in to the account (issue 20): each with its browser, when it signed in and when it was
 * last used, 'This device' for this one, and 'Sign out' for the others; then 'Sign out everywhere else'.
 * `isDisabled` holds the buttons while the page does something else (spec/learner.md §4).
 */
export function DevicesCard({ isDisabled = false }: { isDisabled?: boolean }) {
  const { devices, problem, done, signOutDevice, signOutOthers } = useDevices();
  const isBusy = isDisabled || signOutDevice.isPending || signOutOthers.isPending;
  const others = devices.data?.filter((device) => !device.current) ?? [];
  // This device first, then the others as the server orders them (most recently used first).
  const listed = devices.data ? [...devices.data.filter((device) => device.current), ...others] : [];

  return (
    <section aria-labelledby="devices-heading">
      <Card>
        <CardHeader>
          <CardTitle as="h2" id="devices-heading" className="text-xl">
            Signed-in devices
          </CardTitle>
          <CardDescription>
            Where your account is signed in. Sign out any device you do not recognise.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {devices.isPending ? (
            <Spinner label="Loading devices..." showLabel className="text-brand-700" />
          ) : devices.isError ? (
            <div className="flex flex-col items-start gap-3">
              <p className="text-base text-slate-700">{DEVICES_FAILED}</p>
              <Button variant="outline" disabled={devices.isFetching} onClick={() => void devices.refetch()}>
                Try again
              </Button>
            </div>
          ) : (
            <>
              <ul className="flex flex-col divide-y divide-slate-200">
                {listed.map((device) => (
                  <DeviceRow
                    key={device.id}
                    device={device}
                    isBusy={isBusy}
                    isSigningOut={signOutDevice.isPending && signOutDevice.variables === device.id}
                    onSignOut={() => signOutDevice.mutate(device.id)}
                  />
                ))}
              </ul>
              {others.length === 0 ? <p className="text-base text-slate-600">{NO_OTHER_DEVICES}</p> : null}
              {others.length > 0 ? (
                <Button
                  variant="outline"
                  loading={signOutOthers.isPending}
                  disabled={isBusy}
                  onClick={() => signOutOthers.mutate()}
                  className="w-full sm:w-auto sm:self-start"
                >
                  {signOutOthers.isPending ? 'Signing out...' : 'Sign out everywhere else'}
                </Button>
              ) : null}
            </>
          )}
          {problem ? <InlineAlert message={problem} /> : null}
          <p role="status" className={done ? 'text-base text-green-800' : 'sr-only'}>
            {done}
          </p>
        </CardContent>
      </Card>
    </section>
  );
}

function DeviceRow({
  device,
  isBusy,
  isSigningOut,
  onSignOut,
}: {
  device: SignedInDevice;
  isBusy: boolean;
  isSigningOut: boolean;
  onSignOut: () => void;
}) {
  const lastUsed = formatDeviceTime(device.last_used_at);
  const Icon = /\bon (?:iPhone|Android)$/.test(device.browser)
    ? Smartphone
    : /\bon iPad$/.test(device.browser)
      ? Tablet
      : Monitor;
  return (
    <li className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-start gap-3">
        <Icon className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden="true" />
        <div className="flex min-w-0 flex-col gap-0.5">
          <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
            {device.browser}
            {device.current ? <Badge variant="green">This device</Badge> : null}
          </p>
          <p className="text-sm text-slate-600">
            Signed in {formatDeviceTime(device.created_at)} · Last used {lastUsed}
          </p>
        </div>
      </div>
      {device.current ? null : (
        <Button
          variant="outline"
          size="sm"
          loading={isSigningOut}
          disabled={isBusy}
          onClick={onSignOut}
          aria-label={`Sign out ${device.browser}, last used ${lastUsed}`}
          className="self-start sm:self-auto"
        >
          Sign out
        </Button>
      )}
    </li>
  );
}
