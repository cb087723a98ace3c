/**
 * The login page's note under its form. The server's first paint for a visitor with no session
 * and the login page draw the same text (src/common/static/client-files.ts,
 * client/src/auth/LoginPage.tsx), so the one stands in for the other to the pixel: it is the page's
 * largest text, and its largest contentful paint stays the first paint.
 */
export const LOGIN_NOTE = 'Authorised access only. For help logging in contact your line manager.';
