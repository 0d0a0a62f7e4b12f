'use strict';
/*
 * The two services n8n's queue mode needs, for tests: PostgreSQL (state) and Redis (the queue), from
 * Debian's packages (`postgresql`, `redis-server`; installed with apt-get when missing), each run as a
 * child on loopback on a free port with its data in a temp folder, removed by stop().
 *
 *   const { ensureServicePackages, startPostgres, startRedis } = require('./services');
 *   ensureServicePackages();                       // apt-get install when a binary is missing
 *   const pg = await startPostgres();              // { host, port, user, password, database, env, stop() }
 *   const redis = await startRedis();              // { host, port, env, stop() }
 *
 * PostgreSQL refuses to run as root: as root it runs as the user `postgres` (runuser).
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const crypto = require('node:crypto');
const { spawnSync } = require('node:child_process');
const { freePort, startProcess } = require('../../lib/processes');

const HOST = '127.0.0.1';
const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** The newest PostgreSQL server of Debian's layout (/usr/lib/postgresql/<major>/bin), or null. */
function postgresBin() {
	const base = '/usr/lib/postgresql';
	if (!fs.existsSync(base)) return null;
	const majors = fs
		.readdirSync(base)
		.filter((d) => /^\d+$/.test(d) && fs.existsSync(path.join(base, d, 'bin', 'postgres')))
		.sort((a, b) => Number(b) - Number(a));
	return majors.length ? path.join(base, majors[0], 'bin') : null;
}

function redisBin() {
	for (const p of ['/usr/bin/redis-server', '/usr/local/bin/redis-server'])
		if (fs.existsSync(p)) return p;
	return null;
}

function aptGet(args) {
	const r = spawnSync('apt-get', args, {
		stdio: ['ignore', 'pipe', 'pipe'],
		encoding: 'utf8',
		env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
		timeout: 15 * 60_000,
	});
	return { ok: r.status === 0, out: `${r.stdout || ''}${r.stderr || ''}` };
}

/** Installs `postgresql` / `redis-server` from Debian's packages when their binaries are missing. */
function ensureServicePackages({ log = (l) => console.log(l) } = {}) {
	const missing = [];
	if (!postgresBin()) missing.push('postgresql');
	if (!redisBin()) missing.push('redis-server');
	if (!missing.length) return { installed: [], seconds: 0 };
	const t0 = Date.now();
	if (!isRoot())
		throw new Error(
			`${missing.join(' and ')} missing; install them as root: apt-get install -y ${missing.join(' ')}`,
		);
	log(`installing ${missing.join(', ')} from Debian's packages (apt-get)…`);
	const install = ['install', '-y', '--no-install-recommends', ...missing];
	let r = aptGet(install);
	if (!r.ok) {
		aptGet(['update']);
		r = aptGet(install);
	}
	if (!r.ok || !postgresBin() || !redisBin())
		throw new Error(`apt-get install ${missing.join(' ')} failed:\n${r.out.slice(-3000)}`);
	return { installed: missing, seconds: Math.round((Date.now() - t0) / 1000) };
}

/** A command run as the user `postgres` when we are root, else as ourselves. */
function asPostgres(cmd, args) {
	return isRoot() ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
}

function runSync(cmd, args, env = {}) {
	const r = spawnSync(cmd, args, {
		encoding: 'utf8',
		env: { ...process.env, ...env },
		timeout: 120_000,
	});
	if (r.status !== 0)
		throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
	return r.stdout;
}

