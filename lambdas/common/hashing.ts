// Personal data is stored under hashes where only equality matters (rate limits, ops lookup).
import { createHash } from 'node:crypto';

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function emailHash(email: string): string {
  return sha256Hex(email.trim().toLowerCase());
}
