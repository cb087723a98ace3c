import { firstNameOf } from './first-name';

describe('the name the landing greets', () => {
  it('is the first word of the name, whatever the spaces around it', () => {
    expect(firstNameOf('Ann Lee')).toBe('Ann');
    expect(firstNameOf('  Grace   Park Jones ')).toBe('Grace');
    expect(firstNameOf('Administrator')).toBe('Administrator');
  });
});
