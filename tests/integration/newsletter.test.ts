import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailHash, sha256Hex } from '#common/hashing.ts';
import { decodeMessage } from '#local/ses-outbox.ts';
import { config } from '#shared/config.ts';
import { apiMessages, messages } from '#shared/contract.ts';
import { paths } from '#shared/paths.ts';
import { envNames } from '#shared/runtime-env.ts';
import { flakySesForSuite } from './support/flaky-ses.ts';
import { callApi, twinForSuite, uniqueEmail } from './support/twin.ts';

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

async function mailTo(email: string) {
  const sent = (await twin.current.outbox.listMessages()).filter((message) => message.to.includes(email));
  return Promise.all(
    sent.map(async (message) => ({ ...message, ...decodeMessage(await twin.current.outbox.readMessage(message.id)) })),
  );
}

/** The confirm and unsubscribe links of the newest newsletter email to `email`. */
async function linksMailedTo(email: string) {
  const mail = (await mailTo(email)).at(-1);
  const text = mail?.text ?? '';
  const link = (path: string) => text.match(new RegExp(`https?://\\S+${path}\\?token=[\\w-]+`))?.[0] ?? '';
  return { confirm: link('/api/newsletter/confirm'), unsubscribe: link('/api/newsletter/unsubscribe') };
}

const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

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
    }
  });
});

describe('signing up', () => {
  it('answers 200 {message} and mails a confirmation carrying confirm and unsubscribe links', async () => {
    // Prepare
    const email = uniqueEmail('news');

    // Act
    const answer = await subscribe(email);

    // Assess
    expect(answer).toEqual({ status: 200, body: { message: apiMessages.newsletterCheckInbox } });
    const [mail, ...more] = await mailTo(email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(`Confirm your ${config.brand.name} newsletter subscription`);
    expect(mail?.headers.from).toBe(`${config.mail.fromName} <${twin.current.env[envNames.mailFrom]}>`);
    expect(mail?.headers['reply-to']).toContain(config.mail.replyTo);
    const links = await linksMailedTo(email);
    expect(links.confirm.startsWith(`${twin.current.url}/api/newsletter/confirm?token=`)).toBe(true);
    expect(links.unsubscribe.startsWith(`${twin.current.url}/api/newsletter/unsubscribe?token=`)).toBe(true);
    expect(mail?.html).toContain(`href="${links.confirm}"`);
    expect(mail?.html).toContain(`href="${links.unsubscribe}"`);
    expect(mail?.headers['list-unsubscribe']?.replace(/\s+/g, '')).toBe(`<${links.unsubscribe}>`);
  });

  it('keeps the sign-up pending until confirmed, lapsing after the confirm period', async () => {
    const email = uniqueEmail('pending');
    const before = Math.floor(Date.now() / 1000);

    await subscribe(email);

    const subscriber = await subscriberOf(email);
    const week = config.limits.newsletterConfirmDays * 86_400;
    expect(subscriber).toMatchObject({ email, email_hash: emailHash(email), status: 'pending' });
    expect(subscriber?.expires_at).toBeGreaterThanOrEqual(before + week);
    expect(subscriber?.expires_at).toBeLessThanOrEqual(before + week + 60);
  });

  it('stores the link tokens only as sha256 hashes', async () => {
    const email = uniqueEmail('hashed');
    await subscribe(email);
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

    const first = await subscribe(email);
    const second = await subscribe(email.toUpperCase());

    expect(second).toEqual(first);
    expect(await mailTo(email)).toHaveLength(1);
  });

  it('mails a pending address again once the resend pause has passed, and both confirm links work', async () => {
    const email = uniqueEmail('again');
    await subscribe(email);
    const firstLinks = await linksMailedTo(email);
    const longAgo = new Date(Date.now() - (config.limits.newsletterResendMinutes + 1) * 60_000).toISOString();
    await table.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: `subscriber#${emailHash(email)}` },
        UpdateExpression: 'SET confirmation_sent_at = :then',
        ExpressionAttributeValues: { ':then': longAgo },
      }),
    );

    const answer = await subscribe(email);

    expect(answer.body).toEqual({ message: apiMessages.newsletterCheckInbox });
    expect(await mailTo(email)).toHaveLength(2);
    const secondLinks = await linksMailedTo(email);
    expect(secondLinks.confirm).not.toBe(firstLinks.confirm);
    expect(await follow(firstLinks.confirm)).toEqual({ status: 302, location: paths.newsletterConfirmed });
    expect(await follow(secondLinks.confirm)).toEqual({ status: 302, location: paths.newsletterConfirmed });
  });
});

describe('when the confirmation cannot be sent', () => {
  it('answers 500 INTERNAL with a retry hint, and the retry mails at once despite the resend pause', async () => {
    const email = uniqueEmail('ses-down');
    flakySes.failures = 1;

    const failed = await subscribe(email);
    const retried = await subscribe(email);

    expect(failed).toEqual({ status: 500, body: { error: apiMessages.newsletterFailed, errorCode: 'INTERNAL' } });
    expect(retried).toEqual({ status: 200, body: { message: apiMessages.newsletterCheckInbox } });
    expect(await mailTo(email)).toHaveLength(1);
    expect(await follow((await linksMailedTo(email)).confirm)).toEqual({
      status: 302,
      location: paths.newsletterConfirmed,
    });
  });
});

