// The site reader's own thread (guarded-reading.ts): waits for one page, reads its facts, hands them
// back. Bundled beside each function that reads sites as site-reader.worker.mjs
// (lib/shared/reelfive-function.ts, `readsWebsites`).
import { parentPort } from 'node:worker_threads';
import { extractSiteFacts } from './extract-site-facts.ts';

parentPort?.once('message', ({ html, pageUrl }: { html: string; pageUrl: string }) => {
  parentPort?.postMessage(extractSiteFacts(html, pageUrl));
});
