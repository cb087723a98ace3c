import type { SchemaObject } from '@nestjs/swagger';
import { withData, withListData } from './named-answers';

/**
 * The answers of the operations whose answer is not a list's page or a record of a list
 * (row-schema.ts builds those): jobs, KPI figures, login, the caller's own record, files and the
 * actions. Keyed by route as summaries.ts is, each the JSON body of the operation's success
 * status. Objects are closed (additionalProperties: false): a field the app starts to answer is
 * added here, or the API tests fail on it (test/support/answer-validation.ts). Nullable where the
 * app answers null.
 */
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** The files a route writes itself (@Res()), by content type: their bytes are not described. */
export const FILE_ANSWERS: Record<string, string[]> = {
  'GET /api/file/logo': ['image/*'],
  'GET /api/file/loginLogo': ['image/*'],
  'GET /api/file/loginBackground': ['image/*'],
  'GET /api/file/favicon.ico': ['image/*'],
  'GET /api/file/favicon': ['image/*'],
  'GET /api/file/noCache/{name}': ['image/*'],
};

// Shapes more than one answer shares (the KPI figures, an operation, a page).
const dataSchema: SchemaObject = {
  type: 'object',
  additionalProperties: false,
  properties: {
    fileID: { type: 'integer' },
    library: { type: 'string' },
    type: { type: 'string' },
    kind: { type: 'string' },
    contentType: { type: 'string' },
    size: { type: 'integer' },
    originalName: { type: 'string' },
    createdByUserName: { type: 'string' },
    createdDate: { type: 'string', format: 'date-time' },
  },
};

const fromSchema: SchemaObject = {
  type: 'object',
  nullable: true,
  additionalProperties: false,
  properties: {
    rateCardID: { type: 'integer' },
    name: { type: 'string' },
    fromDate: { type: 'string', format: 'date-time', nullable: true },
  },
};

const storeSchema: SchemaObject = {
  type: 'object',
  nullable: true,
  additionalProperties: false,
  properties: {
    storeID: { type: 'integer' },
    storeName: { type: 'string', nullable: true },
    revenue: { type: 'number', nullable: true },
    commission: { type: 'number', nullable: true },
    active: { type: 'boolean', nullable: true },
    sku: { type: 'string', nullable: true },
    description: { type: 'string', nullable: true },
    customerRRP: { type: 'number', nullable: true },
    customerMonthly: { type: 'number', nullable: true },
    excludeDiscount: { type: 'boolean', nullable: true },
    overrides: { type: 'array', nullable: true, items: {} },
  },
};

const addedSchema: SchemaObject = {
  type: 'object',
  nullable: true,
  additionalProperties: false,
  properties: {
    sku: { type: 'string', nullable: true },
    description: { type: 'string', nullable: true },
    skuTypeName: { type: 'string', nullable: true },
    bandName: { type: 'string', nullable: true },
    customerRRP: { type: 'number', nullable: true },
    customerMonthly: { type: 'number', nullable: true },
    contractMonths: { type: 'integer', nullable: true },
    stores: { type: 'array', nullable: true, items: storeSchema },
  },
};

const totalSchema: SchemaObject = {
  type: 'object',
  nullable: true,
  additionalProperties: false,
  properties: {
    added: { type: 'integer', nullable: true },
    removed: { type: 'integer', nullable: true },
    changed: { type: 'number', nullable: true },
    unchanged: { type: 'number', nullable: true },
  },
};

const dataSchema2: SchemaObject = {
  type: 'object',
  additionalProperties: false,
  properties: {
    operationID: { type: 'integer' },
    name: { type: 'string' },
    queue: { type: 'string' },
    state: { type: 'string' },
    message: { type: 'string' },
    percentage: { type: 'number' },
    attempts: { type: 'integer' },
    resultID: { type: 'integer', nullable: true },
    result: { type: 'number', nullable: true },
    error: { type: 'string', nullable: true },
    userName: { type: 'string' },
    parentOperationID: { type: 'integer', nullable: true },
    createdDate: { type: 'string', format: 'date-time' },
    startedDate: { type: 'string', nullable: true },
    finishedDate: { type: 'string', nullable: true },
  },
};

