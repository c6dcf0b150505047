import { describe, expect, it } from 'vitest';
import { isPublicIp, parsePublicWebsite } from '#shared/public-url.ts';

describe('which websites may be stored and fetched', () => {
  it.each([
    'https://example.com',
    'http://shop.example.co.uk/path?x=1',
    'example.com',
    'https://93.184.216.34/',
    'https://[2606:2800:220:1::1]/',
  ])('accepts %s', (website) => {
    expect(parsePublicWebsite(website)).not.toBeNull();
  });

  it.each([
    'javascript:alert(1)',
    'ftp://example.com',
    'file:///etc/passwd',
    'data:text/html,hi',
    'http://localhost',
    'http://127.0.0.1:3000',
    'http://10.1.2.3',
    'http://172.16.0.1',
    'http://192.168.1.1',
    'http://169.254.169.254/latest/meta-data',
    'http://100.64.0.1',
    'http://0.0.0.0',
    'http://[::1]/',
    'http://[fd00::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://printer.local',
    'http://intranet',
    'https://user:pass@example.com',
  ])('refuses %s', (website) => {
    expect(parsePublicWebsite(website)).toBeNull();
  });

  it('tells public from internal addresses', () => {
    expect(isPublicIp('8.8.8.8')).toBe(true);
    expect(isPublicIp('172.32.0.1')).toBe(true);
    expect(isPublicIp('172.31.255.255')).toBe(false);
    expect(isPublicIp('not-an-ip')).toBe(false);
  });
});
