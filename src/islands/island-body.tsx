import { StrictMode, useEffect, type ComponentType } from 'react';

/**
 * The root of every island, the same on the server and in the browser so the
 * hydrated tree matches the prerendered one. Its effect runs after its
 * children's, so `onHydrated` says the island is hydrated and listening.
 */
export function IslandBody({
  component: Component,
  onHydrated,
}: {
  component: ComponentType;
  onHydrated?: () => void;
}) {
  useEffect(() => onHydrated?.(), [onHydrated]);
  return (
    <StrictMode>
      <Component />
    </StrictMode>
  );
}
