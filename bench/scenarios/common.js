'use strict';
/*
 * What every bench scenario shares: the measured data set (centers, periods, rates), the log line,
 * a plain client of the sandbox, a fresh n8n with the package and a credential, and the rate window.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { startN8n, packPackage } = require('../../scripts/n8n/instance');
const { sleep } = require('../lib/util');

const NOW = '2026-11-20T09:00:00Z'; // the sandbox clock (frozen): 14:00 in Yekaterinburg (1002), 12:00 in Moscow (1001)
const SEED = 42;
const PRO = {
	sc: '1002',
	shop: '1002-01',
	start: '2026-08-23',
	end: '2026-11-20',
	perMinute: 300,
	perPage: 1000,
	windowDays: 30,
};
const BASIC = {
	sc: '1001',
	start: '2025-11-20',
	end: '2026-11-19',
	perMinute: 60,
	rowsPerRequest: 31,
	windowDays: 31,
};
const TARGET_100K = 100_000;
const LOOKBACK_DAYS = 3;
const ANOMALY_PAGE = 500;
const INSERTED_ANOMALIES = 600;
const N8N_VERSION_DEFAULT = '1.123.81';
const CLIENT = { id: 'demo-client', secret: 'demo-secret-4f1c9a' };
/** Shared-budget runs: another integration of center 1002 spends this much of every window at its start. */
const OTHER_CLIENT_SPEND = 260;

const log = (...a) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}]`, ...a);

// Calibration: how fast the sandbox itself serves full receipt pages to one plain client

async function token(baseUrl) {
	const r = await fetch(`${baseUrl}/auth/token`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ client_id: CLIENT.id, client_secret: CLIENT.secret }),
	});
	return (await r.json()).access_token;
}

/** A plain sequential client (fetch + JSON.parse, nothing else) over the 90-day export: per-page times. */
async function plainClientPass(baseUrl, bearer, windows) {
	const perPage = [];
	let records = 0;
	let requests = 0;
	const t0 = Date.now();
	for (const w of windows) {
		for (let page = 1; ; page++) {
			const t = process.hrtime.bigint();
			const res = await fetch(
				`${baseUrl}/sc/${PRO.sc}/shops/${PRO.shop}/receipts?start_created_date=${w.start}&end_created_date=${w.end}&page=${page}&per_page=${PRO.perPage}`,
				{
					headers: { authorization: `Bearer ${bearer}`, accept: 'application/json' },
				},
			);
			const body = JSON.parse(await res.text());
			requests++;
			if (!body.success) throw new Error(`calibration: ${JSON.stringify(body.error)}`);
			const ms = Number(process.hrtime.bigint() - t) / 1e6;
			if (body.data.length === PRO.perPage) perPage.push(ms);
			records += body.data.length;
			if (body.data.length < PRO.perPage) break;
		}
	}
	return { perPage, records, requests, ms: Date.now() - t0 };
}

let packedTgz = null;

/** The staged package packed once per bench run (removed by cleanupPacked). */
function packedPackage(stage) {
	if (!packedTgz)
		packedTgz = packPackage(stage.dir, fs.mkdtempSync(path.join(os.tmpdir(), 'sc-bench-tgz-')));
	return packedTgz;
}

/** Creates the credential of a sandbox client (default: the bench's) in an n8n (over its REST); its id. */
async function sandboxCredential(n8n, sandbox, client = CLIENT, name = 'Bench sandbox') {
	const cred = await n8n.api.createCredential({
		name,
		type: 'shoppingCenterApi',
		data: {
			baseUrl: sandbox.baseUrl,
			clientId: client.id,
			clientSecret: client.secret,
			allowInsecure: true,
		},
	});
	return cred.id;
}

async function freshN8n(opts, stage, sandbox, label, tgz, env) {
	const n8n = await startN8n({
		version: opts.version,
		packageTgz: tgz || packedPackage(stage),
		logLevel: 'warn',
		env,
		// BENCH_N8N_NODE_ARGS: options for n8n's Node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/p" (written when n8n stops)
		nodeArgs: (process.env.BENCH_N8N_NODE_ARGS || '').split(' ').filter(Boolean),
		onLog: opts.verbose ? (l) => process.stderr.write(`[n8n ${label}] ${l}\n`) : undefined,
	});
	await n8n.api.assertLoaded({
		nodes: [
			'n8n-nodes-shopping-center.shoppingCenterReceipts',
			'n8n-nodes-shopping-center.shoppingCenterRevenue',
			'n8n-nodes-shopping-center.shoppingCenterEventsTrigger',
		],
		credentials: ['shoppingCenterApi'],
	});
	return { n8n, credentialId: await sandboxCredential(n8n, sandbox) };
}

/** Waits for the start of the next rate window (+ a little), so every measured run starts with a full budget. */
async function alignToWindow(windowMs) {
	const next = Math.ceil(Date.now() / windowMs) * windowMs;
	await sleep(next - Date.now() + 30);
}

/** Removes the package .tgz freshN8n packed (if it did). */
function cleanupPacked() {
	if (packedTgz) fs.rmSync(path.dirname(packedTgz), { recursive: true, force: true });
	packedTgz = null;
}

function compareSets(gotIds, gotSum, truth) {
	const got = new Set(gotIds);
	const want = new Set(truth.ids);
	let missing = 0;
	for (const id of want) if (!got.has(id)) missing++;
	let extra = 0;
	for (const id of got) if (!want.has(id)) extra++;
	const duplicates = gotIds.length - got.size;
	const exact = missing === 0 && extra === 0 && duplicates === 0 && gotSum === truth.sum;
	return {
		exact,
		missing,
		extra,
		duplicates,
		sumMatches: gotSum === truth.sum,
		trueCount: truth.count,
	};
}

function requestsOf(logEntries) {
	const byRoute = {};
	let rateLimited = 0;
	for (const e of logEntries) {
		const k = `${e.route}:${e.status}`;
		byRoute[k] = (byRoute[k] || 0) + 1;
		if (e.status === 429) rateLimited++;
	}
	const count = (route) => logEntries.filter((e) => e.route === route).length;
	return { total: logEntries.length, byRoute, rateLimited, count };
}

/** How many requests of a log fell into each rate window. */
function requestsPerWindow(logEntries, windowMs) {
	return Object.values(
		logEntries.reduce((acc, e) => {
			const w = Math.floor(Date.parse(e.time) / windowMs);
			acc[w] = (acc[w] || 0) + 1;
			return acc;
		}, {}),
	);
}

const loadAverage = () => os.loadavg().map((x) => +x.toFixed(2));

module.exports = {
	NOW,
	SEED,
	PRO,
	BASIC,
	TARGET_100K,
	LOOKBACK_DAYS,
	ANOMALY_PAGE,
	INSERTED_ANOMALIES,
	N8N_VERSION_DEFAULT,
	CLIENT,
	OTHER_CLIENT_SPEND,
	log,
	token,
	plainClientPass,
	packedPackage,
	sandboxCredential,
	freshN8n,
	cleanupPacked,
	alignToWindow,
	compareSets,
	requestsOf,
	requestsPerWindow,
	loadAverage,
};
