/**
 * The name the landing greets ('Welcome, …'): the first word of the user's name. The server's
 * first paint and the landing draw the same text (src/common/static/client-files.ts,
 * client/src/screens/LandingPage.tsx), so the one can stand in for the other to the pixel.
 */
export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] || name;
}