const listDataSchema: SchemaObject = {
  type: 'object',
  additionalProperties: false,
  properties: {
    name: { type: 'string' },
    displayName: { type: 'string' },
    description: { type: 'string' },
    applicable: { type: 'boolean' },
    justification: { type: 'string' },
  },
};

const dataSchema3: SchemaObject = {
  type: 'object',
  additionalProperties: false,
  properties: {
    recSheetLineID: { type: 'integer' },
    saleID: { type: 'integer' },
    lineRevenue: { type: 'number' },
    lineAdjustment: { type: 'number' },
    storeID: { type: 'integer' },
    sku: { type: 'string' },
    revenue: { type: 'number' },
    adjustment: { type: 'number' },
    adjustedRevenue: { type: 'number' },
    recSheetLinesTotal: { type: 'number' },
    recSheetLinesCount: { type: 'integer' },
    unreconciledRevenue: { type: 'number' },
    currentHistoryStep: { type: 'string' },
  },
};

const announcementSchema: SchemaObject = {
  type: 'object',
  additionalProperties: false,
  properties: {
    createdByUserName: { type: 'string' },
    createdDate: { type: 'string', format: 'date-time' },
    updatedByUserName: { type: 'string' },
    updatedDate: { type: 'string', format: 'date-time' },
    announcementID: { type: 'integer' },
    type: { type: 'string' },
    title: { type: 'string' },
    message: { type: 'string' },
    fileID: { type: 'integer', nullable: true },
    displayUntil: { type: 'string', format: 'date-time' },
    acknowledgable: { type: 'boolean' },
    mustClick: { type: 'boolean' },
    clickType: { type: 'string' },
    url: { type: 'string' },
    file: { type: 'object', nullable: true, description: 'The attached file, if any.' },
    announcementUserID: { type: 'integer' },
    firstSeenDate: { type: 'string', format: 'date-time' },
    lastSeenDate: { type: 'string', format: 'date-time' },
    clickedDate: { type: 'string', format: 'date-time' },
    acknowledgedDate: { type: 'string', format: 'date-time' },
    seen: { type: 'boolean' },
    clicked: { type: 'boolean' },
    acknowledged: { type: 'boolean' },
  },
};

const partSchema: SchemaObject = {
  type: 'object',
  nullable: true,
  additionalProperties: false,
  properties: {
    metricPartID: { type: 'integer', nullable: true },
    metricName: { type: 'string', nullable: true },
    multiplier: { type: 'number', nullable: true },
    divisionPart: { type: 'string', nullable: true },
    name: { type: 'string' },
    field: { type: 'string', nullable: true },
    tableName: { type: 'string', nullable: true },
    current: { type: 'number', nullable: true },
    metricSuccessValue: { type: 'number', nullable: true },
    metricSuccessIsLess: { type: 'integer', nullable: true },
  },
};

const pageSchema: SchemaObject = {
  type: 'object',
  additionalProperties: false,
  properties: {
    page: { type: 'integer' },
    pageLength: { type: 'integer', nullable: true },
    rowCount: { type: 'integer', nullable: true },
    pageCount: { type: 'integer', nullable: true },
  },
};

/** A Top dialog's page (GET /api/kpi/stores, skus, users): who or what, ranked by the sales figures (null where the profile hides them). */
function topPage(who: Record<string, SchemaObject>): SchemaObject {
  return {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      listData: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          properties: {
            rank: { type: 'integer', nullable: true },
            ...who,
            revenueCount: { type: 'integer', nullable: true },
            adjustedRevenueTotal: { type: 'number', nullable: true },
            commissionTotal: { type: 'number', nullable: true },
            adjustedRevenueASP: { type: 'number', nullable: true },
            commissionASP: { type: 'number', nullable: true },
          },
        },
      },
      listIDs: { type: 'array', items: {} },
      page: pageSchema,
    },
  };
}

