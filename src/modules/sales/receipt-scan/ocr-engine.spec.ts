import { statSync } from 'node:fs';
import { join } from 'node:path';
import { englishModelDir, MODEL_FILE } from './ocr-engine';

describe('englishModelDir', () => {
  it('is the LSTM model inside the @tesseract.js-data/eng package (nothing to download)', () => {
    const dir = englishModelDir();
    expect(dir).toMatch(/node_modules[\\/]@tesseract\.js-data[\\/]eng[\\/]4\.0\.0_best_int$/);
    expect(statSync(join(dir, MODEL_FILE)).size).toBeGreaterThan(1_000_000);
  });
});