/** A throwaway PostgreSQL cluster on loopback: initdb, postgres, a database for n8n. */
async function startPostgres({ port, database = 'n8n', onLine } = {}) {
	const bin = postgresBin();
	if (!bin) throw new Error('PostgreSQL is not installed (ensureServicePackages() installs it)');
	port = port || (await freePort());
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-queue-pg-'));
	const data = path.join(dir, 'data');
	const password = crypto.randomBytes(12).toString('hex');
	const pwfile = path.join(dir, 'pw');
	fs.writeFileSync(pwfile, `${password}\n`);
	if (isRoot()) {
		const uid = Number(runSync('id', ['-u', 'postgres']).trim());
		const gid = Number(runSync('id', ['-g', 'postgres']).trim());
		fs.chownSync(dir, uid, gid);
		fs.chownSync(pwfile, uid, gid);
	}
	const remove = () => fs.rmSync(dir, { recursive: true, force: true });
	try {
		runSync(
			...asPostgres(path.join(bin, 'initdb'), [
				'-D',
				data,
				'-U',
				'postgres',
				'-A',
				'scram-sha-256',
				`--pwfile=${pwfile}`,
				'-E',
				'UTF8',
				'--no-sync',
			]),
		);
	} catch (e) {
		remove();
		throw e;
	}
	const proc = startProcess(
		...asPostgres(path.join(bin, 'postgres'), [
			'-D',
			data,
			'-p',
			String(port),
			'-h',
			HOST,
			'-k',
			dir,
			'-c',
			'fsync=off',
			'-c',
			'synchronous_commit=off',
			'-c',
			'full_page_writes=off',
			'-c',
			'max_connections=200',
		]),
		{ cwd: dir, detached: true, onLine },
	);
	const stop = async () => {
		await proc.stop({ timeoutMs: 10_000 });
		remove();
	};
	try {
		await proc.waitForLine(/ready to accept connections/, 60_000);
		runSync(
			path.join(bin, 'psql'),
			[
				'-h',
				HOST,
				'-p',
				String(port),
				'-U',
				'postgres',
				'-d',
				'postgres',
				'-qc',
				`CREATE DATABASE ${database}`,
			],
			{ PGPASSWORD: password },
		);
	} catch (e) {
		await stop();
		throw e;
	}
	const psql = (sql) =>
		runSync(
			path.join(bin, 'psql'),
			['-h', HOST, '-p', String(port), '-U', 'postgres', '-d', database, '-XAtqc', sql],
			{ PGPASSWORD: password },
		);
	return {
		host: HOST,
		port,
		user: 'postgres',
		password,
		database,
		version: path.basename(path.dirname(bin)),
		psql,
		/** the data of an n8n Postgres credential for this database */
		credential: { host: HOST, port, database, user: 'postgres', password, ssl: 'disable' },
		env: {
			DB_TYPE: 'postgresdb',
			DB_POSTGRESDB_HOST: HOST,
			DB_POSTGRESDB_PORT: String(port),
			DB_POSTGRESDB_DATABASE: database,
			DB_POSTGRESDB_USER: 'postgres',
			DB_POSTGRESDB_PASSWORD: password,
		},
		output: proc.output,
		stop,
	};
}

/** A throwaway Redis on loopback, nothing saved to disk. */
async function startRedis({ port, onLine } = {}) {
	const bin = redisBin();
	if (!bin) throw new Error('Redis is not installed (ensureServicePackages() installs it)');
	port = port || (await freePort());
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-queue-redis-'));
	const proc = startProcess(
		bin,
		['--port', String(port), '--bind', HOST, '--save', '', '--appendonly', 'no', '--dir', dir],
		{ cwd: dir, detached: true, onLine },
	);
	const stop = async () => {
		await proc.stop({ timeoutMs: 5000 });
		fs.rmSync(dir, { recursive: true, force: true });
	};
	let version = '';
	try {
		await proc.waitForLine(/Ready to accept connections/, 30_000);
		version = (/version=(\d+\.\d+\.\d+)/.exec(proc.output()) || [])[1] || '';
	} catch (e) {
		await stop();
		throw e;
	}
	return {
		host: HOST,
		port,
		version,
		env: { QUEUE_BULL_REDIS_HOST: HOST, QUEUE_BULL_REDIS_PORT: String(port) },
		output: proc.output,
		stop,
	};
}

module.exports = { ensureServicePackages, startPostgres, startRedis, postgresBin, redisBin };
