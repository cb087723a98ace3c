import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from './app-config';

/** A bad setting stops the app at start with a message naming it, instead of a 500 later. */
describe('loadConfig', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'app-config-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  const load = (env: Record<string, string> = {}) => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'secret', ...env });

  it('defaults to Europe/London and 12h tokens', () => {
    expect(load()).toEqual(expect.objectContaining({ timeZone: 'Europe/London', jwtExpiresIn: '12h' }));
  });

  it('accepts IANA time zones', () => {
    expect(load({ TIME_ZONE: 'America/New_York' }).timeZone).toBe('America/New_York');
    expect(load({ TIME_ZONE: 'UTC' }).timeZone).toBe('UTC');
  });

  it.each(['Mars/Olympus', 'London', 'GMT+25', 'Europe/London; DROP'])('refuses TIME_ZONE=%s', (zone) => {
    expect(() => load({ TIME_ZONE: zone })).toThrow(`TIME_ZONE must be an IANA time zone such as Europe/London, got "${zone}"`);
  });

  it('accepts timespans, and digits as seconds (not milliseconds, as the signer would read text)', () => {
    expect(load({ JWT_EXPIRES_IN: '7d' }).jwtExpiresIn).toBe('7d');
    expect(load({ JWT_EXPIRES_IN: '90 minutes' }).jwtExpiresIn).toBe('90 minutes');
    expect(load({ JWT_EXPIRES_IN: '3600' }).jwtExpiresIn).toBe(3600);
  });

  it.each(['forever', '12x', '-1h', '0', '30s', '59'])('refuses JWT_EXPIRES_IN=%s', (lifetime) => {
    expect(() => load({ JWT_EXPIRES_IN: lifetime })).toThrow(/^JWT_EXPIRES_IN must be a token lifetime of at least a minute/);
  });

  it('refuses a PORT that is not a positive integer', () => {
    expect(() => load({ PORT: 'eighty' })).toThrow('PORT must be a positive integer, got "eighty"');
  });
});
