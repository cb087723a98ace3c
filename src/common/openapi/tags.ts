/**
 * The description of each tag of the API document (a tag is the module that declares the route,
 * tagOf). The OpenAPI test fails on a tag without one, so a new module says what it is.
 */
export const TAG_DESCRIPTIONS: Record<string, string> = {
  About: 'The licence, support contacts and version the About screen shows.',
  Announcements: 'Announcements to users and stores, their files and links, and who acknowledged them.',
  Auth: 'Signing in: the session token every other call sends.',
  Daily: "Each store's daily footfall, chats and staff.",
  Files: 'Uploaded files, the branding images and the Excel workbooks imports read.',
  History: 'The change history of records.',
  Jobs: 'Long-running operations (imports, auto reconcile): their progress and the queue.',
  Kpi: 'The dashboard: KPI cards, tables, league tables, tops, the daily report and daily table.',
  'Master data': 'Stores, store types, sale types, SKU types, bands, discounts, analysis fields and metrics.',
  Operations: 'Health, readiness and metrics for the people who run the app.',
  'Rate cards': 'Rate cards and their lines: the revenue and commission of each SKU by store and sale type; uploads and comparison.',
  'Receipt scan': 'Reading order references, dates and SKUs from a photo of a receipt.',
  Reconciliation: "Rec sheets: the supplier's statements imported, reconciled against sales automatically or line by line.",
  Rota: "The stores' rotas: planned and worked shifts, and their approval.",
  Sales: 'Sales, refunds and cancellations, their steps and history, and changes of rate card.',
  Targets: "Each store's and person's monthly targets, and the actuals beside them.",
  Users: 'Users, access profiles (system areas, stores, figures) and preferences.',
};
