// RFC 8058 one-click unsubscribe: the mail client POSTs the List-Unsubscribe URL (the token in its
// query) with the body `List-Unsubscribe=One-Click`, as application/x-www-form-urlencoded or
// multipart/form-data. The unsubscribe page's button sends the same request.
import type { ApiEvent } from '#common/http.ts';

const field = 'List-Unsubscribe';
const value = 'One-Click';

/** True when the request's body is the one-click form field, in either encoding RFC 8058 allows. */
export function isOneClickRequest(event: ApiEvent): boolean {
  if (!event.body) return false;
  const body = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  const contentType = (event.headers?.['content-type'] ?? '').toLowerCase();
  if (contentType.startsWith('application/x-www-form-urlencoded')) {
    return new URLSearchParams(body).get(field) === value;
  }
  const boundary = contentType.startsWith('multipart/form-data') ? /boundary="?([^";]+)"?/.exec(contentType) : null;
  if (!boundary?.[1]) return false;
  return body.split(`--${boundary[1]}`).some((part) => {
    const [head = '', content = ''] = part.split(/\r?\n\r?\n/, 2);
    return new RegExp(`name="${field}"`, 'i').test(head) && content.replace(/\r?\n$/, '') === value;
  });
}
