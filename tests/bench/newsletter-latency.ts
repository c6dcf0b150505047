// The newsletter sign-up's answer time on the twin, for an address never seen, one pending (its
// confirmation mailed, within the resend pause) and one confirmed. The request path sends no mail
// (the subscribers stream does), so the medians should not tell the kinds apart: an answer that
// is slower for a new address tells a stranger who is subscribed.
import { performance } from 'node:perf_hooks';
import { decodeMessage } from '#local/ses/outbox.ts';
import type { Twin } from '#local/twin.ts';
import { median, percentile, record, round } from './figures.ts';

const samples = 30;

export async function benchNewsletter(twin: Twin): Promise<void> {
  const run = `${process.pid}-${Date.now()}`;
  const address = (kind: string, i: number) => `bench-${kind}-${run}-${i}@example.com`;
  const subscribe = async (email: string): Promise<number> => {
    const began = performance.now();
    const answer = await fetch(`${twin.url}/api/newsletter`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    await answer.text();
    const ms = performance.now() - began;
    if (answer.status !== 200) throw new Error(`the sign-up answered ${answer.status}`);
    return ms;
  };

  // Known addresses: pending ones (mailed once), and confirmed ones (mailed, then confirmed by POST).
  for (let i = 0; i < samples; i++) {
    await subscribe(address('pending', i));
    await subscribe(address('confirmed', i));
  }
  await twin.newsletter.drain();
  const sent = await twin.outbox.listMessages();
  for (let i = 0; i < samples; i++) {
    const message = sent.find((candidate) => candidate.to.includes(address('confirmed', i)));
    const text = message ? (decodeMessage(await twin.outbox.readMessage(message.id)).text ?? '') : '';
    const token = /\/newsletter\/confirm\?token=([\w-]+)/.exec(text)?.[1];
    const confirmed = await fetch(`${twin.url}/api/newsletter/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    if (confirmed.status !== 200) throw new Error(`confirming a bench address answered ${confirmed.status}`);
  }

  // Interleaved, so a busy moment of the machine falls on every kind alike.
  const times = { new: [] as number[], pending: [] as number[], confirmed: [] as number[] };
  for (let i = 0; i < samples; i++) {
    times.new.push(await subscribe(address('new', i)));
    times.pending.push(await subscribe(address('pending', i)));
    times.confirmed.push(await subscribe(address('confirmed', i)));
  }
  await twin.newsletter.drain();

  for (const [kind, latencies] of Object.entries(times)) {
    latencies.sort((a, b) => a - b);
    const label = `newsletter sign-up answer (twin), ${kind} address`;
    record(`${label}, median`, round(median(latencies)), 'ms', undefined, `${latencies.length} sequential requests`);
    record(`${label}, p95`, round(percentile(latencies, 95)), 'ms');
  }
  record(
    'newsletter sign-up answer (twin), median new − median confirmed',
    round(median(times.new) - median(times.confirmed)),
    'ms',
  );
}
