import { gridFailure } from './gridFailure';

const labels: Record<string, string> = {
  'dailyStats.2.footfall': 'Sun 03/03/2019 Footfall',
  'dailyStats.3.chatCount': 'Mon 04/03/2019 Chats',
  'targets.0.hours': 'Ann, Hours',
  'targets.1.hours': 'Ann, Hours',
};
const failLabel = (key: string) => labels[key];

describe('gridFailure', () => {
  it("several failing cells: a summary counting them over one 'Label - message' each (not the server's joined summary)", () => {
    const failure = gridFailure(
      {
        fail: true,
        failSummary: 'Please correct 2 fields: Footfall must be at most 1000000; Chats must be a whole number',
        failMessages: { 'dailyStats.2.footfall': 'Footfall must be at most 1000000', 'dailyStats.3.chatCount': 'Chats must be a whole number' },
      },
      'Bad request',
      failLabel,
    );
    expect(failure).toEqual({
      summary: 'Please correct 2 fields',
      details: ['Sun 03/03/2019 Footfall - Footfall must be at most 1000000', 'Mon 04/03/2019 Chats - Chats must be a whole number'],
    });
  });

  it('one failing cell: its labelled message alone', () => {
    const result = {
      fail: true,
      failSummary: 'Footfall must be at most 1000000',
      failMessages: { 'dailyStats.2.footfall': 'Footfall must be at most 1000000' },
    };
    expect(gridFailure(result, 'Bad request', failLabel)).toEqual({ summary: 'Sun 03/03/2019 Footfall - Footfall must be at most 1000000', details: [] });
  });

  it('a cell named by several keys counts once', () => {
    const result = { fail: true, failMessages: { 'targets.0.hours': 'Hours must be at most 744', 'targets.1.hours': 'Hours must be at most 744' } };
    expect(gridFailure(result, 'Bad request', failLabel)).toEqual({ summary: 'Ann, Hours - Hours must be at most 744', details: [] });
  });

  it('a key no cell has shows its message without the key', () => {
    const result = { fail: true, failMessages: { targets: 'At most 10000 entries', 'dailyStats.2.footfall': 'Footfall must be at most 1000000' } };
    expect(gridFailure(result, 'Bad request', failLabel).details).toEqual([
      'At most 10000 entries',
      'Sun 03/03/2019 Footfall - Footfall must be at most 1000000',
    ]);
    expect(gridFailure({ fail: true, failMessages: { targets: 'At most 10000 entries' } }, 'Bad request').summary).toBe('At most 10000 entries');
  });

  it("without field messages: the server's summary, else the fallback", () => {
    expect(gridFailure({ fail: true, failSummary: 'You cannot edit targets' }, 'Forbidden')).toEqual({ summary: 'You cannot edit targets', details: [] });
    expect(gridFailure({ fail: true }, 'The save failed')).toEqual({ summary: 'The save failed', details: [] });
  });
});