describe('the confirm link', () => {
  it('subscribes the address and sends the browser to /newsletter/confirmed', async () => {
    const email = uniqueEmail('confirm');
    await subscribe(email);
    const { confirm } = await linksMailedTo(email);

    const landed = await follow(confirm);

    expect(landed).toEqual({ status: 302, location: paths.newsletterConfirmed });
    const subscriber = await subscriberOf(email);
    expect(subscriber).toMatchObject({ status: 'confirmed' });
    expect(subscriber?.confirmed_at).toEqual(expect.any(String));
    expect(subscriber?.expires_at).toBeUndefined();
  });

  it('says confirmed again when followed twice, and a confirmed address gets no more sign-up mail', async () => {
    const email = uniqueEmail('confirmed-twice');
    const first = await subscribe(email);
    const { confirm } = await linksMailedTo(email);
    await follow(confirm);

    const again = await follow(confirm);
    const repeated = await subscribe(email);

    expect(again).toEqual({ status: 302, location: paths.newsletterConfirmed });
    expect(repeated).toEqual(first);
    expect(await mailTo(email)).toHaveLength(1);
    expect(await subscriberOf(email)).toMatchObject({ status: 'confirmed' });
  });
});

describe('the unsubscribe link', () => {
  it('deletes the address and sends the browser to /newsletter/unsubscribed, also when followed twice', async () => {
    const email = uniqueEmail('leave');
    await subscribe(email);
    const { confirm, unsubscribe } = await linksMailedTo(email);
    await follow(confirm);

    const landed = await follow(unsubscribe);
    const again = await follow(unsubscribe);

    expect(landed).toEqual({ status: 302, location: paths.newsletterUnsubscribed });
    expect(again).toEqual({ status: 302, location: paths.newsletterUnsubscribed });
    expect(await subscriberOf(email)).toBeUndefined();
  });

  it('works before confirming, and the old confirm link then no longer subscribes anyone', async () => {
    const email = uniqueEmail('leave-early');
    await subscribe(email);
    const { confirm, unsubscribe } = await linksMailedTo(email);

    expect(await follow(unsubscribe)).toEqual({ status: 302, location: paths.newsletterUnsubscribed });
    expect(await follow(confirm)).toEqual({
      status: 302,
      location: paths.newsletterLinkProblem(paths.newsletterConfirmed, 'invalid'),
    });
    expect(await subscriberOf(email)).toBeUndefined();
  });

  it('from an earlier sign-up cannot remove a newer one of the same address', async () => {
    const email = uniqueEmail('rejoin');
    await subscribe(email);
    const old = await linksMailedTo(email);
    await follow(old.unsubscribe);
    await subscribe(email);
    const fresh = await linksMailedTo(email);
    await follow(fresh.confirm);

    await follow(old.unsubscribe);

    expect(fresh.unsubscribe).not.toBe(old.unsubscribe);
    expect(await subscriberOf(email)).toMatchObject({ status: 'confirmed' });
  });
});

describe('the pages the links land on', () => {
  it.each([
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
    ['no token', ''],
    ['an empty token', '?token='],
    ['a malformed token', '?token=not-a-token'],
    ['an unknown token', `?token=${unknownToken}`],
    ['a token with an injected path', `?token=${encodeURIComponent('../../etc/passwd')}`],
  ])('%s lands on the page with status=invalid, for both links', async (_case, query) => {
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
    await subscribe(email);
    const { confirm, unsubscribe } = await linksMailedTo(email);

    const confirmWithUnsubscribeToken = await follow(
      `${twin.current.url}/api/newsletter/confirm?token=${tokenOf(unsubscribe)}`,
    );
    const unsubscribeWithConfirmToken = await follow(
      `${twin.current.url}/api/newsletter/unsubscribe?token=${tokenOf(confirm)}`,
    );

    expect(confirmWithUnsubscribeToken.location).toBe(invalidConfirm);
    expect(unsubscribeWithConfirmToken.location).toBe(invalidUnsubscribe);
    expect(await subscriberOf(email)).toMatchObject({ status: 'pending' });
  });

  it('a lapsed sign-up cannot be confirmed, even before TTL has removed it', async () => {
    const email = uniqueEmail('lapsed');
    await subscribe(email);
    const { confirm } = await linksMailedTo(email);
    const past = Math.floor(Date.now() / 1000) - 60;
    for (const pk of [`subscriber#${emailHash(email)}`, `token#${sha256Hex(tokenOf(confirm))}`]) {
      await table.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: { pk },
          UpdateExpression: 'SET expires_at = :past',
          ExpressionAttributeValues: { ':past': past },
        }),
      );
    }

    const landed = await follow(confirm);
    const signUpAgain = await subscribe(email);

    expect(landed).toEqual({ status: 302, location: invalidConfirm });
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
