import type { ApiRoute } from './routes';

/**
 * Each operation's one-line summary in the API document (what a generated client and the docs
 * page list it by). The generic routes of a list (CrudController, ListController) are worded from
 * their list's label; every other route is named here by method and path. The OpenAPI test
 * fails when a route has no summary or an entry here names no route, so this list follows the
 * routes.
 */
export const SUMMARIES: Record<string, string> = {
  'GET /api/longRunningOperation': "Read a job's progress (or the latest job of yours)",
  'GET /api/jobQueue': 'Read how jobs run (in process or on Redis)',
  'POST /api/jobQueue/boardTicket': 'Get a one-time ticket for the queue board',
  'GET /api/metricParts/fields': 'List the fields a metric part can count',
  'GET /api/user/me': 'Read the signed-in user, their access profile and stores',
  'GET /api/accessProfiles/systemAreas': 'List the system areas an access profile can grant',
  'GET /api/user/userPreference/{group}/{name}': 'Read one of your preferences',
  'PUT /api/user/userPreference/{group}/{name}': 'Save one of your preferences',
  'POST /api/user/login': 'Sign in with e-mail and password',
  'GET /api/appName': "Read the application's name and branding",
  'GET /api/file/branding': 'Read the versions of the branding images',
  'GET /api/file/logo': 'Download the logo',
  'DELETE /api/file/logo': 'Reset the logo to the default',
  'GET /api/file/loginLogo': 'Download the login logo',
  'DELETE /api/file/loginLogo': 'Reset the login logo to the default',
  'GET /api/file/loginBackground': 'Download the login background',
  'DELETE /api/file/loginBackground': 'Reset the login background to the default',
  'GET /api/file/favicon.ico': 'Download the favicon (ICO)',
  'DELETE /api/file/favicon.ico': 'Reset the favicon (ICO) to the default',
  'GET /api/file/favicon': 'Download the favicon',
  'DELETE /api/file/favicon': 'Reset the favicon to the default',
  'GET /api/file/noCache/{name}': 'Preview a branding image, never cached',
  'POST /api/file/{library}/{type}': 'Upload a file to a library',
  'GET /api/file/{fileID}': "Read a file's details",
  'GET /api/file/{fileID}/download': 'Download a file',
  'GET /api/file/{fileID}/excelHeaders/allSheets': "Read an uploaded workbook's worksheets and header rows",
  'GET /api/rateCard/current': 'Read the rate card in force today',
  'GET /api/rateCardCompare': 'Compare two rate cards line by line',
  'GET /api/rateCardLine/uploadFields': 'List the fields a rate card upload maps',
  'POST /api/rateCardLines/excel': 'Upload rate card lines from Excel (a job)',
  'GET /api/sale/revenueCommission': 'Price a sale: revenue and commission for a SKU, store and sale type',
  'GET /api/sale/steps': 'List the steps of a sale',
  'GET /api/sale/steps/{id}': "Read a sale's history of steps",
  'PUT /api/sales/changeRateCardValidate': "Check a change of the chosen sales' rate card",
  'PUT /api/sales/changeRateCard': "Change the chosen sales' rate card",
  'GET /api/recSheetLine/uploadFields': 'List the fields a rec sheet upload maps',
  'POST /api/recSheetLines/excel': "Import a supplier's statement into a rec sheet (a job)",
  'GET /api/recSheet/{id}/unreconciledSales': "List the sales (or refunds) of a rec sheet's stores and period not yet reconciled",
  'GET /api/recSheet/{id}/unreconciledSales/excel': 'Download the unreconciled sales as Excel',
  'PUT /api/recSheet/{id}/autoRec': 'Auto reconcile a rec sheet (a job)',
  'PUT /api/autoRecRun/{id}/undo': 'Undo an auto reconcile run (a job)',
  'GET /api/autoRecRuns': "List a rec sheet's auto reconcile runs",
  'GET /api/recSheetLine/{id}/recSuggest': 'Suggest sales for a rec sheet line',
  'PUT /api/recSheetLine/{lineId}/recSale/{saleId}/validate': 'Check reconciling a line to a sale',
  'PUT /api/recSheetLine/{lineId}/recSale/{saleId}': 'Reconcile a line to a sale',
  'PUT /api/sale/{id}/unreconcile': 'Unreconcile a sale',
  'POST /api/recImportTemplates/match': "Find the supplier template for a file's headers",
  'PUT /api/dailyStats/{storeID}': "Save a store's daily stats",
  'GET /api/targets/actuals': 'Read the actuals beside the targets',
  'PUT /api/targets/{storeID}/{date}': "Save a store's targets for a month",
  'GET /api/rotaLineTypes': 'List the kinds of rota line',
  'PUT /api/rotaLines/approve': 'Approve rota lines',
  'GET /api/announcements/myAnnouncements': 'List your announcements to read',
  'GET /api/announcement/{id}/acknowledge': 'Acknowledge an announcement',
  'GET /api/announcement/{id}/url': "Open an announcement's link",
  'GET /api/announcement/{id}/download': "Download an announcement's file",
  'POST /api/announcement/{id}/announcementUsers': 'Add recipients to an announcement',
  'GET /api/metricToday': "Read today's value of a metric",
  'POST /api/metricPart/test': 'Test a metric part against real sales',
  'GET /api/kpi/cards': 'Read the KPI cards of the dashboard',
  'GET /api/kpi/tables': 'Read the KPI tables',
  'GET /api/kpi/tables/excel': 'Download the KPI tables as Excel',
  'GET /api/kpi/leagueTables': 'Read the league tables',
  'GET /api/kpi/drhTable': 'Read the daily table',
  'GET /api/kpi/drhTable/excel': 'Download the daily table as Excel',
  'GET /api/kpi/stores': 'Read the top stores',
  'GET /api/kpi/skus': 'Read the top SKUs',
  'GET /api/kpi/users': 'Read the top users',
  'GET /api/kpi/dailyReport': 'Read the daily report',
  'GET /api/about': 'Read the licence, support and version',
  'POST /api/file/saleOcr': 'Scan a receipt for order references, dates and SKUs',
  'GET /api/health': 'Liveness: the process answers',
  'GET /api/health/ready': 'Readiness: the database, Redis and the workers',
  'DELETE /api/rateCardLines': 'Delete several rate card lines',
  'DELETE /api/recSheetLines': 'Delete several rec sheet lines',
  'GET /api/histories': "List a record's history of changes",
};

const article = (noun: string) => (/^[aeiou]/i.test(noun) ? `an ${noun}` : `a ${noun}`);
const plural = (noun: string) => (noun.endsWith('s') ? noun : `${noun}s`);

/** The summary of a route: named above, else worded from its list's label (the generic routes). */
export function summaryOf(route: ApiRoute): string | undefined {
  const named = SUMMARIES[`${route.method.toUpperCase()} ${route.path}`];
  if (named) return named;
  const label = (route.definition ?? route.recordDefinition)?.label;
  if (!label) return undefined;
  if (route.access.download && route.path.endsWith('/excel')) return `Download ${plural(label)} as Excel`;
  switch (route.handlerName) {
    case 'list':
      return `List ${plural(label)}`;
    case 'create':
      return `Create ${article(label)}`;
    case 'update':
      return `Update ${article(label)}`;
    case 'remove':
      return `Delete ${article(label)}`;
    case 'removeMany':
      return `Delete several ${plural(label)}`;
    default:
      return undefined;
  }
}
