// Personal data is stored under hashes where only equality matters (rate limits, ops lookup).
import { createHash } from 'node:crypto';

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** The address as typed, case and spaces aside: keys newsletter sign-ups and the ops look-up index. */
export function emailHash(email: string): string {
  return sha256Hex(email.trim().toLowerCase());
}

/** Domains whose mailboxes ignore dots in the local part, and the one name they share. */
const dotlessDomains: Record<string, string> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/**
 * The inbox an address delivers to: `+tag` dropped, and for Gmail the dots too, so
 * `J.Doe+ads@GoogleMail.com` and `jdoe@gmail.com` are one mailbox. Used for limits only; mail goes
 * to the address as typed.
 */
export function canonicalMailbox(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  local = local.split('+')[0] ?? '';
  const dotless = dotlessDomains[domain];
  if (dotless) {
    local = local.replaceAll('.', '');
    domain = dotless;
  }
  return `${local}@${domain}`;
}

/** Keys the per-mailbox limits: the active-order slots and the free-code ledger. */
export function mailboxHash(email: string): string {
  return sha256Hex(`mailbox:${canonicalMailbox(email)}`);
}
