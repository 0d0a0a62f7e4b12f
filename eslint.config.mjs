// The ESLint config of n8n's verification scan itself (@n8n/scan-community-package's buildScanConfig),
// for editors and `npm run lint:fix`. `npm run lint` runs the scan's own analyzePackage (scripts/lint.mjs).
import { buildScanConfig } from './scripts/scan/node_modules/@n8n/scan-community-package/scanner/scanner.mjs';

export default [
	{ ignores: ['dist/**', 'node_modules/**', 'test/**', 'sandbox/**', 'scripts/**', 'bench/**', 'docs/**', 'examples/**', '*.js', '*.mjs'] },
	...(await buildScanConfig()),
];
