/** antd's design tokens for the app's theme, baked at build time (client/antdStaticStyles.ts); none in the dev server. */
declare module 'virtual:antd-token' {
  const tokens: import('./bakedToken').BakedToken[];
  export default tokens;
}
