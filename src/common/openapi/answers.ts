import type { SchemaObject } from '@nestjs/swagger';

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
        properties: { mode: { type: 'string', enum: ['in-process', 'bull'] }, board: { type: 'boolean', description: 'Whether the Bull Board can be opened (scale-out).' } },
      },
    },
  },
  'POST /api/jobQueue/boardTicket': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      data: { type: 'object', additionalProperties: false, required: ['url'], properties: { url: { type: 'string', description: '/api/queues with a one-minute ticket.' } } },
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
  'GET /api/kpi/dailyReport': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      data: {
        type: 'object',
        additionalProperties: false,
        required: ['storeID', 'saleDate', 'fields'],
        properties: {
          storeID: { oneOf: [{ type: 'integer' }, { type: 'string', enum: ['all'] }] },
          saleDate: { type: 'string', format: 'date' },
          fields: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              properties: {
                analysisFieldID: { type: 'integer' },
                label: { type: 'string' },
                groups: {
                  type: 'array',
                  items: {
                    type: 'object',
                    additionalProperties: false,
                    properties: {
                      name: { type: 'string' },
                      quantity: { type: 'integer', description: 'Counted sales, refunds as -1.' },
                      revenue: { type: 'number', nullable: true, description: 'Adjusted revenue; null when the profile does not show revenue.' },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
  'GET /api/longRunningOperation': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      data: {
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
          resultID: { type: 'number', nullable: true },
          result: {
            type: 'object', nullable: true,
            additionalProperties: false,
            properties: {
              considered: { type: 'integer' },
              reconciled: { type: 'integer' },
              matchMultiple: { type: 'integer' },
              matchNone: { type: 'integer' },
              exactMatches: { type: 'integer' },
              saleDateMatches: { type: 'integer' },
              revenueMatches: { type: 'number' },
              orderRefMatches: { type: 'integer' },
              clawbackMatches: { type: 'integer' },
              clawbacksWithoutRefund: { type: 'integer' },
              autoRecRunID: { type: 'integer' },
              validationResult: ref('ValidationResult'),
              data: {
                type: 'object',
                additionalProperties: false,
                properties: {
                  worksheets: { type: 'integer' },
                  skippedWorksheets: { type: 'array', items: { type: 'string' } },
                  rows: { type: 'integer' },
                  lines: { type: 'integer' },
                  added: { type: 'integer' },
                  updated: { type: 'integer' },
                  lineStores: { type: 'integer' },
                  committed: { type: 'boolean' },
                },
              },
              listData: { type: 'array', items: {} },
            },
          },
          error: { type: 'string', nullable: true },
          userName: { type: 'string' },
          parentOperationID: { type: 'integer', nullable: true },
          createdDate: { type: 'string', format: 'date-time' },
          startedDate: { type: 'string', format: 'date-time' },
          finishedDate: { type: 'string', format: 'date-time', nullable: true },
        },
      },
    },
  },
  'GET /api/user/me': {
    type: 'object',
    additionalProperties: false,
    properties: {
      data: {
        type: 'object',
        additionalProperties: false,
        properties: {
          userID: { type: 'integer' },
          name: { type: 'string' },
          email: { type: 'string' },
          storeID: { type: 'integer', nullable: true },
          storeName: { type: 'string' },
          licence: { type: 'string' },
          licenceName: { type: 'string' },
          site: { type: 'string' },
          defaultDaysBack: { type: 'integer' },
          salesMonthsBack: { type: 'integer' },
          proRateTargetsOnActual: { type: 'boolean' },
          accessProfile: {
            type: 'object',
            additionalProperties: false,
            properties: {
              accessProfileID: { type: 'integer' },
              name: { type: 'string' },
              systemAreas: { type: 'string' },
              showRevenue: { type: 'boolean' },
              showCommission: { type: 'boolean' },
              sells: { type: 'boolean' },
              accessProfileStores: { type: 'array', items: {
                type: 'object',
                additionalProperties: false,
                properties: {
                  storeID: { type: 'integer' },
                  store: {
                    type: 'object',
                    additionalProperties: false,
                    properties: {
                      storeID: { type: 'integer' },
                      name: { type: 'string' },
                      storeTypeID: { type: 'integer' },
                    },
                  },
                },
              } },
              users: { type: 'array', items: {
                type: 'object',
                additionalProperties: false,
                properties: {
                  userID: { type: 'integer' },
                  name: { type: 'string' },
                  active: { type: 'boolean' },
                },
              } },
            },
          },
          analysisFields: { type: 'array', items: {
            type: 'object',
            additionalProperties: false,
            properties: {
              createdByUserName: { type: 'string' },
              createdDate: { type: 'string', format: 'date-time' },
              updatedByUserName: { type: 'string' },
              updatedDate: { type: 'string', format: 'date-time' },
              analysisFieldID: { type: 'integer' },
              name: { type: 'string' },
              label: { type: 'string' },
              inputType: { type: 'string' },
              regex: { type: 'string', nullable: true },
              defaultValue: { type: 'string', nullable: true },
              required: { type: 'boolean' },
              targetRevenue: { type: 'boolean' },
              targetQuantity: { type: 'boolean' },
              autoFillFrom: { type: 'string' },
              analysisListItems: { type: 'array', items: {
                type: 'object',
                additionalProperties: false,
                properties: {
                  analysisListItemID: { type: 'integer' },
                  analysisFieldID: { type: 'integer' },
                  code: { type: 'string' },
                  description: { type: 'string' },
                  enableTargets: { type: 'boolean' },
                  dailyReportAs: { type: 'string' },
                },
              } },
              analysisFieldStores: { type: 'array', items: {
                type: 'object',
                additionalProperties: false,
                properties: {
                  analysisFieldStoreID: { type: 'integer' },
                  storeID: { type: 'integer' },
                  storeName: { type: 'string' },
                },
              } },
              storeIDs: { type: 'array', items: { type: 'integer' } },
            },
          } },
          saleTypes: { type: 'array', items: {
            type: 'object',
            additionalProperties: false,
            properties: {
              createdByUserName: { type: 'string' },
              createdDate: { type: 'string', format: 'date-time' },
              updatedByUserName: { type: 'string' },
              updatedDate: { type: 'string', format: 'date-time' },
              saleTypeID: { type: 'integer' },
              name: { type: 'string' },
              saleTypeStores: { type: 'array', items: {
                type: 'object',
                additionalProperties: false,
                properties: {
                  saleTypeStoreID: { type: 'integer' },
                  storeID: { type: 'integer' },
                  storeName: { type: 'string' },
                },
              } },
              storeIDs: { type: 'array', items: { type: 'integer' } },
              storeCount: { type: 'integer' },
            },
          } },
          metricParts: { type: 'array', items: {} },
          revenueCommission: { type: 'string' },
        },
      },
      validationResult: ref('ValidationResult'),
    },
  },
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
          value: { type: 'string' },
        },
      },
      validationResult: ref('ValidationResult'),
    },
  },
  'POST /api/user/login': {
    type: 'object',
    additionalProperties: false,
    properties: {
      data: {
        type: 'object',
        additionalProperties: false,
        properties: {
          token: { type: 'string' },
        },
      },
      user: {
        type: 'object',
        additionalProperties: false,
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
  'DELETE /api/file/favicon': {
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
      data: {
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
      },
    },
  },
  'GET /api/file/{fileID}': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      data: {
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
      },
    },
  },
  'GET /api/file/{fileID}/excelHeaders/allSheets': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      listData: { type: 'array', items: {
        type: 'object',
        additionalProperties: false,
        properties: {
          worksheet: { type: 'string' },
          headerRow: { type: 'integer', nullable: true },
          headers: { type: 'array', items: {
            type: 'object',
            additionalProperties: false,
            properties: {
              col: { type: 'integer' },
              header: { type: 'string' },
            },
          } },
          rowChoices: { type: 'array', items: {
            type: 'object',
            additionalProperties: false,
            properties: {
              row: { type: 'integer' },
              text: { type: 'string' },
            },
          } },
        },
      } },
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
          from: {
            type: 'object',
            additionalProperties: false,
            properties: {
              rateCardID: { type: 'integer' },
              name: { type: 'string' },
              fromDate: { type: 'string', format: 'date-time' },
            },
          },
          to: {
            type: 'object',
            additionalProperties: false,
            properties: {
              rateCardID: { type: 'integer' },
              name: { type: 'string' },
              fromDate: { type: 'string', format: 'date-time' },
            },
          },
          saleTypes: { type: 'array', items: {
            type: 'object',
            additionalProperties: false,
            properties: {
              saleTypeID: { type: 'integer' },
              saleTypeName: { type: 'string' },
              added: { type: 'array', items: {
                type: 'object',
                additionalProperties: false,
                properties: {
                  sku: { type: 'string' },
                  description: { type: 'string' },
                  skuTypeName: { type: 'string' },
                  bandName: { type: 'string', nullable: true },
                  customerRRP: { type: 'integer' },
                  customerMonthly: { type: 'integer' },
                  contractMonths: { type: 'integer' },
                  stores: { type: 'array', items: {
                    type: 'object',
                    additionalProperties: false,
                    properties: {
                      storeID: { type: 'integer' },
                      storeName: { type: 'string' },
                      revenue: { type: 'number' },
                      commission: { type: 'number' },
                      active: { type: 'boolean' },
                      sku: { type: 'string' },
                      description: { type: 'string' },
                      customerRRP: { type: 'integer' },
                      customerMonthly: { type: 'integer' },
                      excludeDiscount: { type: 'boolean' },
                      overrides: { type: 'array', items: {} },
                    },
                  } },
                },
              } },
              removed: { type: 'array', items: {
                type: 'object',
                additionalProperties: false,
                properties: {
                  sku: { type: 'string' },
                  description: { type: 'string' },
                  skuTypeName: { type: 'string' },
                  bandName: { type: 'string', nullable: true },
                  customerRRP: { type: 'integer' },
                  customerMonthly: { type: 'integer' },
                  contractMonths: { type: 'integer' },
                  stores: { type: 'array', items: {
                    type: 'object',
                    additionalProperties: false,
                    properties: {
                      storeID: { type: 'integer' },
                      storeName: { type: 'string' },
                      revenue: { type: 'number' },
                      commission: { type: 'number' },
                      active: { type: 'boolean' },
                      sku: { type: 'string' },
                      description: { type: 'string' },
                      customerRRP: { type: 'integer' },
                      customerMonthly: { type: 'integer' },
                      excludeDiscount: { type: 'boolean' },
                      overrides: { type: 'array', items: {} },
                    },
                  } },
                },
              } },
              changed: { type: 'array', items: {
                type: 'object',
                additionalProperties: false,
                properties: {
                  sku: { type: 'string' },
                  description: { type: 'string' },
                  changes: { type: 'array', items: {
                    type: 'object',
                    additionalProperties: false,
                    properties: {
                      field: { type: 'string' },
                      storeID: { type: 'integer', nullable: true },
                      storeName: { type: 'string', nullable: true },
                      from: {},
                      to: {},
                    },
                  } },
                },
              } },
              totals: {
                type: 'object',
                additionalProperties: false,
                properties: {
                  added: { type: 'integer' },
                  removed: { type: 'integer' },
                  changed: { type: 'integer' },
                  unchanged: { type: 'integer' },
                },
              },
            },
          } },
          totals: {
            type: 'object',
            additionalProperties: false,
            properties: {
              added: { type: 'integer' },
              removed: { type: 'integer' },
              changed: { type: 'integer' },
              unchanged: { type: 'integer' },
            },
          },
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
      listData: { type: 'array', items: {
        type: 'object',
        additionalProperties: false,
        properties: {
          field: { type: 'string' },
          label: { type: 'string' },
          required: { type: 'boolean' },
        },
      } },
    },
  },
  'POST /api/rateCardLines/excel': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      data: {
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
          result: { type: 'string', nullable: true },
          error: { type: 'string', nullable: true },
          userName: { type: 'string' },
          parentOperationID: { type: 'integer', nullable: true },
          createdDate: { type: 'string', format: 'date-time' },
          startedDate: { type: 'string', nullable: true },
          finishedDate: { type: 'string', nullable: true },
        },
      },
    },
  },
  'GET /api/histories': {
    type: 'object',
    additionalProperties: false,
    properties: {
      listData: { type: 'array', items: {
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
      } },
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
          revenue: { type: 'number' },
          commission: { type: 'number' },
        },
      },
      validationResult: ref('ValidationResult'),
    },
  },
  'GET /api/sale/steps': {
    type: 'object',
    additionalProperties: false,
    properties: {
      listData: { type: 'array', items: {
        type: 'object',
        additionalProperties: false,
        properties: {
          name: { type: 'string' },
          displayName: { type: 'string' },
          description: { type: 'string' },
          applicable: { type: 'boolean' },
          justification: { type: 'string' },
        },
      } },
      validationResult: ref('ValidationResult'),
    },
  },
  'GET /api/sale/steps/{id}': {
    type: 'object',
    additionalProperties: false,
    properties: {
      listData: { type: 'array', items: {
        type: 'object',
        additionalProperties: false,
        properties: {
          name: { type: 'string' },
          displayName: { type: 'string' },
          description: { type: 'string' },
          applicable: { type: 'boolean' },
          justification: { type: 'string' },
        },
      } },
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
      listData: { type: 'array', items: {
        type: 'object',
        additionalProperties: false,
        properties: {
          field: { type: 'string' },
          label: { type: 'string' },
          required: { type: 'boolean' },
          aliases: { type: 'array', items: { type: 'string' } },
        },
      } },
    },
  },
  'POST /api/recSheetLines/excel': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      data: {
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
          result: { type: 'string', nullable: true },
          error: { type: 'string', nullable: true },
          userName: { type: 'string' },
          parentOperationID: { type: 'integer', nullable: true },
          createdDate: { type: 'string', format: 'date-time' },
          startedDate: { type: 'string', nullable: true },
          finishedDate: { type: 'string', nullable: true },
        },
      },
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
      data: {
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
          result: { type: 'string', nullable: true },
          error: { type: 'string', nullable: true },
          userName: { type: 'string' },
          parentOperationID: { type: 'integer', nullable: true },
          createdDate: { type: 'string', format: 'date-time' },
          startedDate: { type: 'string', nullable: true },
          finishedDate: { type: 'string', nullable: true },
        },
      },
    },
  },
  'PUT /api/autoRecRun/{id}/undo': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      data: {
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
          result: { type: 'string', nullable: true },
          error: { type: 'string', nullable: true },
          userName: { type: 'string' },
          parentOperationID: { type: 'integer', nullable: true },
          createdDate: { type: 'string', format: 'date-time' },
          startedDate: { type: 'string', nullable: true },
          finishedDate: { type: 'string', nullable: true },
        },
      },
    },
  },
  'GET /api/recSheetLine/{id}/recSuggest': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      listData: { type: 'array', items: {
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
      } },
    },
  },
  'PUT /api/recSheetLine/{lineId}/recSale/{saleId}/validate': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      data: {
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
      },
    },
  },
  'PUT /api/recSheetLine/{lineId}/recSale/{saleId}': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      data: {
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
      },
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
          discountPercent: { type: 'string', nullable: true },
          unreconciledRevenue: { type: 'number' },
          recSheetLinesTotal: { type: 'number' },
          recSheetLinesCount: { type: 'integer' },
          createdByUserName: { type: 'string' },
          updatedByUserName: { type: 'string' },
          saleAnalysisValues: { type: 'array', items: {
            type: 'object',
            additionalProperties: false,
            properties: {
              saleAnalysisValueID: { type: 'number' },
              analysisFieldID: { type: 'integer' },
              analysisValue: { type: 'string' },
            },
          } },
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
      listData: { type: 'array', items: {} },
    },
  },
  'PUT /api/dailyStats/{storeID}': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      listData: { type: 'array', items: {
        type: 'object',
        additionalProperties: false,
        properties: {
          createdByUserName: { type: 'string' },
          createdDate: { type: 'string', format: 'date-time' },
          updatedByUserName: { type: 'string' },
          updatedDate: { type: 'string', format: 'date-time' },
          dailyStatID: { type: 'integer' },
          dailyStatDate: { type: 'string', format: 'date-time' },
          storeID: { type: 'integer' },
          footfall: { type: 'integer' },
          chatCount: { type: 'integer', nullable: true },
          staffCount: { type: 'number', nullable: true },
          storeName: { type: 'string' },
        },
      } },
    },
  },
  'GET /api/targets/actuals': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      listData: { type: 'array', items: {
        type: 'object',
        additionalProperties: false,
        properties: {
          targetID: { type: 'number' },
          storeID: { type: 'integer' },
          storeName: { type: 'string' },
          targetDate: { type: 'string', format: 'date-time' },
          targetType: { type: 'string' },
          userID: { type: 'integer' },
          userName: { type: 'string' },
          targetForUserID: { type: 'number' },
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
      } },
    },
  },
  'PUT /api/targets/{storeID}/{date}': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      listData: { type: 'array', items: {
        type: 'object',
        additionalProperties: false,
        properties: {
          targetID: { type: 'number' },
          storeID: { type: 'integer' },
          storeName: { type: 'string' },
          targetDate: { type: 'string', format: 'date-time' },
          targetType: { type: 'string' },
          userID: { type: 'integer' },
          userName: { type: 'string' },
          targetForUserID: { type: 'number' },
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
      } },
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
      listData: { type: 'array', items: {
        type: 'object',
        additionalProperties: false,
        properties: {
          rotaLineTypeID: { type: 'integer' },
          name: { type: 'string' },
        },
      } },
      validationResult: ref('ValidationResult'),
    },
  },
  'PUT /api/rotaLines/approve': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      listData: { type: 'array', items: {
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
      } },
    },
  },
  'GET /api/announcements/myAnnouncements': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      listData: { type: 'array', items: {
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
          file: { type: 'string', nullable: true },
          announcementUserID: { type: 'integer' },
          firstSeenDate: { type: 'string', format: 'date-time' },
          lastSeenDate: { type: 'string', format: 'date-time' },
          clickedDate: { type: 'string', format: 'date-time' },
          acknowledgedDate: { type: 'string', format: 'date-time' },
          seen: { type: 'boolean' },
          clicked: { type: 'boolean' },
          acknowledged: { type: 'boolean' },
        },
      } },
    },
  },
  'GET /api/announcement/{id}/acknowledge': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      data: {
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
          file: { type: 'string', nullable: true },
          announcementUserID: { type: 'integer' },
          firstSeenDate: { type: 'string', format: 'date-time' },
          lastSeenDate: { type: 'string', format: 'date-time' },
          clickedDate: { type: 'string', format: 'date-time' },
          acknowledgedDate: { type: 'string', format: 'date-time' },
          seen: { type: 'boolean' },
          clicked: { type: 'boolean' },
          acknowledged: { type: 'boolean' },
        },
      },
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
  'GET /api/metricToday': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      listData: { type: 'array', items: {
        type: 'object',
        additionalProperties: false,
        properties: {
          metricID: { type: 'integer' },
          name: { type: 'string' },
          result: { type: 'number', nullable: true },
          reason: { type: 'string' },
        },
      } },
    },
  },
  'POST /api/metricPart/test': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      data: {
        type: 'object',
        additionalProperties: false,
        properties: {
          part: {
            type: 'object',
            additionalProperties: false,
            properties: {
              metricName: { type: 'string' },
              multiplier: { type: 'integer' },
              divisionPart: { type: 'string' },
              name: { type: 'string' },
              field: { type: 'string' },
              tableName: { type: 'string' },
              current: { type: 'number' },
              metricSuccessValue: { type: 'number' },
              metricSuccessIsLess: { type: 'integer' },
            },
          },
          metric: {
            type: 'object',
            additionalProperties: false,
            properties: {
              metricID: { type: 'integer' },
              name: { type: 'string' },
              metricType: { type: 'string' },
              successValue: { type: 'number' },
              successIsLess: { type: 'integer' },
              result: { type: 'number' },
              parts: { type: 'array', items: {
                type: 'object',
                additionalProperties: false,
                properties: {
                  metricName: { type: 'string' },
                  multiplier: { type: 'integer' },
                  divisionPart: { type: 'string' },
                  name: { type: 'string' },
                  field: { type: 'string' },
                  tableName: { type: 'string' },
                  current: { type: 'number' },
                  metricSuccessValue: { type: 'number' },
                  metricSuccessIsLess: { type: 'integer' },
                },
              } },
            },
          },
        },
      },
    },
  },
  'GET /api/kpi/cards': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      data: {
        type: 'object',
        additionalProperties: false,
        properties: {
          date: { type: 'string', format: 'date' },
          userIDs: { type: 'array', items: { type: 'integer' } },
          trend: {
            type: 'object',
            additionalProperties: false,
            properties: {
              daysInMonth: { type: 'integer' },
              revenue: {
                type: 'object',
                additionalProperties: false,
                properties: {
                  points: { type: 'array', items: {
                    type: 'object',
                    additionalProperties: false,
                    properties: {
                      day: { type: 'integer' },
                      current: { type: 'integer' },
                      prior: { type: 'integer' },
                      py: { type: 'integer', nullable: true },
                    },
                  } },
                  projected: { type: 'integer' },
                  target: { type: 'string', nullable: true },
                },
              },
              commission: {
                type: 'object',
                additionalProperties: false,
                properties: {
                  points: { type: 'array', items: {
                    type: 'object',
                    additionalProperties: false,
                    properties: {
                      day: { type: 'integer' },
                      current: { type: 'integer' },
                      prior: { type: 'integer' },
                      py: { type: 'integer', nullable: true },
                    },
                  } },
                  projected: { type: 'integer' },
                  target: { type: 'string', nullable: true },
                },
              },
            },
          },
          users: { type: 'array', items: {
            type: 'object',
            additionalProperties: false,
            properties: {
              userID: { type: 'integer' },
              name: { type: 'string' },
            },
          } },
          cards: { type: 'array', items: {
            type: 'object',
            additionalProperties: false,
            properties: {
              period: { type: 'string' },
              current: {
                type: 'object',
                additionalProperties: false,
                properties: {
                  fromDate: { type: 'string', format: 'date' },
                  toDate: { type: 'string', format: 'date' },
                  available: { type: 'boolean' },
                  revenueCount: { type: 'number' },
                  adjustedRevenueTotal: { type: 'number' },
                  commissionTotal: { type: 'number' },
                  params: { type: 'string' },
                },
              },
              prior: {
                type: 'object',
                additionalProperties: false,
                properties: {
                  fromDate: { type: 'string', format: 'date' },
                  toDate: { type: 'string', format: 'date' },
                  available: { type: 'boolean' },
                  revenueCount: { type: 'number' },
                  adjustedRevenueTotal: { type: 'number' },
                  commissionTotal: { type: 'number' },
                  params: { type: 'string' },
                },
              },
              py: {
                type: 'object',
                additionalProperties: false,
                properties: {
                  fromDate: { type: 'string', format: 'date' },
                  toDate: { type: 'string', format: 'date' },
                  available: { type: 'boolean' },
                  revenueCount: { type: 'number' },
                  adjustedRevenueTotal: { type: 'number' },
                  commissionTotal: { type: 'number' },
                  params: { type: 'string' },
                },
              },
              trends: {
                type: 'object',
                additionalProperties: false,
                properties: {
                  prior: {
                    type: 'object',
                    additionalProperties: false,
                    properties: {
                      revenueCount: {
                        type: 'object',
                        additionalProperties: false,
                        properties: {
                          percent: { type: 'number' },
                          colour: { type: 'string' },
                        },
                      },
                      adjustedRevenueTotal: {
                        type: 'object',
                        additionalProperties: false,
                        properties: {
                          percent: { type: 'number' },
                          colour: { type: 'string' },
                        },
                      },
                      commissionTotal: {
                        type: 'object',
                        additionalProperties: false,
                        properties: {
                          percent: { type: 'number' },
                          colour: { type: 'string' },
                        },
                      },
                    },
                  },
                  py: {
                    type: 'object',
                    additionalProperties: false,
                    properties: {
                      revenueCount: {
                        type: 'object',
                        additionalProperties: false,
                        properties: {
                          percent: { type: 'number' },
                          colour: { type: 'string' },
                        },
                      },
                      adjustedRevenueTotal: {
                        type: 'object',
                        additionalProperties: false,
                        properties: {
                          percent: { type: 'number' },
                          colour: { type: 'string' },
                        },
                      },
                      commissionTotal: {
                        type: 'object',
                        additionalProperties: false,
                        properties: {
                          percent: { type: 'number' },
                          colour: { type: 'string' },
                        },
                      },
                    },
                  },
                },
              },
              tops: {
                type: 'object',
                additionalProperties: false,
                properties: {
                  revenue: {
                    type: 'object',
                    additionalProperties: false,
                    properties: {
                      topSKU: {
                        type: 'object',
                        additionalProperties: false,
                        properties: {
                          sku: { type: 'string' },
                          rateCardLineDescription: { type: 'string' },
                          revenueCount: { type: 'number' },
                          adjustedRevenueTotal: { type: 'number' },
                          commissionTotal: { type: 'number' },
                          adjustedRevenueASP: { type: 'number' },
                          commissionASP: { type: 'number' },
                        },
                      },
                      topUser: {
                        type: 'object',
                        additionalProperties: false,
                        properties: {
                          attributableToUserID: { type: 'integer' },
                          attributableToUserName: { type: 'string' },
                          revenueCount: { type: 'number' },
                          adjustedRevenueTotal: { type: 'number' },
                          commissionTotal: { type: 'number' },
                          adjustedRevenueASP: { type: 'number' },
                          commissionASP: { type: 'number' },
                        },
                      },
                      topStore: {
                        type: 'object',
                        additionalProperties: false,
                        properties: {
                          storeID: { type: 'integer' },
                          storeName: { type: 'string' },
                          revenueCount: { type: 'number' },
                          adjustedRevenueTotal: { type: 'number' },
                          commissionTotal: { type: 'number' },
                          adjustedRevenueASP: { type: 'number' },
                          commissionASP: { type: 'number' },
                        },
                      },
                    },
                  },
                  commission: {
                    type: 'object',
                    additionalProperties: false,
                    properties: {
                      topSKU: {
                        type: 'object',
                        additionalProperties: false,
                        properties: {
                          sku: { type: 'string' },
                          rateCardLineDescription: { type: 'string' },
                          revenueCount: { type: 'number' },
                          adjustedRevenueTotal: { type: 'number' },
                          commissionTotal: { type: 'number' },
                          adjustedRevenueASP: { type: 'number' },
                          commissionASP: { type: 'number' },
                        },
                      },
                      topUser: {
                        type: 'object',
                        additionalProperties: false,
                        properties: {
                          attributableToUserID: { type: 'integer' },
                          attributableToUserName: { type: 'string' },
                          revenueCount: { type: 'number' },
                          adjustedRevenueTotal: { type: 'number' },
                          commissionTotal: { type: 'number' },
                          adjustedRevenueASP: { type: 'number' },
                          commissionASP: { type: 'number' },
                        },
                      },
                      topStore: {
                        type: 'object',
                        additionalProperties: false,
                        properties: {
                          storeID: { type: 'integer' },
                          storeName: { type: 'string' },
                          revenueCount: { type: 'number' },
                          adjustedRevenueTotal: { type: 'number' },
                          commissionTotal: { type: 'number' },
                          adjustedRevenueASP: { type: 'number' },
                          commissionASP: { type: 'number' },
                        },
                      },
                    },
                  },
                },
              },
            },
          } },
          targets: { type: 'array', items: {} },
          userCards: { type: 'array', items: {} },
          storeCards: { type: 'array', items: {
            type: 'object',
            additionalProperties: false,
            properties: {
              storeID: { type: 'integer' },
              storeName: { type: 'string' },
              card: {
                type: 'object',
                additionalProperties: false,
                properties: {
                  period: { type: 'string' },
                  current: {
                    type: 'object',
                    additionalProperties: false,
                    properties: {
                      fromDate: { type: 'string', format: 'date' },
                      toDate: { type: 'string', format: 'date' },
                      available: { type: 'boolean' },
                      revenueCount: { type: 'number' },
                      adjustedRevenueTotal: { type: 'number' },
                      commissionTotal: { type: 'number' },
                      params: { type: 'string' },
                    },
                  },
                  prior: {
                    type: 'object',
                    additionalProperties: false,
                    properties: {
                      fromDate: { type: 'string', format: 'date' },
                      toDate: { type: 'string', format: 'date' },
                      available: { type: 'boolean' },
                      revenueCount: { type: 'number' },
                      adjustedRevenueTotal: { type: 'number' },
                      commissionTotal: { type: 'number' },
                      params: { type: 'string' },
                    },
                  },
                  py: {
                    type: 'object',
                    additionalProperties: false,
                    properties: {
                      fromDate: { type: 'string', format: 'date' },
                      toDate: { type: 'string', format: 'date' },
                      available: { type: 'boolean' },
                      revenueCount: { type: 'number' },
                      adjustedRevenueTotal: { type: 'number' },
                      commissionTotal: { type: 'number' },
                      params: { type: 'string' },
                    },
                  },
                  trends: {
                    type: 'object',
                    additionalProperties: false,
                    properties: {
                      prior: {
                        type: 'object',
                        additionalProperties: false,
                        properties: {
                          revenueCount: {
                            type: 'object',
                            additionalProperties: false,
                            properties: {
                              percent: { type: 'number' },
                              colour: { type: 'string' },
                            },
                          },
                          adjustedRevenueTotal: {
                            type: 'object',
                            additionalProperties: false,
                            properties: {
                              percent: { type: 'number' },
                              colour: { type: 'string' },
                            },
                          },
                          commissionTotal: {
                            type: 'object',
                            additionalProperties: false,
                            properties: {
                              percent: { type: 'number' },
                              colour: { type: 'string' },
                            },
                          },
                        },
                      },
                      py: {
                        type: 'object',
                        additionalProperties: false,
                        properties: {
                          revenueCount: {
                            type: 'object',
                            additionalProperties: false,
                            properties: {
                              percent: { type: 'number' },
                              colour: { type: 'string' },
                            },
                          },
                          adjustedRevenueTotal: {
                            type: 'object',
                            additionalProperties: false,
                            properties: {
                              percent: { type: 'number' },
                              colour: { type: 'string' },
                            },
                          },
                          commissionTotal: {
                            type: 'object',
                            additionalProperties: false,
                            properties: {
                              percent: { type: 'number' },
                              colour: { type: 'string' },
                            },
                          },
                        },
                      },
                    },
                  },
                },
              },
              targets: { type: 'array', items: {} },
            },
          } },
          myStores: { type: 'array', items: {
            type: 'object',
            additionalProperties: false,
            properties: {
              storeID: { type: 'integer' },
              storeName: { type: 'string' },
              storeTypeID: { type: 'integer' },
              storeTypeName: { type: 'string' },
            },
          } },
        },
      },
    },
  },
  'GET /api/kpi/tables': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      listData: { type: 'array', items: {
        type: 'object',
        additionalProperties: false,
        properties: {
          name: { type: 'string' },
          title: { type: 'string' },
          splitBy: { type: 'string' },
          current: {
            type: 'object',
            additionalProperties: false,
            properties: {
              fromDate: { type: 'string', format: 'date' },
              toDate: { type: 'string', format: 'date' },
            },
          },
          prior: {
            type: 'object',
            additionalProperties: false,
            properties: {
              fromDate: { type: 'string', format: 'date' },
              toDate: { type: 'string', format: 'date' },
            },
          },
          columns: { type: 'array', items: {
            type: 'object',
            additionalProperties: false,
            properties: {
              name: { type: 'string' },
              title: { type: 'string' },
              metricID: { type: 'integer' },
              displayAs: { type: 'string' },
              successValue: { type: 'number' },
              successIsLess: { type: 'integer' },
            },
          } },
          rows: { type: 'array', items: {
            type: 'object',
            additionalProperties: false,
            properties: {
              key: { type: 'integer' },
              name: { type: 'string' },
              values: {
                type: 'object',
                additionalProperties: false,
                properties: {
                  metric30: { type: 'number' },
                  metric31: { type: 'integer' },
                },
              },
              colors: {
                type: 'object',
                additionalProperties: false,
                properties: {
                  metric30: { type: 'string' },
                  metric31: { type: 'string' },
                },
              },
              metricParts: {
                type: 'object',
                additionalProperties: false,
                properties: {
                  metric30: { type: 'array', items: {
                    type: 'object',
                    additionalProperties: false,
                    properties: {
                      metricPartID: { type: 'integer' },
                      metricName: { type: 'string' },
                      multiplier: { type: 'integer' },
                      divisionPart: { type: 'string' },
                      name: { type: 'string' },
                      field: { type: 'string' },
                      tableName: { type: 'string' },
                      current: { type: 'integer' },
                      prior: { type: 'integer' },
                      metricSuccessValue: { type: 'number' },
                      metricSuccessIsLess: { type: 'integer' },
                    },
                  } },
                  metric31: { type: 'array', items: {
                    type: 'object',
                    additionalProperties: false,
                    properties: {
                      metricPartID: { type: 'integer' },
                      metricName: { type: 'string' },
                      multiplier: { type: 'integer' },
                      divisionPart: { type: 'string' },
                      name: { type: 'string' },
                      field: { type: 'string' },
                      tableName: { type: 'string' },
                      current: { type: 'integer' },
                      prior: { type: 'integer' },
                      metricSuccessValue: { type: 'number' },
                      metricSuccessIsLess: { type: 'integer' },
                    },
                  } },
                },
              },
              params: { type: 'string' },
            },
          } },
          totalsRow: {
            type: 'object',
            additionalProperties: false,
            properties: {
              key: { type: 'integer' },
              name: { type: 'string' },
              values: {
                type: 'object',
                additionalProperties: false,
                properties: {
                  metric30: { type: 'number' },
                  metric31: { type: 'integer' },
                },
              },
              colors: {
                type: 'object',
                additionalProperties: false,
                properties: {
                  metric30: { type: 'string' },
                  metric31: { type: 'string' },
                },
              },
              metricParts: {
                type: 'object',
                additionalProperties: false,
                properties: {
                  metric30: { type: 'array', items: {
                    type: 'object',
                    additionalProperties: false,
                    properties: {
                      metricPartID: { type: 'integer' },
                      metricName: { type: 'string' },
                      multiplier: { type: 'integer' },
                      divisionPart: { type: 'string' },
                      name: { type: 'string' },
                      field: { type: 'string' },
                      tableName: { type: 'string' },
                      current: { type: 'integer' },
                      prior: { type: 'integer' },
                      metricSuccessValue: { type: 'number' },
                      metricSuccessIsLess: { type: 'integer' },
                    },
                  } },
                  metric31: { type: 'array', items: {
                    type: 'object',
                    additionalProperties: false,
                    properties: {
                      metricPartID: { type: 'integer' },
                      metricName: { type: 'string' },
                      multiplier: { type: 'integer' },
                      divisionPart: { type: 'string' },
                      name: { type: 'string' },
                      field: { type: 'string' },
                      tableName: { type: 'string' },
                      current: { type: 'integer' },
                      prior: { type: 'integer' },
                      metricSuccessValue: { type: 'number' },
                      metricSuccessIsLess: { type: 'integer' },
                    },
                  } },
                },
              },
              params: { type: 'string' },
            },
          },
          displayAs: {
            type: 'object',
            additionalProperties: false,
            properties: {
              metric30: { type: 'string' },
              metric31: { type: 'string' },
            },
          },
          params: { type: 'string' },
        },
      } },
    },
  },
  'GET /api/kpi/leagueTables': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      listData: { type: 'array', items: {
        type: 'object',
        additionalProperties: false,
        properties: {
          name: { type: 'string' },
          title: { type: 'string' },
          splitBy: { type: 'string' },
          current: {
            type: 'object',
            additionalProperties: false,
            properties: {
              fromDate: { type: 'string', format: 'date' },
              toDate: { type: 'string', format: 'date' },
            },
          },
          prior: {
            type: 'object',
            additionalProperties: false,
            properties: {
              fromDate: { type: 'string', format: 'date' },
              toDate: { type: 'string', format: 'date' },
            },
          },
          columns: { type: 'array', items: {
            type: 'object',
            additionalProperties: false,
            properties: {
              name: { type: 'string' },
              title: { type: 'string' },
              metricID: { type: 'integer' },
              displayAs: { type: 'string' },
              successValue: { type: 'number' },
              successIsLess: { type: 'integer' },
            },
          } },
          rows: { type: 'array', items: {
            type: 'object',
            additionalProperties: false,
            properties: {
              key: { type: 'integer' },
              name: { type: 'string' },
              values: {
                type: 'object',
                additionalProperties: false,
                properties: {
                  metric30: { type: 'number' },
                  metric31: { type: 'integer' },
                },
              },
              colors: {
                type: 'object',
                additionalProperties: false,
                properties: {
                  metric30: { type: 'string' },
                  metric31: { type: 'string' },
                },
              },
              metricParts: {
                type: 'object',
                additionalProperties: false,
                properties: {
                  metric30: { type: 'array', items: {
                    type: 'object',
                    additionalProperties: false,
                    properties: {
                      metricPartID: { type: 'integer' },
                      metricName: { type: 'string' },
                      multiplier: { type: 'integer' },
                      divisionPart: { type: 'string' },
                      name: { type: 'string' },
                      field: { type: 'string' },
                      tableName: { type: 'string' },
                      current: { type: 'integer' },
                      prior: { type: 'integer' },
                      metricSuccessValue: { type: 'number' },
                      metricSuccessIsLess: { type: 'integer' },
                    },
                  } },
                  metric31: { type: 'array', items: {
                    type: 'object',
                    additionalProperties: false,
                    properties: {
                      metricPartID: { type: 'integer' },
                      metricName: { type: 'string' },
                      multiplier: { type: 'integer' },
                      divisionPart: { type: 'string' },
                      name: { type: 'string' },
                      field: { type: 'string' },
                      tableName: { type: 'string' },
                      current: { type: 'integer' },
                      prior: { type: 'integer' },
                      metricSuccessValue: { type: 'number' },
                      metricSuccessIsLess: { type: 'integer' },
                    },
                  } },
                },
              },
              params: { type: 'string' },
            },
          } },
          totalsRow: {
            type: 'object',
            additionalProperties: false,
            properties: {
              key: { type: 'integer' },
              name: { type: 'string' },
              values: {
                type: 'object',
                additionalProperties: false,
                properties: {
                  metric30: { type: 'number' },
                  metric31: { type: 'integer' },
                },
              },
              colors: {
                type: 'object',
                additionalProperties: false,
                properties: {
                  metric30: { type: 'string' },
                  metric31: { type: 'string' },
                },
              },
              metricParts: {
                type: 'object',
                additionalProperties: false,
                properties: {
                  metric30: { type: 'array', items: {
                    type: 'object',
                    additionalProperties: false,
                    properties: {
                      metricPartID: { type: 'integer' },
                      metricName: { type: 'string' },
                      multiplier: { type: 'integer' },
                      divisionPart: { type: 'string' },
                      name: { type: 'string' },
                      field: { type: 'string' },
                      tableName: { type: 'string' },
                      current: { type: 'integer' },
                      prior: { type: 'integer' },
                      metricSuccessValue: { type: 'number' },
                      metricSuccessIsLess: { type: 'integer' },
                    },
                  } },
                  metric31: { type: 'array', items: {
                    type: 'object',
                    additionalProperties: false,
                    properties: {
                      metricPartID: { type: 'integer' },
                      metricName: { type: 'string' },
                      multiplier: { type: 'integer' },
                      divisionPart: { type: 'string' },
                      name: { type: 'string' },
                      field: { type: 'string' },
                      tableName: { type: 'string' },
                      current: { type: 'integer' },
                      prior: { type: 'integer' },
                      metricSuccessValue: { type: 'number' },
                      metricSuccessIsLess: { type: 'integer' },
                    },
                  } },
                },
              },
              params: { type: 'string' },
            },
          },
          displayAs: {
            type: 'object',
            additionalProperties: false,
            properties: {
              metric30: { type: 'string' },
              metric31: { type: 'string' },
            },
          },
          params: { type: 'string' },
        },
      } },
    },
  },
  'GET /api/kpi/drhTable': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      data: {
        type: 'object',
        additionalProperties: false,
        properties: {
          name: { type: 'string' },
          title: { type: 'string' },
          splitBy: { type: 'string' },
          current: {
            type: 'object',
            additionalProperties: false,
            properties: {
              fromDate: { type: 'string', format: 'date' },
              toDate: { type: 'string', format: 'date' },
            },
          },
          prior: {
            type: 'object',
            additionalProperties: false,
            properties: {
              fromDate: { type: 'string', format: 'date' },
              toDate: { type: 'string', format: 'date' },
            },
          },
          columns: { type: 'array', items: {
            type: 'object',
            additionalProperties: false,
            properties: {
              name: { type: 'string' },
              title: { type: 'string' },
              metricID: { type: 'integer' },
              displayAs: { type: 'string' },
              successValue: { type: 'number' },
              successIsLess: { type: 'integer' },
            },
          } },
          rows: { type: 'array', items: {
            type: 'object',
            additionalProperties: false,
            properties: {
              key: { type: 'integer' },
              name: { type: 'string' },
              values: {
                type: 'object',
                additionalProperties: false,
                properties: {
                  metric31: { type: 'integer' },
                  metric30: { type: 'number' },
                },
              },
              colors: {
                type: 'object',
                additionalProperties: false,
                properties: {
                  metric31: { type: 'string' },
                  metric30: { type: 'string' },
                },
              },
              metricParts: {
                type: 'object',
                additionalProperties: false,
                properties: {
                  metric31: { type: 'array', items: {
                    type: 'object',
                    additionalProperties: false,
                    properties: {
                      metricPartID: { type: 'integer' },
                      metricName: { type: 'string' },
                      multiplier: { type: 'integer' },
                      divisionPart: { type: 'string' },
                      name: { type: 'string' },
                      field: { type: 'string' },
                      tableName: { type: 'string' },
                      current: { type: 'integer' },
                      prior: { type: 'integer' },
                      metricSuccessValue: { type: 'number' },
                      metricSuccessIsLess: { type: 'integer' },
                    },
                  } },
                  metric30: { type: 'array', items: {
                    type: 'object',
                    additionalProperties: false,
                    properties: {
                      metricPartID: { type: 'integer' },
                      metricName: { type: 'string' },
                      multiplier: { type: 'integer' },
                      divisionPart: { type: 'string' },
                      name: { type: 'string' },
                      field: { type: 'string' },
                      tableName: { type: 'string' },
                      current: { type: 'integer' },
                      prior: { type: 'integer' },
                      metricSuccessValue: { type: 'number' },
                      metricSuccessIsLess: { type: 'integer' },
                    },
                  } },
                },
              },
              params: { type: 'string' },
            },
          } },
          totalsRow: {
            type: 'object',
            additionalProperties: false,
            properties: {
              key: { type: 'integer' },
              name: { type: 'string' },
              values: {
                type: 'object',
                additionalProperties: false,
                properties: {
                  metric31: { type: 'integer' },
                  metric30: { type: 'number' },
                },
              },
              colors: {
                type: 'object',
                additionalProperties: false,
                properties: {
                  metric31: { type: 'string' },
                  metric30: { type: 'string' },
                },
              },
              metricParts: {
                type: 'object',
                additionalProperties: false,
                properties: {
                  metric31: { type: 'array', items: {
                    type: 'object',
                    additionalProperties: false,
                    properties: {
                      metricPartID: { type: 'integer' },
                      metricName: { type: 'string' },
                      multiplier: { type: 'integer' },
                      divisionPart: { type: 'string' },
                      name: { type: 'string' },
                      field: { type: 'string' },
                      tableName: { type: 'string' },
                      current: { type: 'integer' },
                      prior: { type: 'integer' },
                      metricSuccessValue: { type: 'number' },
                      metricSuccessIsLess: { type: 'integer' },
                    },
                  } },
                  metric30: { type: 'array', items: {
                    type: 'object',
                    additionalProperties: false,
                    properties: {
                      metricPartID: { type: 'integer' },
                      metricName: { type: 'string' },
                      multiplier: { type: 'integer' },
                      divisionPart: { type: 'string' },
                      name: { type: 'string' },
                      field: { type: 'string' },
                      tableName: { type: 'string' },
                      current: { type: 'integer' },
                      prior: { type: 'integer' },
                      metricSuccessValue: { type: 'number' },
                      metricSuccessIsLess: { type: 'integer' },
                    },
                  } },
                },
              },
              params: { type: 'string' },
            },
          },
          displayAs: {
            type: 'object',
            additionalProperties: false,
            properties: {
              metric31: { type: 'string' },
              metric30: { type: 'string' },
            },
          },
          params: { type: 'string' },
        },
      },
    },
  },
  'GET /api/kpi/stores': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      listData: { type: 'array', items: {
        type: 'object',
        additionalProperties: false,
        properties: {
          rank: { type: 'integer' },
          storeID: { type: 'integer' },
          storeName: { type: 'string' },
          revenueCount: { type: 'number' },
          adjustedRevenueTotal: { type: 'number' },
          commissionTotal: { type: 'number' },
          adjustedRevenueASP: { type: 'number' },
          commissionASP: { type: 'number' },
        },
      } },
      listIDs: { type: 'array', items: {} },
      page: {
        type: 'object',
        additionalProperties: false,
        properties: {
          page: { type: 'integer' },
          pageLength: { type: 'integer' },
          rowCount: { type: 'integer' },
          pageCount: { type: 'integer' },
        },
      },
    },
  },
  'GET /api/kpi/skus': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      listData: { type: 'array', items: {
        type: 'object',
        additionalProperties: false,
        properties: {
          rank: { type: 'integer' },
          sku: { type: 'string' },
          rateCardLineDescription: { type: 'string' },
          revenueCount: { type: 'number' },
          adjustedRevenueTotal: { type: 'number', nullable: true },
          commissionTotal: { type: 'number' },
          adjustedRevenueASP: { type: 'number', nullable: true },
          commissionASP: { type: 'number' },
        },
      } },
      listIDs: { type: 'array', items: {} },
      page: {
        type: 'object',
        additionalProperties: false,
        properties: {
          page: { type: 'integer' },
          pageLength: { type: 'integer' },
          rowCount: { type: 'integer' },
          pageCount: { type: 'integer' },
        },
      },
    },
  },
  'GET /api/kpi/users': {
    type: 'object',
    additionalProperties: false,
    properties: {
      validationResult: ref('ValidationResult'),
      listData: { type: 'array', items: {
        type: 'object',
        additionalProperties: false,
        properties: {
          rank: { type: 'integer' },
          attributableToUserID: { type: 'integer' },
          attributableToUserName: { type: 'string' },
          revenueCount: { type: 'number' },
          adjustedRevenueTotal: { type: 'number' },
          commissionTotal: { type: 'number' },
          adjustedRevenueASP: { type: 'number' },
          commissionASP: { type: 'number' },
        },
      } },
      listIDs: { type: 'array', items: {} },
      page: {
        type: 'object',
        additionalProperties: false,
        properties: {
          page: { type: 'integer' },
          pageLength: { type: 'integer' },
          rowCount: { type: 'integer' },
          pageCount: { type: 'integer' },
        },
      },
    },
  },
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
