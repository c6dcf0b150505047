// False in the prerendered HTML and during hydration, true once React runs the page. Forms use
// it to keep their submit button disabled until React handles the submit (before that, a click
// would submit the bare HTML form and lose what was typed).
import { useSyncExternalStore } from 'react';

const noChanges = () => () => undefined;

export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}
