import { failureFromResult, withoutCorrected } from './failurePairs';

const titles: Record<string, string> = { userName: 'Name', emailAddress: 'Email' };
const titleOf = (bodyName: string) => titles[bodyName];

describe('failureFromResult', () => {
  it('lists each failing field as a "Label - message" pair when more than one fails', () => {
    const failure = failureFromResult(
      {
        fail: true,
        failSummary: 'Please correct 2 fields: Name is required; Enter a valid email address',
        failMessages: { userName: 'Name is required', emailAddress: 'Enter a valid email address' },
      },
      'Bad request',
      titleOf,
      [],
    );
    expect(failure).toEqual({
      summary: 'Please correct 2 fields',
      details: ['Name - Name is required', 'Email - Enter a valid email address'],
    });
  });

  it('names a field the form does not have by its body name', () => {
    const failure = failureFromResult(
      { fail: true, failSummary: 'x', failMessages: { userName: 'Name is required', storeIDs: 'Choose a store' } },
      'Bad request',
      titleOf,
      ['storeIDs: Choose a store'],
    );
    expect(failure.details).toEqual(['Name - Name is required', 'storeIDs - Choose a store']);
  });

  it("lists the pairs in the form's order when given, names it does not know last", () => {
    const order = ['userName', 'emailAddress'];
    const failure = failureFromResult(
      { fail: true, failMessages: { storeIDs: 'Choose a store', emailAddress: 'Enter a valid email address', userName: 'Name is required' } },
      'Bad request',
      titleOf,
      [],
      (bodyName) => order.indexOf(bodyName),
    );
    expect(failure.details).toEqual(['Name - Name is required', 'Email - Enter a valid email address', 'storeIDs - Choose a store']);
  });

  it('shows one failing field by its message alone, with what no field shows under it', () => {
    const result = { fail: true, failSummary: 'Name is required', failMessages: { userName: 'Name is required' } };
    expect(failureFromResult(result, 'Bad request', titleOf, [])).toEqual({ summary: 'Name is required', details: [] });
    expect(failureFromResult(result, 'Bad request', titleOf, ['Name: Name is required'])).toEqual({
      summary: 'Name is required',
      details: ['Name: Name is required'],
    });
  });

  it('falls back to the error text when the server gave no summary', () => {
    expect(failureFromResult(undefined, 'Forbidden', titleOf, [])).toEqual({ summary: 'Forbidden', details: [] });
  });
});

describe('withoutCorrected', () => {
  const refused = {
    fail: true,
    failSummary: 'Please correct 2 fields',
    failMessages: { userName: 'Name is required', emailAddress: 'Enter a valid email address' },
  };

  it('keeps the refusal as it was when no failing field changed', () => {
    expect(withoutCorrected(refused, (name) => name === 'notes')).toBe(refused);
  });

  it('drops the changed field and sums up with the one message left', () => {
    expect(withoutCorrected(refused, (name) => name === 'userName')).toEqual({
      fail: true,
      failSummary: 'Enter a valid email address',
      failMessages: { emailAddress: 'Enter a valid email address' },
    });
  });

  it('is null once every failing field changed, so the summary goes', () => {
    expect(withoutCorrected(refused, () => true)).toBeNull();
  });

  it('keeps a refusal without field messages (nothing to correct)', () => {
    const summaryOnly = { fail: true, failSummary: 'The sale can no longer be changed', failMessages: {} };
    expect(withoutCorrected(summaryOnly, () => true)).toBe(summaryOnly);
  });
});
