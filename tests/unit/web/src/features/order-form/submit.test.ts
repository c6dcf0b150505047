import { afterEach, describe, expect, it, vi } from 'vitest';
import { openPaymentTab } from '#web/features/order-form/payment-tab.ts';
import { createSubmitGuard } from '#web/features/order-form/submit-guard.ts';
import { putImage, uploadPercent } from '#web/lib/image-upload/put-image.ts';

describe('one submit at a time', () => {
  it('ignores a second submit while the first is processing', () => {
    const guard = createSubmitGuard();

    expect(guard.tryStart()).toBe(true);
    expect(guard.tryStart()).toBe(false);
    expect(guard.tryStart()).toBe(false);
  });

  it('takes a new submit once the first has finished, whatever its outcome', () => {
    const guard = createSubmitGuard();
    guard.tryStart();

    guard.finish();

    expect(guard.tryStart()).toBe(true);
  });

  it('keeps each form its own guard', () => {
    const first = createSubmitGuard();
    first.tryStart();

    expect(createSubmitGuard().tryStart()).toBe(true);
  });
});

describe('opening the payment page', () => {
  it('opens it in a new tab and cuts the tab off from this page', () => {
    const tab = { opener: {} as unknown };
    const openWindow = vi.fn(() => tab);

    const outcome = openPaymentTab('https://checkout.stripe.com/c/pay/cs_1', openWindow);

    expect(outcome).toBe('opened');
    expect(openWindow).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_1', '_blank');
    expect(tab.opener).toBeNull();
  });

  it('reports a blocked tab when window.open returns null, so the form shows a link instead', () => {
    expect(openPaymentTab('https://checkout.stripe.com/c/pay/cs_1', () => null)).toBe('blocked');
  });
});

describe('upload progress', () => {
  it('is the whole percent sent', () => {
    expect(uploadPercent(0, 200)).toBe(0);
    expect(uploadPercent(1, 3)).toBe(33);
    expect(uploadPercent(199, 200)).toBe(99);
    expect(uploadPercent(200, 200)).toBe(100);
  });

  it('stays within 0–100 and is 0 while the total is unknown', () => {
    expect(uploadPercent(10, 0)).toBe(0);
    expect(uploadPercent(10, Number.NaN)).toBe(0);
    expect(uploadPercent(300, 200)).toBe(100);
    expect(uploadPercent(-1, 200)).toBe(0);
  });
});

/** Just enough of XMLHttpRequest to drive putImage from a test. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  aborted = false;
  private listeners = new Map<string, (event?: unknown) => void>();
  private uploadListeners = new Map<string, (event: unknown) => void>();
  upload = {
    addEventListener: (type: string, listener: (event: unknown) => void) => this.uploadListeners.set(type, listener),
  };

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(type: string, listener: (event?: unknown) => void) {
    this.listeners.set(type, listener);
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.listeners.get('abort')?.();
  }
  progress(loaded: number, total: number) {
    this.uploadListeners.get('progress')?.({ lengthComputable: true, loaded, total });
  }
  finish(status: number) {
    this.status = status;
    this.listeners.get('load')?.();
  }
  fail() {
    this.listeners.get('error')?.();
  }
}

describe('putting the image to storage', () => {
  const upload = {
    uploadUrl: 'https://images.example/abc.png?X-Amz-Signature=1',
    headers: { 'Content-Type': 'image/png', 'Cache-Control': 'max-age=3600', 'If-None-Match': '*' },
  };
  const file = new Blob(['png'], { type: 'image/png' });

  afterEach(() => {
    vi.unstubAllGlobals();
    FakeXhr.last = null;
  });

  it('PUTs the file with exactly the signed headers and reports progress', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const seen: number[] = [];

    const done = putImage(upload, file, { onProgress: (percent) => seen.push(percent) });
    const request = FakeXhr.last as FakeXhr;
    request.progress(50, 200);
    request.progress(150, 200);
    request.finish(200);
    await done;

    expect(request.method).toBe('PUT');
    expect(request.url).toBe(upload.uploadUrl);
    expect(request.headers).toEqual(upload.headers);
    expect(request.body).toBe(file);
    expect(seen).toEqual([25, 75, 100]);
  });

  it('fails when storage refuses the image', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);

    const done = putImage(upload, file);
    (FakeXhr.last as FakeXhr).finish(412);

    await expect(done).rejects.toThrow('HTTP 412');
  });

  it('fails when storage cannot be reached', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);

    const done = putImage(upload, file);
    (FakeXhr.last as FakeXhr).fail();

    await expect(done).rejects.toThrow();
  });

  it('stops the upload when its signal aborts', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const abort = new AbortController();

    const done = putImage(upload, file, { signal: abort.signal });
    abort.abort();

    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeXhr.last?.aborted).toBe(true);
  });
});
