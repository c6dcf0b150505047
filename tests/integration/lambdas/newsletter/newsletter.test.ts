// The newsletter on a real twin (DynamoDB Local and its stream, the SES outbox): sign-up requests
// are recorded and answered alike, the confirmation sender mails them from the stream, links open
// pages whose buttons POST, and one-click unsubscribe follows RFC 8058.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailHash, sha256Hex } from '#common/hashing.ts';
import { decodeMessage } from '#local/ses/outbox.ts';
import { config, serviceLimits } from '#shared/config.ts';
import { apiMessages, messages } from '#shared/contract.ts';
import { paths } from '#shared/paths.ts';
import { envNames } from '#shared/runtime-env.ts';
import { flakySesForSuite } from '../../support/flaky-ses.ts';
import { callApi, twinForSuite, uniqueEmail } from '../../support/twin.ts';

const twin = twinForSuite();
let table: DynamoDBDocumentClient;
const tableName = () => twin.current.env[envNames.subscribersTable] ?? '';

const flakySes = flakySesForSuite(twin);

beforeAll(async () => {
  table = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: twin.current.endpoints.dynamodb,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
});
afterAll(async () => {
  table?.destroy();
});

const subscribe = (email: unknown, headers: Record<string, string> = {}) =>
  callApi(twin.current, 'POST', '/api/newsletter', { email }, headers);

/** Waits until the confirmation sender has handled every request so far (the stream, drained). */
const mailed = () => twin.current.newsletter.drain();

/** Signs up and waits for the sender; answers the API's answer. */
async function subscribeAndWait(email: string) {
  const answer = await subscribe(email);
  await mailed();
  return answer;
}

async function mailTo(email: string) {
  const sent = (await twin.current.outbox.listMessages()).filter((message) => message.to.includes(email));
  return Promise.all(
    sent.map(async (message) => ({ ...message, ...decodeMessage(await twin.current.outbox.readMessage(message.id)) })),
  );
}

/** The links of the newest newsletter email to `email`: the two pages, and the one-click URL of its header. */
async function linksMailedTo(email: string) {
  const mail = (await mailTo(email)).at(-1);
  const text = mail?.text ?? '';
  const link = (path: string) => text.match(new RegExp(`https?://\\S+${path}\\?token=[\\w-]+`))?.[0] ?? '';
  const oneClick = mail?.headers['list-unsubscribe']?.replace(/\s+/g, '').match(/^<([^>]+)>$/)?.[1] ?? '';
  return { confirm: link(paths.newsletterConfirm), unsubscribe: link(paths.newsletterUnsubscribe), oneClick };
}

const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

/** The confirm page's button: POST {token}. */
const confirm = (token: unknown) =>
  callApi(twin.current, 'POST', '/api/newsletter/confirm', token === undefined ? {} : { token });

/** A mail client's one-click unsubscribe (RFC 8058), also the unsubscribe page's button. */
async function oneClick(url: string, body: string | FormData = 'List-Unsubscribe=One-Click') {
  const response = await fetch(url, {
    method: 'POST',
    ...(typeof body === 'string' ? { headers: { 'content-type': 'application/x-www-form-urlencoded' } } : {}),
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
const oneClickOf = (token: string) => `${twin.current.url}/api/newsletter/unsubscribe?token=${token}`;

/** Follows one link as a browser would, without following the redirect. */
async function follow(link: string): Promise<{ status: number; location: string | null }> {
  const response = await fetch(link, { redirect: 'manual' });
  return { status: response.status, location: response.headers.get('location') };
}

async function subscriberOf(email: string) {
  const result = await table.send(
    new GetCommand({ TableName: tableName(), Key: { pk: `subscriber#${emailHash(email)}` } }),
  );
  return result.Item;
}

async function tokenItemOf(token: string) {
  const result = await table.send(new GetCommand({ TableName: tableName(), Key: { pk: `token#${sha256Hex(token)}` } }));
  return result.Item;
}

/** Moves every time the resend pause reads back by more than the pause (staying within the day). */
async function passResendPause(email: string) {
  const subscriber = await subscriberOf(email);
  const earlier = (at: string) =>
    new Date(Date.parse(at) - (serviceLimits.newsletterResendMinutes + 1) * 60_000).toISOString();
  const fields = ['confirmation_requested_at', 'confirmation_sent_at', 'confirmation_mailed_for'].filter(
    (field) => typeof subscriber?.[field] === 'string',
  );
  const values: Record<string, unknown> = Object.fromEntries(
    fields.map((field, i) => [`:v${i}`, earlier(subscriber?.[field] as string)]),
  );
  const sets = fields.map((field, i) => `${field} = :v${i}`);
  if (Array.isArray(subscriber?.confirmations_requested_at)) {
    values[':requests'] = (subscriber.confirmations_requested_at as string[]).map(earlier);
    sets.push('confirmations_requested_at = :requests');
  }
  await table.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { pk: `subscriber#${emailHash(email)}` },
      UpdateExpression: `SET ${sets.join(', ')}`,
      ExpressionAttributeValues: values,
    }),
  );
}

