import { withArticle } from './wording';

describe('withArticle', () => {
  it.each([
    ['access profile', 'an access profile'],
    ['analysis field', 'an analysis field'],
    ['store', 'a store'],
    ['default store', 'a default store'],
    ['sale type', 'a sale type'],
    ['SKU type', 'a SKU type'],
    ['upload', 'an upload'],
    ['user', 'a user'],
    ['unit', 'a unit'],
  ])('%s -> %s', (noun, expected) => {
    expect(withArticle(noun)).toBe(expected);
  });
});
