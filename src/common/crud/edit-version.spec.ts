import { assertVersion, changedSinceMessage, EditConflict, EMPTY_GRID_VERSION, nextStamp, parseEditVersion } from './edit-version';

describe('edit versions', () => {
  const at = new Date('2026-11-28T10:42:07.123Z');

  it('stamps move forward even within one millisecond or behind the stored stamp', () => {
    expect(nextStamp(null, at)).toBe(at);
    expect(nextStamp(at, new Date(at.getTime() + 5)).getTime()).toBe(at.getTime() + 5);
    expect(nextStamp(at, at).getTime()).toBe(at.getTime() + 1);
    expect(nextStamp(at, new Date(at.getTime() - 60_000)).getTime()).toBe(at.getTime() + 1);
  });

  it('names who changed the record and when, in the configured time zone', () => {
    expect(changedSinceMessage('Jane Smith', at, 'Europe/London')).toBe(
      'Changed by Jane Smith at 28/11/2026 10:42 since you opened it. Reload it to see their change.',
    );
    expect(changedSinceMessage('Jane Smith', new Date('2026-07-01T09:05:00Z'), 'Europe/London')).toContain('at 01/07/2026 10:05');
  });

  it('accepts the stored version or none; anything else is a conflict', () => {
    const stored = { updatedDate: at, updatedByUserName: 'Jane Smith' };
    expect(() => assertVersion(stored, null, 'UTC')).not.toThrow();
    expect(() => assertVersion(stored, new Date(at), 'UTC')).not.toThrow();
    expect(() => assertVersion(stored, new Date(at.getTime() - 1), 'UTC')).toThrow(EditConflict);
    expect(() => assertVersion(null, EMPTY_GRID_VERSION, 'UTC')).not.toThrow();
    expect(() => assertVersion(stored, EMPTY_GRID_VERSION, 'UTC')).toThrow(EditConflict);
  });

  it('reads a version as answered; other text is a 400 on updatedDate', () => {
    expect(parseEditVersion(undefined)).toBeNull();
    expect(parseEditVersion(null)).toBeNull();
    expect(parseEditVersion('2026-11-28T10:42:07.123Z')).toEqual(at);
    for (const bad of ['yesterday', 42, '2026-11-28', '2026-13-45T10:42:07.123Z']) expect(() => parseEditVersion(bad)).toThrow();
  });
});