const invalidLink = { status: 400, body: { error: apiMessages.newsletterLinkInvalid, errorCode: 'VALIDATION' } };
const confirmed = { status: 200, body: { message: apiMessages.newsletterConfirmed } };
const unsubscribed = { status: 200, body: { message: apiMessages.newsletterUnsubscribed } };

// First in the file: the twin's requests all come from 127.0.0.1, and later tests spend attempts.
describe('per-IP limit', () => {
  it('answers 429 TOO_MANY_REQUESTS past the limit, whatever X-Forwarded-For claims', async () => {
    const previous = process.env[envNames.ipAttemptsPerHour];
    process.env[envNames.ipAttemptsPerHour] = '3';
    try {
      const answers = [];
      for (let i = 0; i < 5; i++) {
        answers.push(
          await subscribe(uniqueEmail('limited'), {
            'x-forwarded-for': `203.0.113.${i}`,
          }),
        );
      }

      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429, 429]);
      expect(answers[4]?.body).toEqual({ error: apiMessages.tooManyRequests, errorCode: 'TOO_MANY_REQUESTS' });
    } finally {
      if (previous === undefined) delete process.env[envNames.ipAttemptsPerHour];
      else process.env[envNames.ipAttemptsPerHour] = previous;
      await mailed();
    }
  });
});

