// The module's public face (issue 27): other modules import only from here (eslint.config.mjs,
// import-x/no-restricted-paths). Entities are exported as types only, so no other module can open
// their repositories or query builders; their data is read through the services below.
// Only the pieces users shares (login limits, session tokens): auth's own service and strategy
// import the users module, which imports these, so exporting them here would make a cycle.
export { LoginAttempts, LoginLimitsModule, RequestIpMiddleware } from './login-attempts';
export { SessionTokens, SessionTokensModule, type TokenSubject } from './session-tokens';
