import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The module boundaries are a lint rule that fails (issue 27, eslint.config.mjs): these run the
 * project's own ESLint configuration on snippets placed where the rule applies. ESLint loads its
 * configuration (an ES module) with import(), which jest's module loader cannot do, so it runs
 * in a child process, limited to the boundary rule (no type information needed).
 */
const ROOT = join(__dirname, '..');
const SCRIPT = `
import { ESLint } from 'eslint';
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: false } } },
  ruleFilter: ({ ruleId }) => ruleId === 'import-x/no-restricted-paths',
});
const out = [];
for (const [filePath, code] of JSON.parse(process.env.LINT_CASES)) {
  const [result] = await eslint.lintText(code, { filePath });
  out.push(result.messages.map((m) => m.ruleId + ': ' + m.message));
}
process.stdout.write(JSON.stringify(out));
`;

function lint(cases: Array<[filePath: string, importPath: string]>): string[][] {
  const snippets = cases.map(([filePath, importPath]) => [filePath, `import * as other from '${importPath}';\nexport const used = other;\n`]);
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', SCRIPT], {
    cwd: ROOT,
    env: { ...process.env, LINT_CASES: JSON.stringify(snippets) },
    encoding: 'utf8',
  });
  return JSON.parse(out) as string[][];
}

describe('module boundaries (eslint import-x/no-restricted-paths)', () => {
  let results: string[][];
  beforeAll(() => {
    results = lint([
      ['src/common/list/x.ts', '../../modules/jobs/jobs.service'],
      ['src/common/list/x.ts', '../../modules/jobs'],
      ['src/modules/kpi/x.ts', '../master-data/stores/stores.service'],
      ['src/modules/sales/x.ts', '../master-data/entities/store.entity'],
      ['src/modules/sales/receipt-scan/x.ts', '../../rate-cards/lines/rate-card-line-rows'],
      ['src/modules/kpi/x.ts', '../master-data'],
      ['src/modules/sales/receipt-scan/x.ts', '../../files'],
      ['src/modules/sales/receipt-scan/x.ts', '../sales.service'],
      ['src/modules/sales/entities/x.ts', '../../master-data/entities/store.entity'],
      ['src/common/list/x.ts', '../db/locks'],
    ]);
  }, 60000);

  it('src/common imports no module, not even its index', () => {
    expect(results[0]).toEqual([expect.stringMatching(/no-restricted-paths: .*src\/common is shared by every module and imports none/)]);
    expect(results[1]).toEqual([expect.stringMatching(/src\/common is shared by every module/)]);
  });

  it("a module's deep import into another module's files fails", () => {
    for (const messages of results.slice(2, 5)) {
      expect(messages).toEqual([expect.stringMatching(/no-restricted-paths: .*only through its index\.ts/)]);
    }
  });

  it("another module's index, a module's own files, entities' relations and common's own files pass", () => {
    expect(results.slice(5)).toEqual([[], [], [], [], []]);
  });
});

/** The names an index.ts exports as values (not `type`), each with the file it comes from. */
function valueExports(indexFile: string): Array<{ name: string; file: string }> {
  const text = readFileSync(indexFile, 'utf8');
  const found: Array<{ name: string; file: string }> = [];
  for (const m of text.matchAll(/export\s+(type\s+)?\{([^}]*)\}\s+from\s+'([^']+)'/g)) {
    if (m[1]) continue;
    const base = join(dirname(indexFile), m[3]);
    const file = [`${base}.ts`, join(base, 'index.ts')].find((f) => existsSync(f))!;
    for (const part of m[2]
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)) {
      if (part.startsWith('type ')) continue;
      found.push({ name: part.split(/\s+as\s+/)[0], file });
    }
  }
  return found;
}

/** Whether `name` is a TypeORM entity class in `file` or in the files `file` re-exports it from. */
function isEntity(name: string, file: string): boolean {
  const text = readFileSync(file, 'utf8');
  if (new RegExp(`@Entity\\([^)]*\\)\\s*(?:@[^\\n]*\\s*)*export class ${name}\\b`).test(text)) return true;
  const from = text.match(new RegExp(`import\\s*\\{[^}]*\\b${name}\\b[^}]*\\}\\s*from\\s*'([^']+)'`));
  if (!from) return false;
  const base = join(dirname(file), from[1]);
  const next = [`${base}.ts`, join(base, 'index.ts')].find((f) => existsSync(f));
  return !!next && isEntity(name, next);
}

describe("each module's index.ts", () => {
  const modules = readdirSync(join(ROOT, 'src/modules'));

  it('exists, so another module has one door in', () => {
    expect(modules.filter((name) => !existsSync(join(ROOT, 'src/modules', name, 'index.ts')))).toEqual([]);
  });

  it('exports entities as types only, so no other module can open their repositories', () => {
    const asValues = modules.flatMap((name) =>
      valueExports(join(ROOT, 'src/modules', name, 'index.ts'))
        .filter(({ name: exported, file }) => isEntity(exported, file))
        .map(({ name: exported }) => `${name}: ${exported}`),
    );
    expect(asValues).toEqual([]);
  });

  it('is checked: an entity exported as a value is found', () => {
    expect(isEntity('Store', join(ROOT, 'src/modules/master-data/entities/store.entity.ts'))).toBe(true);
    expect(isEntity('RateCardLineStore', join(ROOT, 'src/modules/rate-cards/entities/index.ts'))).toBe(true);
    expect(isEntity('SKU_MAX_LENGTH', join(ROOT, 'src/modules/rate-cards/entities/rate-card-line.entity.ts'))).toBe(false);
  });
});