describe('signing up', () => {
  it('answers 200 {message}; the sender mails a confirmation with both pages and one-click unsubscribe headers', async () => {
    const email = uniqueEmail('news');

    const answer = await subscribeAndWait(email);

    expect(answer).toEqual({ status: 200, body: { message: apiMessages.newsletterCheckInbox } });
    const [mail, ...more] = await mailTo(email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(`Confirm your ${config.brand.name} newsletter subscription`);
    expect(mail?.headers.from).toBe(`${config.mail.fromName} <${twin.current.env[envNames.mailFrom]}>`);
    expect(mail?.headers['reply-to']).toContain(config.mail.replyTo);
    const links = await linksMailedTo(email);
    expect(links.confirm.startsWith(`${twin.current.url}${paths.newsletterConfirm}?token=`)).toBe(true);
    expect(links.unsubscribe.startsWith(`${twin.current.url}${paths.newsletterUnsubscribe}?token=`)).toBe(true);
    expect(mail?.html).toContain(`href="${links.confirm}"`);
    expect(mail?.html).toContain(`href="${links.unsubscribe}"`);
    // RFC 8058: the header names the API's one-click URL, and says it takes a POST.
    expect(links.oneClick).toBe(oneClickOf(tokenOf(links.unsubscribe)));
    expect(mail?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  });

  it('keeps the sign-up pending until confirmed, lapsing after the confirm period', async () => {
    const email = uniqueEmail('pending');
    const before = Math.floor(Date.now() / 1000);

    await subscribeAndWait(email);

    const subscriber = await subscriberOf(email);
    const week = config.limits.newsletterConfirmDays * 86_400;
    expect(subscriber).toMatchObject({ email, email_hash: emailHash(email), status: 'pending' });
    expect(subscriber?.expires_at).toBeGreaterThanOrEqual(before + week);
    expect(subscriber?.expires_at).toBeLessThanOrEqual(before + week + 60);
  });

  it('stores the link tokens only as sha256 hashes', async () => {
    const email = uniqueEmail('hashed');
    await subscribeAndWait(email);
    const { confirm, unsubscribe } = await linksMailedTo(email);

    const stored = JSON.stringify((await table.send(new ScanCommand({ TableName: tableName() }))).Items);

    for (const token of [tokenOf(confirm), tokenOf(unsubscribe)]) {
      expect(token).toMatch(/^[\w-]{43}$/);
      expect(stored).not.toContain(token);
      expect(stored).toContain(`token#${sha256Hex(token)}`);
    }
  });

  it('gives the same answer to a repeated sign-up and mails only once within the resend pause', async () => {
    const email = uniqueEmail('twice');

    const first = await subscribeAndWait(email);
    const second = await subscribeAndWait(email.toUpperCase());

    expect(second).toEqual(first);
    expect(await mailTo(email)).toHaveLength(1);
  });

  it('mails a pending address again once the resend pause has passed, and both confirm links work', async () => {
    const email = uniqueEmail('again');
    await subscribeAndWait(email);
    const firstLinks = await linksMailedTo(email);
    await passResendPause(email);

    const answer = await subscribeAndWait(email);

    expect(answer.body).toEqual({ message: apiMessages.newsletterCheckInbox });
    expect(await mailTo(email)).toHaveLength(2);
    const secondLinks = await linksMailedTo(email);
    expect(secondLinks.confirm).not.toBe(firstLinks.confirm);
    expect(await confirm(tokenOf(firstLinks.confirm))).toEqual(confirmed);
    expect(await confirm(tokenOf(secondLinks.confirm))).toEqual(confirmed);
  });
});

describe('resends', () => {
  it(`mail one address at most ${serviceLimits.newsletterConfirmationsPerDay} times a day, however often it is asked`, async () => {
    const email = uniqueEmail('stranger');
    const asked = serviceLimits.newsletterConfirmationsPerDay + 4;

    for (let i = 0; i < asked; i++) {
      expect(await subscribeAndWait(email)).toEqual({
        status: 200,
        body: { message: apiMessages.newsletterCheckInbox },
      });
      await passResendPause(email);
    }

    expect(await mailTo(email)).toHaveLength(serviceLimits.newsletterConfirmationsPerDay);
  });

  it('never move the pending sign-up’s expiry, and a resent confirm link lapses with the sign-up', async () => {
    const email = uniqueEmail('no-extension');
    await subscribeAndWait(email);
    const expiresAt = (await subscriberOf(email))?.expires_at;
    // The first request an hour ago: a resend now must not give the sign-up a fresh week.
    await table.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: `subscriber#${emailHash(email)}` },
        UpdateExpression: 'SET expires_at = :earlier',
        ExpressionAttributeValues: { ':earlier': expiresAt - 3600 },
      }),
    );
    await passResendPause(email);

    await subscribeAndWait(email);

    expect(await mailTo(email)).toHaveLength(2);
    expect((await subscriberOf(email))?.expires_at).toBe(expiresAt - 3600);
    const resent = await linksMailedTo(email);
    expect((await tokenItemOf(tokenOf(resent.confirm)))?.expires_at).toBe(expiresAt - 3600);
  });
});

