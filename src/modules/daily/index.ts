// The module's public face (issue 27): other modules import only from here (eslint.config.mjs,
// import-x/no-restricted-paths). Entities are exported as types only, so no other module can open
// their repositories or query builders; their data is read through the services below.
export { DailyModule } from './daily.module';
export { DailyStatFigures, type DailyStatSplit, type DailyStatSums } from './daily-stat-figures';
