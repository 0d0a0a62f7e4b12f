/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from '../cli';

describe('sandbox CLI', () => {
	test('parses every option and SANDBOX_PORT', () => {
		const o = parseArgs(
			[
				'--port',
				'4011',
				'--seed=7',
				'--now',
				'2026-11-20T09:00:00Z',
				'--rate-window-ms',
				'200',
				'--token-ttl',
				'60',
				'--period-rule',
				'lenient',
				'--faults',
				'{"errorRate":0.1}',
				'--clock',
				'running',
				'--no-rate-limits',
			],
			{},
		);
		expect(o).toEqual({
			port: 4011,
			seed: 7,
			now: '2026-11-20T09:00:00Z',
			rateWindowMs: 200,
			tokenTtlSeconds: 60,
			periodRule: 'lenient',
			faults: { errorRate: 0.1 },
			clockMode: 'running',
			rateLimits: false,
		});
		expect(parseArgs(['--rate-limits', '{"pro":{"perWindow":30}}'], {})).toEqual({
			rateLimits: { pro: { perWindow: 30 } },
		});
		expect(parseArgs(['--period-refusal', 'plan_required'], {})).toEqual({
			periodRefusal: 'plan_required',
		});
		expect(parseArgs(['--ids-file', 'folder/sandbox-ids.json'], {})).toEqual({
			idsFile: 'folder/sandbox-ids.json',
		});
		expect(parseArgs([], { SANDBOX_PORT: '4999' })).toEqual({ port: 4999 });
		expect(parseArgs(['--port', '5000'], { SANDBOX_PORT: '4999' }).port).toBe(5000);
	});

	test('bad options exit with status 2', () => {
		const exit = jest.spyOn(process, 'exit').mockImplementation(((code: number) => {
			throw new Error(`exit ${code}`);
		}) as never);
		const err = jest.spyOn(console, 'error').mockImplementation(() => undefined);
		try {
			for (const argv of [
				['--port', 'x'],
				['--period-rule', 'loose'],
				['--period-refusal', '403'],
				['--faults', '{bad'],
				['--bogus'],
				['--now', 'yesterday'],
				['--ids-file'],
			]) {
				expect(() => parseArgs(argv, {})).toThrow('exit 2');
			}
		} finally {
			exit.mockRestore();
			err.mockRestore();
		}
	});

	test('starts, prints the base URL and demo credentials, stops on SIGTERM', async () => {
		const child = spawn(
			process.execPath,
			[
				require.resolve('ts-node/dist/bin.js'),
				'--transpile-only',
				join(__dirname, '../cli.ts'),
				'--port',
				'0',
			],
			{
				stdio: ['ignore', 'pipe', 'pipe'],
			},
		);
		let out = '';
		let err = '';
		child.stdout.on('data', (d) => (out += d));
		child.stderr.on('data', (d) => (err += d));
		await new Promise<void>((resolve, reject) => {
			const timer = setTimeout(() => reject(new Error(`no start: ${out}`)), 20000);
			child.stdout.on('data', () => {
				if (out.includes('clock:')) {
					clearTimeout(timer);
					resolve();
				}
			});
		});
		expect(out).toMatch(/http:\/\/127\.0\.0\.1:\d+\/api\/external\/v2/);
		expect(out).toContain('demo-client');
		expect(out).toContain('demo-secret-4f1c9a');
		const exit = await new Promise<{ code: number | null; err: string }>((resolve) => {
			child.on('exit', (code) => resolve({ code, err }));
			child.kill('SIGTERM');
		});
		expect(exit).toEqual({ code: 0, err: '' });
		expect(out).toContain('SIGTERM: stopping the sandbox');
	});
});
