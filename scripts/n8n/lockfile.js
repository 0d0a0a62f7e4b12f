'use strict';
/*
 * The e2e's n8n installs, pinned: scripts/n8n/locks/n8n-<version>/package-lock.json is the lock of an
 * install folder made by install.js (its package.json: n8n@<version>, the overrides, allowScripts).
 * With it, install.js runs `npm ci`: no registry metadata to resolve (about 2,500 packuments for
 * 1.123.81, most of a cold install's first 12 minutes), the same tree on every machine, and only
 * the tarballs npm's cache lacks are downloaded. A lock out of step with the folder's package.json
 * (an override changed) makes npm ci refuse; install.js then installs without it, and
 * `node scripts/n8n/install.js --version X --force --write-lock` writes the lock again.
 * N8N_E2E_NO_LOCK=1 installs without the lock.
 */
const fs = require('node:fs');
const path = require('node:path');

const LOCKS = path.join(__dirname, 'locks');

/** The repository's lock for this version, or null. */
function lockFor(version) {
	if (process.env.N8N_E2E_NO_LOCK) return null;
	const file = path.join(LOCKS, `n8n-${version}`, 'package-lock.json');
	return fs.existsSync(file) ? file : null;
}

/** Puts the repository's lock into the install folder; true when there was one. */
function placeLock(version, dir) {
	const file = lockFor(version);
	if (!file) return false;
	fs.copyFileSync(file, path.join(dir, 'package-lock.json'));
	return true;
}

/** npm ci's refusal when the lock and package.json disagree (then install.js installs without it). */
function outOfStep(error) {
	return /in sync|EUSAGE|Missing: .* from lock file|Invalid: lock file/.test(
		String(error && error.message),
	);
}

/** Copies an install folder's lock into the repository (--write-lock). Returns its path. */
function writeLock(version, dir) {
	const to = path.join(LOCKS, `n8n-${version}`, 'package-lock.json');
	fs.mkdirSync(path.dirname(to), { recursive: true });
	fs.copyFileSync(path.join(dir, 'package-lock.json'), to);
	return to;
}

module.exports = { lockFor, placeLock, outOfStep, writeLock };
