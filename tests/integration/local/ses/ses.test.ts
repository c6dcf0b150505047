import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SESv2Client, SESv2ServiceException, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeMessage, type SesOutbox, startSesOutbox } from '#local/ses/outbox.ts';

describe('the SES outbox', () => {
  let directory = '';
  let outbox: SesOutbox;
  let ses: SESv2Client;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'reelfive-mail-'));
    outbox = await startSesOutbox({ directory });
    ses = new SESv2Client({
      endpoint: outbox.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'twin', secretAccessKey: 'twin' },
    });
  });

  afterAll(async () => {
    ses?.destroy();
    await outbox?.stop();
    await rm(directory, { recursive: true, force: true });
  });

  it('lists a message by its decoded sender, subject and To and Cc addresses, and answers its MessageId', async () => {
    // Prepare
    const mime = [
      'From: "ReelFive" <hello@reelfive.example>',
      'To: buyer@example.com',
      'Cc: "Ops" <ops@reelfive.example>',
      `Subject: =?UTF-8?B?${Buffer.from('Your ad is ready 🎬').toString('base64')}?=`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=UTF-8',
      '',
      'Watch it: https://reelfive.example/success?order_id=1',
      '',
    ].join('\r\n');

    // Act
    const { MessageId } = await ses.send(
      new SendEmailCommand({
        Destination: { ToAddresses: ['buyer@example.com'], BccAddresses: ['audit@reelfive.example'] },
        Content: { Raw: { Data: Buffer.from(mime) } },
      }),
    );

    // Assess
    const messages = await outbox.listMessages();
    const message = messages.find((candidate) => candidate.id === MessageId);
    expect(message).toMatchObject({
      to: ['buyer@example.com', 'ops@reelfive.example'],
      from: '"ReelFive" <hello@reelfive.example>',
      subject: 'Your ad is ready 🎬',
    });
    expect(Date.now() - Date.parse(message?.date ?? '')).toBeLessThan(60_000);
    const raw = await outbox.readMessage(MessageId ?? '');
    expect(await readFile(message?.file ?? '', 'utf8')).toBe(raw);
    expect(raw).not.toContain('audit@reelfive.example');
  });

  it('stores a raw MIME message as sent', async () => {
    // Prepare
    const mime = [
      'From: alerts@reelfive.example',
      'To: oncall@reelfive.example',
      'Subject: Execution failed',
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=UTF-8',
      '',
      'Order 1234 failed and was refunded.',
      '',
    ].join('\r\n');

    // Act
    const { MessageId } = await ses.send(new SendEmailCommand({ Content: { Raw: { Data: Buffer.from(mime) } } }));

    // Assess
    const raw = await outbox.readMessage(MessageId ?? '');
    expect(raw.endsWith(mime)).toBe(true);
    expect(raw).toMatch(/^Date: /m);
    expect(decodeMessage(raw).text).toBe('Order 1234 failed and was refunded.');
    const listed = (await outbox.listMessages()).find((message) => message.id === MessageId);
    expect(listed).toMatchObject({ to: ['oncall@reelfive.example'], subject: 'Execution failed' });
  });

  it('lists messages oldest first', async () => {
    // Prepare
    const send = (subject: string) =>
      ses.send(
        new SendEmailCommand({
          Content: { Raw: { Data: Buffer.from(`To: order@example.com\r\nSubject: ${subject}\r\n\r\n${subject}\r\n`) } },
        }),
      );
    await send('first of two');
    await send('second of two');

    // Act
    const subjects = (await outbox.listMessages()).map((message) => message.subject);

    // Assess
    expect(subjects.indexOf('first of two')).toBeLessThan(subjects.indexOf('second of two'));
  });

  it('refuses Simple content, which the product never sends, with an SES-shaped BadRequestException', async () => {
    // Act
    const error = await ses
      .send(
        new SendEmailCommand({
          FromEmailAddress: 'hello@reelfive.example',
          Destination: { ToAddresses: ['buyer@example.com'] },
          Content: { Simple: { Subject: { Data: 'x' }, Body: { Text: { Data: 'x' } } } },
        }),
      )
      .catch((caught: unknown) => caught);

    // Assess
    expect(error).toBeInstanceOf(SESv2ServiceException);
    expect((error as SESv2ServiceException).name).toBe('BadRequestException');
    expect((error as SESv2ServiceException).$metadata.httpStatusCode).toBe(400);
  });
});
