/**
 * 'a store', 'an access profile': the indefinite article for a record label in messages
 * ('Choose an access profile'). Goes by the first letter, which is right for the labels used
 * here; 'u' words said with a "you" sound (user, unit, usage) take 'a'.
 */
export function withArticle(noun: string): string {
  const an = /^[aeio]/i.test(noun) || (/^u/i.test(noun) && !/^u(s|ni|ti|ra|ro)/i.test(noun));
  return `${an ? 'an' : 'a'} ${noun}`;
}