describe('no mail in the request path', () => {
  it('answers a new, a pending and a confirmed address alike while SES refuses every send', async () => {
    const known = uniqueEmail('known');
    await subscribeAndWait(known);
    expect(await confirm(tokenOf((await linksMailedTo(known)).confirm))).toEqual(confirmed);
    const pending = uniqueEmail('pending-known');
    await subscribeAndWait(pending);
    const fresh = uniqueEmail('fresh');
    flakySes.failures = 1_000;
    const sendsBefore = flakySes.requests;

    try {
      const answers = [await subscribe(fresh), await subscribe(pending), await subscribe(known)];

      // The API answered without waiting on SES: every send would have failed.
      for (const answer of answers) {
        expect(answer).toEqual({ status: 200, body: { message: apiMessages.newsletterCheckInbox } });
      }
      // Then the sender tried the new address's mail: once, and again on each of the stream's retries.
      await mailed();
      expect(flakySes.requests - sendsBefore).toBe(4);
    } finally {
      flakySes.failures = 0;
    }
    expect(await mailTo(fresh)).toEqual([]);
  });

  it('a send that fails is retried from the stream, and the mail arrives', async () => {
    const email = uniqueEmail('ses-down');
    flakySes.failures = 1;

    const answer = await subscribeAndWait(email);

    expect(answer).toEqual({ status: 200, body: { message: apiMessages.newsletterCheckInbox } });
    expect(await mailTo(email)).toHaveLength(1);
    expect(await confirm(tokenOf((await linksMailedTo(email)).confirm))).toEqual(confirmed);
  });
});

describe('the confirm link', () => {
  it('opens the confirm page and confirms nothing, however often it is fetched (mail scanners)', async () => {
    const email = uniqueEmail('scanned');
    await subscribeAndWait(email);
    const link = (await linksMailedTo(email)).confirm;
    const token = tokenOf(link);

    const page = await fetch(link);
    const oldApiLink = await follow(`${twin.current.url}/api/newsletter/confirm?token=${token}`);
    await fetch(`${twin.current.url}/api/newsletter/confirm?token=${token}`);

    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(oldApiLink).toEqual({ status: 302, location: `${paths.newsletterConfirm}?token=${token}` });
    expect(await subscriberOf(email)).toMatchObject({ status: 'pending' });
  });

  it('the page’s POST subscribes the address', async () => {
    const email = uniqueEmail('confirm');
    await subscribeAndWait(email);

    const answer = await confirm(tokenOf((await linksMailedTo(email)).confirm));

    expect(answer).toEqual(confirmed);
    const subscriber = await subscriberOf(email);
    expect(subscriber).toMatchObject({ status: 'confirmed' });
    expect(subscriber?.confirmed_at).toEqual(expect.any(String));
    expect(subscriber?.expires_at).toBeUndefined();
  });

  it('says confirmed again when sent twice, and a confirmed address gets no more sign-up mail', async () => {
    const email = uniqueEmail('confirmed-twice');
    const first = await subscribeAndWait(email);
    const token = tokenOf((await linksMailedTo(email)).confirm);
    await confirm(token);

    const again = await confirm(token);
    const repeated = await subscribeAndWait(email);

    expect(again).toEqual(confirmed);
    expect(repeated).toEqual(first);
    expect(await mailTo(email)).toHaveLength(1);
    expect(await subscriberOf(email)).toMatchObject({ status: 'confirmed' });
  });
});

