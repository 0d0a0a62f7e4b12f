/**
 * `npm start`'s demo as a newcomer meets it: n8n runs in the centers' time zone (GENERIC_TIMEZONE) and
 * the banner says which zone Schedule Triggers and $today use; workflows read and write files in a
 * folder of the user folder, outside the git working tree, which the banner names; install warnings a
 * user cannot act on (npm's deprecation notes) are not printed. The e2e part `restart` checks the real
 * banner of a started demo.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CENTERS } from '../../sandbox/fixtures';

/* eslint-disable @typescript-eslint/no-require-imports */
const root = path.resolve(__dirname, '..', '..');
const demo = require('../../scripts/n8n/demo-folder.js') as {
	DEMO_TIME_ZONE: string;
	prepareFilesFolder(userFolder: string, dataDir: string): string;
	demoEnv(files: string): Record<string, string>;
	demoBannerLines(files: string): string[];
};
const { lastUsefulLine } = require('../../scripts/n8n/install.js') as {
	lastUsefulLine(text: string): string;
};

test("n8n runs in a center's time zone, and the banner says what uses it", () => {
	expect(CENTERS.map((c) => c.time_zone)).toContain(demo.DEMO_TIME_ZONE);
	expect(demo.demoEnv('/x/files').GENERIC_TIMEZONE).toBe(demo.DEMO_TIME_ZONE);
	const banner = demo.demoBannerLines('/x/files').join('\n');
	expect(banner).toContain(`Time zone: ${demo.DEMO_TIME_ZONE} (GENERIC_TIMEZONE)`);
	expect(banner).toMatch(/Schedule Triggers and \$today use it/);
});

test('files: a folder of the user folder, outside the git working tree, with the example data; named in the banner', () => {
	const user = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-user-'));
	try {
		const files = demo.prepareFilesFolder(user, path.join(root, 'examples', 'data'));
		expect(files).toBe(path.join(user, 'files'));
		expect(path.relative(root, files).startsWith('..')).toBe(true);
		expect(fs.readdirSync(files)).toContain('counter-hours.csv');
		expect(demo.demoEnv(files).N8N_RESTRICT_FILE_ACCESS_TO).toBe(files);
		expect(demo.demoBannerLines(files).join('\n')).toContain(
			`Files: workflows may read and write files in ${files}`,
		);
		// a second start keeps what the user changed there
		fs.writeFileSync(path.join(files, 'counter-hours.csv'), 'mine');
		demo.prepareFilesFolder(user, path.join(root, 'examples', 'data'));
		expect(fs.readFileSync(path.join(files, 'counter-hours.csv'), 'utf8')).toBe('mine');
	} finally {
		fs.rmSync(user, { recursive: true, force: true });
	}
});

test("install progress lines skip npm's warnings; npm ci prints errors only", () => {
	expect(
		lastUsefulLine('added 1500 packages\nnpm warn deprecated glob@7: old\nnpm WARN peer x\n'),
	).toBe('added 1500 packages');
	expect(lastUsefulLine('npm warn deprecated a\n')).toBe('');
	const lib = fs.readFileSync(path.join(root, 'scripts', 'lib', 'index.js'), 'utf8');
	expect(lib).toMatch(/\['ci', \.\.\.args, [^\]]*'--loglevel=error'\]/);
});
