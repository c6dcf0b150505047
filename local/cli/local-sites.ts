// The sites npm start lets the twin read on this machine: the demo shops (local/demo-shops), and
// the user's own, named in REELFIVE_LOCAL_SITES as `name=port` pairs. A name is what the buyer types
// (http://myshop.test/) and what the site is served under; the twin reads it at 127.0.0.1:port.
// Only the twin sets these (lambdas/generation/website/fetch-public-page.ts, setTestSiteHosts);
// a deployed function never reads this variable, and the guard refuses every other private address.
import type { TestSiteHosts } from '#generation/website/fetch-public-page.ts';
import { parsePublicWebsite } from '#shared/public-url.ts';

export const localSitesVariable = 'REELFIVE_LOCAL_SITES';

/** `myshop.test=8080,other.test=3001` → the hosts the twin reads on 127.0.0.1; throws with what is wrong. */
export function parseLocalSites(value: string | undefined): TestSiteHosts {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const match = /^([^=\s]+)=(\d{1,5})$/.exec(entry);
      const name = match?.[1]?.toLowerCase() ?? '';
      const port = Number(match?.[2]);
      if (!match || port < 1 || port > 65_535) {
        throw new Error(`${localSitesVariable}: "${entry}" is not name=port (e.g. myshop.test=8080)`);
      }
      // The order form and the API take only a public-looking name: localhost or an address would be refused there.
      if (!parsePublicWebsite(`http://${name}/`)) {
        throw new Error(
          `${localSitesVariable}: "${name}" is not a name the order form accepts (use one like myshop.test, not localhost or an address)`,
        );
      }
      return { name, port };
    });
  return {
    addresses: Object.fromEntries(entries.map(({ name }) => [name, '127.0.0.1'])),
    allowPrivate: entries.map(({ name }) => name),
    ports: Object.fromEntries(entries.map(({ name, port }) => [name, port])),
  };
}

/** Both sets of names; a name in both is read as `later` says. */
export function mergeSiteHosts(earlier: TestSiteHosts, later: TestSiteHosts): TestSiteHosts {
  return {
    addresses: { ...earlier.addresses, ...later.addresses },
    allowPrivate: [...new Set([...earlier.allowPrivate, ...later.allowPrivate])],
    ports: { ...earlier.ports, ...later.ports },
  };
}