export const ANSWERS: Record<string, SchemaObject> = {
  'POST /api/file/saleOcr': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      data: {
        type: 'object',
        additionalProperties: false,
        required: ['fileID', 'orderRefs', 'saleDates', 'rateCardLineStores', 'saleAnalysisValues'],
        properties: {
          fileID: { type: 'integer', description: 'The receipt as kept (library receipts).' },
          orderRefs: { type: 'array', items: { type: 'string' }, description: 'Order references read from the text.' },
          saleDates: { type: 'array', items: { type: 'string', format: 'date' } },
          rateCardLineStores: { type: 'array', items: { type: 'object' }, description: "Rows of the rate card's lines at the store whose SKU the text names." },
          saleAnalysisValues: {
            type: 'array',
            items: { type: 'object', additionalProperties: false, properties: { analysisFieldID: { type: 'integer' }, analysisValue: { type: 'string' } } },
          },
        },
      },
    },
  },
  'GET /api/jobQueue': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      data: {
        type: 'object',
        additionalProperties: false,
        required: ['mode', 'board'],
        properties: {
          mode: { type: 'string', enum: ['in-process', 'bull'] },
          board: { type: 'boolean', description: 'Whether the Bull Board can be opened (scale-out).' },
        },
      },
    },
  },
  'POST /api/jobQueue/boardTicket': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      data: {
        type: 'object',
        additionalProperties: false,
        required: ['url'],
        properties: { url: { type: 'string', description: '/api/queues with a one-minute ticket.' } },
      },
    },
  },
  'GET /api/metricParts/fields': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      data: { type: 'object', description: 'Table name -> its fields.', additionalProperties: { type: 'array', items: { type: 'string' } } },
      listData: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['tableName', 'field', 'description'],
          properties: { tableName: { type: 'string' }, field: { type: 'string' }, description: { type: 'string' } },
        },
      },
    },
  },
  'GET /api/accessProfiles/systemAreas': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      listData: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['name', 'description', 'group'],
          properties: { name: { type: 'string' }, description: { type: 'string' }, group: { type: 'string' } },
        },
      },
    },
  },
  'GET /api/appName': {
    type: 'object',
    additionalProperties: false,
    properties: { validationResult: ref('ValidationResult'), data: { type: 'string', description: 'APP_NAME.' } },
  },
  'GET /api/rateCard/current': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      data: {
        type: 'object',
        nullable: true,
        description: 'The card in force today; null when none is.',
        additionalProperties: false,
        properties: {
          rateCardID: { type: 'integer' },
          name: { type: 'string' },
          fromDate: { type: 'string', format: 'date-time' },
          nextRateCard: { type: 'object', nullable: true, description: 'The card that follows it, if any.' },
          rateCardLineCount: { type: 'integer' },
          saleTypes: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              properties: { saleTypeID: { type: 'integer' }, saleTypeName: { type: 'string' }, rateCardLineCount: { type: 'integer' } },
            },
          },
        },
      },
    },
  },
  'GET /api/kpi/dailyReport': withData('DailyReport'),
  'GET /api/longRunningOperation': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      data: {
        type: 'object',
        nullable: true,
        description: 'The operation; null when the caller has none (without operationID).',
        additionalProperties: false,
        properties: {
          operationID: { type: 'integer' },
          name: { type: 'string' },
          queue: { type: 'string' },
          state: { type: 'string' },
          message: { type: 'string' },
          percentage: { type: 'number' },
          attempts: { type: 'integer' },
          resultID: { type: 'integer', nullable: true },
          result: {
            type: 'object',
            nullable: true,
            additionalProperties: true,
            description:
              "What the job answered when it ended: its shape is the job's (an upload's counts in data, an automatic reconciliation's matches, a failure's statusCode and validationResult).",
          },
          error: { type: 'string', nullable: true },
          userName: { type: 'string' },
          parentOperationID: { type: 'integer', nullable: true },
          createdDate: { type: 'string', format: 'date-time' },
          startedDate: { type: 'string', format: 'date-time', nullable: true },
          finishedDate: { type: 'string', format: 'date-time', nullable: true },
        },
      },
    },
  },
  'GET /api/user/me': withData('Me'),
  'GET /api/user/userPreference/{group}/{name}': {
    type: 'object',
    additionalProperties: false,
    properties: {
      data: {
        type: 'object',
        additionalProperties: false,
        properties: {
          group: { type: 'string' },
          name: { type: 'string' },
          value: { type: 'string', nullable: true },
        },
      },
      validationResult: ref('ValidationResult'),
    },
  },
  'PUT /api/user/userPreference/{group}/{name}': {
    type: 'object',
    additionalProperties: false,
    properties: {
      data: {
        type: 'object',
        additionalProperties: false,
        properties: {
          group: { type: 'string' },
          name: { type: 'string' },
          value: { type: 'string', nullable: true, description: 'null when never saved (or cleared).' },
        },
      },
      validationResult: ref('ValidationResult'),
    },
  },
  'POST /api/user/login': {
    type: 'object',
    additionalProperties: false,
    required: ['user'],
    properties: {
      data: {
        type: 'object',
        additionalProperties: false,
        required: ['token'],
        properties: {
          token: { type: 'string', description: 'The session token: send it as x-access-token (or ?token= on downloads).' },
        },
      },
      user: {
        type: 'object',
        additionalProperties: false,
        required: ['userID', 'name'],
        description: 'Who signed in (GET /api/user/me has the rest).',
        properties: {
          userID: { type: 'integer' },
          name: { type: 'string' },
        },
      },
      validationResult: ref('ValidationResult'),
    },
  },
  'GET /api/file/branding': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      data: {
        type: 'object',
        additionalProperties: false,
        properties: {
          loginBackground: { type: 'string', nullable: true },
          favicon: { type: 'string', nullable: true },
          logo: { type: 'string', nullable: true },
          loginLogo: { type: 'string', nullable: true },
        },
      },
    },
  },
  'DELETE /api/file/logo': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      data: {
        type: 'object',
        additionalProperties: false,
        properties: {
          name: { type: 'string' },
        },
      },
    },
  },
  'DELETE /api/file/loginLogo': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      data: {
        type: 'object',
        additionalProperties: false,
        properties: {
          name: { type: 'string' },
        },
      },
    },
  },
  'DELETE /api/file/loginBackground': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      data: {
        type: 'object',
        additionalProperties: false,
        properties: {
          name: { type: 'string' },
        },
      },
    },
  },
  'DELETE /api/file/favicon.ico': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      data: {
        type: 'object',
        additionalProperties: false,
        properties: {
          name: { type: 'string' },
        },
      },
    },
  },
  'POST /api/file/{library}/{type}': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      data: dataSchema,
    },
  },
  'GET /api/file/{fileID}': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      data: dataSchema,
    },
  },
  'GET /api/file/{fileID}/excelHeaders/allSheets': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      listData: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          properties: {
            worksheet: { type: 'string' },
            headerRow: { type: 'integer', nullable: true },
            headers: {
              type: 'array',
              items: {
                type: 'object',
                additionalProperties: false,
                properties: {
                  col: { type: 'integer' },
                  header: { type: 'string' },
                },
              },
            },
            rowChoices: {
              type: 'array',
              items: {
                type: 'object',
                additionalProperties: false,
                properties: {
                  row: { type: 'integer' },
                  text: { type: 'string' },
                },
              },
            },
          },
        },
      },
    },
  },
  'GET /api/rateCardCompare': {
    type: 'object',
    additionalProperties: false,
    properties: {
      data: {
        type: 'object',
        additionalProperties: false,
        properties: {
          from: fromSchema,
          to: fromSchema,
          saleTypes: {
            type: 'array',
            nullable: true,
            items: {
              type: 'object',
              nullable: true,
              additionalProperties: false,
              properties: {
                saleTypeID: { type: 'integer' },
                saleTypeName: { type: 'string', nullable: true },
                added: { type: 'array', nullable: true, items: addedSchema },
                removed: { type: 'array', nullable: true, items: addedSchema },
                changed: {
                  type: 'array',
                  nullable: true,
                  items: {
                    type: 'object',
                    nullable: true,
                    additionalProperties: false,
                    properties: {
                      sku: { type: 'string', nullable: true },
                      description: { type: 'string', nullable: true },
                      changes: {
                        type: 'array',
                        nullable: true,
                        items: {
                          type: 'object',
                          nullable: true,
                          additionalProperties: false,
                          properties: {
                            field: { type: 'string', nullable: true },
                            storeID: { type: 'integer', nullable: true },
                            storeName: { type: 'string', nullable: true },
                            from: {},
                            to: {},
                          },
                        },
                      },
                    },
                  },
                },
                totals: totalSchema,
              },
            },
          },
          totals: totalSchema,
        },
      },
      validationResult: ref('ValidationResult'),
    },
  },
  'DELETE /api/rateCardLines': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      data: {
        type: 'object',
        additionalProperties: false,
        properties: {
          rateCardLineIDs: { type: 'array', items: { type: 'integer' } },
          count: { type: 'integer' },
        },
      },
    },
  },
  'GET /api/rateCardLine/uploadFields': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      listData: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          properties: {
            field: { type: 'string' },
            label: { type: 'string' },
            required: { type: 'boolean' },
          },
        },
      },
    },
  },
  'POST /api/rateCardLines/excel': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      data: dataSchema2,
    },
  },
  'GET /api/histories': {
    type: 'object',
    additionalProperties: false,
    properties: {
      listData: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          properties: {
            historyID: { type: 'integer' },
            documentType: { type: 'string' },
            documentID: { type: 'integer' },
            step: { type: 'string' },
            description: { type: 'string' },
            createdDate: { type: 'string', format: 'date-time' },
            createdByUserName: { type: 'string' },
          },
        },
      },
      validationResult: ref('ValidationResult'),
    },
  },
  'GET /api/sale/revenueCommission': {
    type: 'object',
    additionalProperties: false,
    properties: {
      data: {
        type: 'object',
        additionalProperties: false,
        properties: {
          revenue: { type: 'number', nullable: true },
          commission: { type: 'number', nullable: true },
        },
      },
      validationResult: ref('ValidationResult'),
    },
  },
  'GET /api/sale/steps': {
    type: 'object',
    additionalProperties: false,
    properties: {
      listData: { type: 'array', items: listDataSchema },
      validationResult: ref('ValidationResult'),
    },
  },
  'GET /api/sale/steps/{id}': {
    type: 'object',
    additionalProperties: false,
    properties: {
      listData: { type: 'array', items: listDataSchema },
      validationResult: ref('ValidationResult'),
    },
  },
  'PUT /api/sales/changeRateCardValidate': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      data: {
        type: 'object',
        additionalProperties: false,
        properties: {
          count: { type: 'integer' },
        },
      },
    },
  },
  'PUT /api/sales/changeRateCard': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      data: {
        type: 'object',
        additionalProperties: false,
        properties: {
          count: { type: 'integer' },
        },
      },
    },
  },
  'GET /api/recSheetLine/uploadFields': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      listData: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          properties: {
            field: { type: 'string' },
            label: { type: 'string' },
            required: { type: 'boolean' },
            aliases: { type: 'array', items: { type: 'string' } },
          },
        },
      },
    },
  },
  'POST /api/recSheetLines/excel': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      data: dataSchema2,
    },
  },
  'DELETE /api/recSheetLines': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      data: {
        type: 'object',
        additionalProperties: false,
        properties: {
          recSheetLineIDs: { type: 'array', items: { type: 'integer' } },
          count: { type: 'integer' },
        },
      },
    },
  },
  'PUT /api/recSheet/{id}/autoRec': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      data: dataSchema2,
    },
  },
  'PUT /api/autoRecRun/{id}/undo': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      data: dataSchema2,
    },
  },
  'GET /api/recSheetLine/{id}/recSuggest': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      listData: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          properties: {
            saleID: { type: 'integer' },
            storeID: { type: 'integer' },
            storeName: { type: 'string' },
            saleDate: { type: 'string', format: 'date-time' },
            sku: { type: 'string' },
            orderRef: { type: 'string' },
            revenue: { type: 'number' },
            adjustedRevenue: { type: 'number' },
            adjustment: { type: 'integer' },
            unreconciledRevenue: { type: 'number' },
            recSheetLinesTotal: { type: 'number' },
            recSheetLinesCount: { type: 'integer' },
            attributableToUserID: { type: 'integer' },
            isRefund: { type: 'boolean' },
            isRefunded: { type: 'boolean' },
            currentHistoryStep: { type: 'string' },
            saleAnalysisValues: { type: 'string' },
            score: { type: 'integer' },
            reason: { type: 'string' },
          },
        },
      },
    },
  },
  'PUT /api/recSheetLine/{lineId}/recSale/{saleId}/validate': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      data: dataSchema3,
    },
  },
  'PUT /api/recSheetLine/{lineId}/recSale/{saleId}': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      data: dataSchema3,
    },
  },
  'PUT /api/sale/{id}/unreconcile': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      data: {
        type: 'object',
        additionalProperties: false,
        properties: {
          saleID: { type: 'integer' },
          storeID: { type: 'integer' },
          storeName: { type: 'string' },
          saleTypeID: { type: 'integer' },
          saleTypeName: { type: 'string' },
          attributableToUserID: { type: 'integer' },
          attributableToUserName: { type: 'string' },
          saleDate: { type: 'string', format: 'date-time' },
          orderRef: { type: 'string' },
          rateCardID: { type: 'integer' },
          rateCardName: { type: 'string' },
          rateCardFromDate: { type: 'string', format: 'date-time' },
          rateCardLineID: { type: 'integer' },
          rateCardLineStoreID: { type: 'integer' },
          sku: { type: 'string' },
          description: { type: 'string' },
          skuTypeName: { type: 'string' },
          excludeDiscount: { type: 'boolean' },
          bandName: { type: 'string', nullable: true },
          currentHistoryID: { type: 'integer' },
          currentHistoryStep: { type: 'string' },
          revenue: { type: 'number' },
          commission: { type: 'number' },
          adjustment: { type: 'integer' },
          adjustedRevenue: { type: 'number' },
          refSaleID: { type: 'integer', nullable: true },
          isRefund: { type: 'boolean' },
          isRefunded: { type: 'boolean' },
          isRefundedNote: { type: 'string', nullable: true },
          isRefundedOrderRef: { type: 'string', nullable: true },
          refundReasonID: { type: 'integer', nullable: true },
          notes: { type: 'string' },
          discountStoreID: { type: 'integer', nullable: true },
          discountName: { type: 'string', nullable: true },
          discountPercent: { type: 'number', nullable: true },
          unreconciledRevenue: { type: 'number' },
          recSheetLinesTotal: { type: 'number' },
          recSheetLinesCount: { type: 'integer' },
          createdByUserName: { type: 'string' },
          updatedByUserName: { type: 'string' },
          saleAnalysisValues: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              properties: {
                saleAnalysisValueID: { type: 'integer' },
                analysisFieldID: { type: 'integer' },
                analysisValue: { type: 'string' },
              },
            },
          },
          createdDate: { type: 'string', format: 'date-time' },
          updatedDate: { type: 'string', format: 'date-time' },
          dupeCount: { type: 'integer' },
        },
      },
    },
  },
  'POST /api/recImportTemplates/match': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      listData: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          properties: {
            createdByUserName: { type: 'string' },
            createdDate: { type: 'string', format: 'date-time' },
            updatedByUserName: { type: 'string' },
            updatedDate: { type: 'string', format: 'date-time' },
            templateID: { type: 'integer' },
            name: { type: 'string' },
            mappings: {
              type: 'object',
              additionalProperties: false,
              properties: {
                'txn date': { type: 'string' },
                branch: { type: 'string' },
                'order no': { type: 'string' },
                'product code': { type: 'string' },
                details: { type: 'string' },
                'net revenue': { type: 'string' },
              },
            },
            headerCount: { type: 'integer' },
            matchedHeaders: { type: 'integer' },
          },
        },
      },
    },
  },
  'PUT /api/dailyStats/{storeID}': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      listData: { type: 'array', items: ref('DailyStat'), description: "The store's days as saved, as GET /api/dailyStats answers them." },
    },
  },
  'GET /api/targets/actuals': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      listData: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          properties: {
            targetID: { type: 'integer' },
            storeID: { type: 'integer' },
            storeName: { type: 'string', nullable: true },
            targetDate: { type: 'string', format: 'date-time', nullable: true },
            targetType: { type: 'string', nullable: true },
            userID: { type: 'integer' },
            userName: { type: 'string', nullable: true },
            targetForUserID: { type: 'integer' },
            targetForUserName: { type: 'string', nullable: true },
            analysisFieldID: { type: 'integer' },
            analysisFieldLabel: { type: 'string', nullable: true },
            analysisListItemID: { type: 'integer' },
            analysisListItemCode: { type: 'string', nullable: true },
            analysisListItemDescription: { type: 'string', nullable: true },
            isTarget: { type: 'boolean', nullable: true },
            target: { type: 'number', nullable: true },
            hours: { type: 'number', nullable: true },
            weight: { type: 'integer', nullable: true },
            createdByUserName: { type: 'string', nullable: true },
            createdDate: { type: 'string', format: 'date-time', nullable: true },
            updatedByUserName: { type: 'string', nullable: true },
            updatedDate: { type: 'string', format: 'date-time', nullable: true },
            actual: { type: 'number', nullable: true },
            error: { type: 'string', nullable: true },
            actualSaleParams: { type: 'string', nullable: true },
          },
        },
      },
    },
  },
  'PUT /api/targets/{storeID}/{date}': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      listData: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          properties: {
            targetID: { type: 'integer' },
            storeID: { type: 'integer' },
            storeName: { type: 'string' },
            targetDate: { type: 'string', format: 'date-time' },
            targetType: { type: 'string' },
            userID: { type: 'integer' },
            userName: { type: 'string' },
            targetForUserID: { type: 'integer' },
            targetForUserName: { type: 'string' },
            analysisFieldID: { type: 'integer' },
            analysisFieldLabel: { type: 'string' },
            analysisListItemID: { type: 'integer' },
            analysisListItemCode: { type: 'string' },
            analysisListItemDescription: { type: 'string' },
            isTarget: { type: 'boolean' },
            target: { type: 'number' },
            hours: { type: 'number' },
            weight: { type: 'integer' },
            createdByUserName: { type: 'string' },
            createdDate: { type: 'string', format: 'date-time' },
            updatedByUserName: { type: 'string' },
            updatedDate: { type: 'string', format: 'date-time' },
            actual: { type: 'number' },
            error: { type: 'string' },
            actualSaleParams: { type: 'string' },
          },
        },
      },
      data: {
        type: 'object',
        additionalProperties: false,
        properties: {
          dropped: { type: 'array', items: {} },
        },
      },
    },
  },
  'GET /api/rotaLineTypes': {
    type: 'object',
    additionalProperties: false,
    properties: {
      listData: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          properties: {
            rotaLineTypeID: { type: 'integer' },
            name: { type: 'string' },
          },
        },
      },
      validationResult: ref('ValidationResult'),
    },
  },
  'PUT /api/rotaLines/approve': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      listData: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          properties: {
            createdByUserName: { type: 'string' },
            createdDate: { type: 'string', format: 'date-time' },
            updatedByUserName: { type: 'string' },
            updatedDate: { type: 'string', format: 'date-time' },
            rotaLineID: { type: 'integer' },
            rotaDate: { type: 'string', format: 'date-time' },
            plannedFrom: { type: 'string' },
            plannedTo: { type: 'string' },
            userID: { type: 'integer' },
            storeID: { type: 'integer' },
            rotaLineTypeID: { type: 'integer' },
            currentHistoryID: { type: 'integer' },
            currentHistoryStep: { type: 'string' },
            notes: { type: 'string' },
            workedFrom: { type: 'string', nullable: true },
            workedTo: { type: 'string', nullable: true },
            viewedByUser: { type: 'boolean' },
            viewedByUserDate: { type: 'string', nullable: true },
            unpaidHours: { type: 'number' },
            repeatUsers: { type: 'array', items: {} },
            repeatDays: { type: 'integer' },
            userName: { type: 'string' },
            storeName: { type: 'string' },
            rotaLineTypeName: { type: 'string' },
            plannedHours: { type: 'number' },
            paidHours: { type: 'number' },
          },
        },
      },
    },
  },
  'GET /api/announcements/myAnnouncements': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      listData: { type: 'array', items: announcementSchema },
    },
  },
  'GET /api/announcement/{id}/acknowledge': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      data: announcementSchema,
    },
  },
  'GET /api/announcement/{id}/url': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      data: {
        type: 'object',
        additionalProperties: false,
        properties: {
          url: { type: 'string' },
        },
      },
    },
  },
  'POST /api/announcement/{id}/announcementUsers': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      data: {
        type: 'object',
        additionalProperties: false,
        properties: {
          added: { type: 'integer' },
          alreadyRecipients: { type: 'integer' },
        },
      },
    },
  },
  'GET /api/metricToday': withListData('MetricToday'),
  'POST /api/metricPart/test': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      data: {
        type: 'object',
        additionalProperties: false,
        properties: {
          part: partSchema,
          metric: {
            type: 'object',
            nullable: true,
            additionalProperties: false,
            properties: {
              metricID: { type: 'integer' },
              name: { type: 'string' },
              metricType: { type: 'string', nullable: true },
              successValue: { type: 'number', nullable: true },
              successIsLess: { type: 'integer', nullable: true },
              result: { type: 'number', nullable: true },
              parts: { type: 'array', nullable: true, items: partSchema },
            },
          },
        },
      },
    },
  },
  'GET /api/kpi/cards': withData('KpiCards'),
  'GET /api/kpi/tables': withListData('KpiTable'),
  'GET /api/kpi/leagueTables': withListData('KpiTable'),
  'GET /api/kpi/drhTable': withData('KpiTable'),
  'GET /api/kpi/stores': topPage({ storeID: { type: 'integer' }, storeName: { type: 'string', nullable: true } }),
  'GET /api/kpi/skus': topPage({ sku: { type: 'string', nullable: true }, rateCardLineDescription: { type: 'string', nullable: true } }),
  'GET /api/kpi/users': topPage({ attributableToUserID: { type: 'integer' }, attributableToUserName: { type: 'string', nullable: true } }),
  'GET /api/about': {
    type: 'object',
    additionalProperties: false,
    properties: {
      data: {
        type: 'object',
        additionalProperties: false,
        properties: {
          appName: { type: 'string' },
          licence: { type: 'string' },
          licenceName: { type: 'string' },
          supportEmail: { type: 'string' },
          supportTelephone: { type: 'string' },
          supportHours: { type: 'string' },
        },
      },
      validationResult: ref('ValidationResult'),
    },
  },
};

// The two names of the favicon are one route.
ANSWERS['DELETE /api/file/favicon'] = ANSWERS['DELETE /api/file/favicon.ico'];