describe('unsubscribing', () => {
  it('one-click (RFC 8058): a POST of List-Unsubscribe=One-Click to the header’s URL deletes the address', async () => {
    const email = uniqueEmail('one-click');
    await subscribeAndWait(email);
    const links = await linksMailedTo(email);
    await confirm(tokenOf(links.confirm));

    const answer = await oneClick(links.oneClick);
    const again = await oneClick(links.oneClick);

    expect(answer).toEqual(unsubscribed);
    expect(again).toEqual(unsubscribed);
    expect(await subscriberOf(email)).toBeUndefined();
  });

  it('one-click also as multipart/form-data, which RFC 8058 allows', async () => {
    const email = uniqueEmail('one-click-multipart');
    await subscribeAndWait(email);
    const form = new FormData();
    form.set('List-Unsubscribe', 'One-Click');

    const answer = await oneClick((await linksMailedTo(email)).oneClick, form);

    expect(answer).toEqual(unsubscribed);
    expect(await subscriberOf(email)).toBeUndefined();
  });

  it('a GET of the header’s URL or the page changes nothing; a POST without the one-click body is refused', async () => {
    const email = uniqueEmail('leave-get');
    await subscribeAndWait(email);
    const links = await linksMailedTo(email);

    const page = await fetch(links.unsubscribe);
    const viaGet = await follow(links.oneClick);
    const noBody = await oneClick(links.oneClick, 'List-Unsubscribe=Yes');

    expect(page.status).toBe(200);
    expect(viaGet).toEqual({
      status: 302,
      location: `${paths.newsletterUnsubscribe}?token=${tokenOf(links.oneClick)}`,
    });
    expect(noBody).toEqual({
      status: 400,
      body: { error: apiMessages.newsletterOneClickBody, errorCode: 'VALIDATION' },
    });
    expect(await subscriberOf(email)).toMatchObject({ status: 'pending' });
  });

  it('works before confirming, and the old confirm link then no longer subscribes anyone', async () => {
    const email = uniqueEmail('leave-early');
    await subscribeAndWait(email);
    const links = await linksMailedTo(email);

    expect(await oneClick(links.oneClick)).toEqual(unsubscribed);
    expect(await confirm(tokenOf(links.confirm))).toEqual(invalidLink);
    expect(await subscriberOf(email)).toBeUndefined();
  });

  it('from an earlier sign-up cannot remove a newer one of the same address', async () => {
    const email = uniqueEmail('rejoin');
    await subscribeAndWait(email);
    const old = await linksMailedTo(email);
    await oneClick(old.oneClick);
    await subscribeAndWait(email);
    const fresh = await linksMailedTo(email);
    await confirm(tokenOf(fresh.confirm));

    await oneClick(old.oneClick);

    expect(fresh.oneClick).not.toBe(old.oneClick);
    expect(await subscriberOf(email)).toMatchObject({ status: 'confirmed' });
  });
});

describe('the pages the links open and land on', () => {
  it.each([
    paths.newsletterConfirm,
    paths.newsletterUnsubscribe,
    paths.newsletterConfirmed,
    paths.newsletterUnsubscribed,
    paths.newsletterLinkProblem(paths.newsletterConfirmed, 'invalid'),
  ])('%s is a page of the site (200 HTML), not the 404 page', async (path) => {
    const response = await fetch(`${twin.current.url}${path}`);

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
  });
});

