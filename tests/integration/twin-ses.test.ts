import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SESv2Client, SESv2ServiceException, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeMessage, type SesOutbox, startSesOutbox } from '#local/ses-outbox.ts';

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

  it('stores a text and HTML email as multipart/alternative and answers its MessageId', async () => {
    // Prepare
    const command = new SendEmailCommand({
      FromEmailAddress: 'ReelFive <hello@reelfive.example>',
      Destination: { ToAddresses: ['buyer@example.com'], BccAddresses: ['audit@reelfive.example'] },
      ReplyToAddresses: ['support@reelfive.example'],
      Content: {
        Simple: {
          Subject: { Data: 'Your ad is ready 🎬', Charset: 'UTF-8' },
          Body: {
            Text: { Data: 'Watch it: https://reelfive.example/success?order_id=1' },
            Html: { Data: '<p>Watch it</p>' },
          },
        },
      },
    });

    // Act
    const { MessageId } = await ses.send(command);

    // Assess
    const messages = await outbox.listMessages();
    const message = messages.find((candidate) => candidate.id === MessageId);
    expect(message).toMatchObject({
      to: ['buyer@example.com'],
      from: '"ReelFive" <hello@reelfive.example>',
      subject: 'Your ad is ready 🎬',
    });
    expect(Date.now() - Date.parse(message?.date ?? '')).toBeLessThan(60_000);
    const raw = await outbox.readMessage(MessageId ?? '');
    expect(await readFile(message?.file ?? '', 'utf8')).toBe(raw);
    expect(raw).toMatch(/^Content-Type: multipart\/alternative; boundary=/m);
    expect(raw).toContain('Reply-To: support@reelfive.example');
    expect(raw).not.toContain('audit@reelfive.example');
    const decoded = decodeMessage(raw);
    expect(decoded.text).toBe('Watch it: https://reelfive.example/success?order_id=1');
    expect(decoded.html).toBe('<p>Watch it</p>');
  });

  it('wraps an inline poster in multipart/related and a file in multipart/mixed', async () => {
    // Prepare
    const poster = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);
    const receipt = Buffer.from('%PDF-1.4 receipt');

    // Act
    const { MessageId } = await ses.send(
      new SendEmailCommand({
        FromEmailAddress: 'hello@reelfive.example',
        Destination: { ToAddresses: ['buyer@example.com'], CcAddresses: ['ops@reelfive.example'] },
        Content: {
          Simple: {
            Subject: { Data: 'Delivered' },
            Body: { Text: { Data: 'Poster attached' }, Html: { Data: '<img src="cid:poster">' } },
            Attachments: [
              {
                FileName: 'poster.jpg',
                ContentType: 'image/jpeg',
                ContentDisposition: 'INLINE',
                ContentId: 'poster',
                RawContent: poster,
              },
              {
                FileName: 'receipt.pdf',
                ContentType: 'application/pdf',
                ContentDisposition: 'ATTACHMENT',
                RawContent: receipt,
              },
            ],
          },
        },
      }),
    );

    // Assess
    const raw = await outbox.readMessage(MessageId ?? '');
    expect(raw).toMatch(/^Content-Type: multipart\/mixed; boundary=/m);
    expect(raw).toMatch(/Content-Type: multipart\/related; boundary=/);
    expect(raw).toMatch(/Content-Type: multipart\/alternative; boundary=/);
    expect(raw).toContain('Content-ID: <poster>');
    const decoded = decodeMessage(raw);
    expect(decoded.html).toBe('<img src="cid:poster">');
    expect(decoded.attachments).toEqual([
      { filename: 'poster.jpg', contentType: 'image/jpeg', contentId: 'poster', inline: true, content: poster },
      { filename: 'receipt.pdf', contentType: 'application/pdf', inline: false, content: receipt },
    ]);
    const listed = (await outbox.listMessages()).find((message) => message.id === MessageId);
    expect(listed?.to).toEqual(['buyer@example.com', 'ops@reelfive.example']);
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
          FromEmailAddress: 'hello@reelfive.example',
          Destination: { ToAddresses: ['order@example.com'] },
          Content: { Simple: { Subject: { Data: subject }, Body: { Text: { Data: subject } } } },
        }),
      );
    await send('first of two');
    await send('second of two');

    // Act
    const subjects = (await outbox.listMessages()).map((message) => message.subject);

    // Assess
    expect(subjects.indexOf('first of two')).toBeLessThan(subjects.indexOf('second of two'));
  });

  it('refuses a message without a sender with an SES-shaped BadRequestException', async () => {
    // Act
    const error = await ses
      .send(
        new SendEmailCommand({
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