describe('links that do not work', () => {
  const invalidConfirm = paths.newsletterLinkProblem(paths.newsletterConfirmed, 'invalid');
  const invalidUnsubscribe = paths.newsletterLinkProblem(paths.newsletterUnsubscribed, 'invalid');
  const unknownToken = 'A'.repeat(43);

  it.each([
    ['no token', undefined],
    ['an empty token', ''],
    ['a malformed token', 'not-a-token'],
    ['an unknown token', unknownToken],
    ['a token with an injected path', '../../etc/passwd'],
    ['a token that is an object', { $ne: '' }],
  ])('%s → 400 VALIDATION, for both buttons', async (_case, token) => {
    expect(await confirm(token)).toEqual(invalidLink);
    const query = typeof token === 'string' ? encodeURIComponent(token) : '';
    expect(await oneClick(oneClickOf(query))).toEqual(invalidLink);
  });

  it.each([
    ['no token', ''],
    ['an empty token', '?token='],
    ['a malformed token', '?token=not-a-token'],
    ['a token with an injected path', `?token=${encodeURIComponent('../../etc/passwd')}`],
  ])('a GET with %s lands on the page with status=invalid, for both links', async (_case, query) => {
    expect(await follow(`${twin.current.url}/api/newsletter/confirm${query}`)).toEqual({
      status: 302,
      location: invalidConfirm,
    });
    expect(await follow(`${twin.current.url}/api/newsletter/unsubscribe${query}`)).toEqual({
      status: 302,
      location: invalidUnsubscribe,
    });
  });

  it('a token of the other kind is refused', async () => {
    const email = uniqueEmail('crossed');
    await subscribeAndWait(email);
    const { confirm: confirmLink, unsubscribe } = await linksMailedTo(email);

    const confirmWithUnsubscribeToken = await confirm(tokenOf(unsubscribe));
    const unsubscribeWithConfirmToken = await oneClick(oneClickOf(tokenOf(confirmLink)));

    expect(confirmWithUnsubscribeToken).toEqual(invalidLink);
    expect(unsubscribeWithConfirmToken).toEqual(invalidLink);
    expect(await subscriberOf(email)).toMatchObject({ status: 'pending' });
  });

  it('a lapsed sign-up cannot be confirmed, even before TTL has removed it', async () => {
    const email = uniqueEmail('lapsed');
    await subscribeAndWait(email);
    const token = tokenOf((await linksMailedTo(email)).confirm);
    const past = Math.floor(Date.now() / 1000) - 60;
    for (const pk of [`subscriber#${emailHash(email)}`, `token#${sha256Hex(token)}`]) {
      await table.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: { pk },
          UpdateExpression: 'SET expires_at = :past',
          ExpressionAttributeValues: { ':past': past },
        }),
      );
    }

    const answer = await confirm(token);
    const signUpAgain = await subscribeAndWait(email);

    expect(answer).toEqual(invalidLink);
    expect(signUpAgain.status).toBe(200);
    expect(await mailTo(email)).toHaveLength(2);
    expect((await subscriberOf(email))?.expires_at).toBeGreaterThan(past);
  });
});

describe('bad input', () => {
  it.each([
    ['no body', undefined, apiMessages.malformedJson],
    ['no email', {}, messages.newsletterEmailMissing],
    ['an empty email', { email: '' }, messages.newsletterEmailMissing],
    ['a blank email', { email: '   ' }, messages.newsletterEmailMissing],
    ['a number', { email: 42 }, messages.newsletterEmailMissing],
    ['no @', { email: 'someone.example.com' }, messages.invalidEmail],
    ['two addresses', { email: 'a@example.com, b@example.com' }, messages.invalidEmail],
    ['a header injection', { email: 'a@example.com\r\nBcc: victim@example.com' }, messages.invalidEmail],
    ['an overlong address', { email: `${'a'.repeat(250)}@example.com` }, messages.invalidEmail],
  ])('%s → 400 VALIDATION with a clear message', async (_case, body, error) => {
    const answer = await callApi(twin.current, 'POST', '/api/newsletter', body ?? '', {
      'content-type': 'application/json',
    });

    expect(answer).toEqual({ status: 400, body: { error, errorCode: 'VALIDATION' } });
  });

  it('malformed JSON → 400 VALIDATION', async () => {
    const answer = await callApi(twin.current, 'POST', '/api/newsletter', '{"email":', {
      'content-type': 'application/json',
    });

    expect(answer).toEqual({ status: 400, body: { error: apiMessages.malformedJson, errorCode: 'VALIDATION' } });
  });

  it('a body over the limit → 413 PAYLOAD_TOO_LARGE, and nothing is mailed', async () => {
    const email = uniqueEmail('large');

    const answer = await callApi(twin.current, 'POST', '/api/newsletter', { email, padding: 'x'.repeat(20_000) });

    expect(answer).toEqual({
      status: 413,
      body: { error: apiMessages.payloadTooLarge, errorCode: 'PAYLOAD_TOO_LARGE' },
    });
    await mailed();
    expect(await mailTo(email)).toEqual([]);
  });

  it('GET /api/newsletter → 405 METHOD_NOT_ALLOWED', async () => {
    const answer = await callApi(twin.current, 'GET', '/api/newsletter');

    expect(answer).toEqual({
      status: 405,
      body: { error: apiMessages.methodNotAllowed, errorCode: 'METHOD_NOT_ALLOWED' },
    });
  });
});
