'use strict';
/*
 * Rows on the product as it is. Every row and target of latest.json records where it was measured: the
 * run's `git` block (commit, and `product`: the git tree hashes of nodes/ and credentials/) for what the
 * run measured, the `carried` mark (the same fields of the run that measured it) for what it carried. An
 * entry whose product differs from the current tree's stands on other code: it is marked `stale` (with
 * the reason and what it said when measured) and its target counts as not met (`met: false`; a figure
 * recorded without a target keeps `met: null`), until the scenario is measured again.
 *
 *   productHash(root, commit?)  'nodes:<tree> credentials:<tree>' of a commit, or of the working tree
 *   markStale(result, current)  marks the entries measured on another product (run.js, bench/stale.js)
 *   staleProblems(result, current)  what is measured on another product and not marked so (its test)
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const PRODUCT_DIRS = ['nodes', 'credentials'];

const git = (root, args, env) =>
	execFileSync('git', args, {
		cwd: root,
		encoding: 'utf8',
		env: { ...process.env, ...env },
		stdio: ['ignore', 'pipe', 'pipe'],
	}).trim();

/**
 * The tree hashes of the product folders: of `commit`, or (without one) of the working tree as it is,
 * uncommitted changes included (through an index of its own, the repository's index untouched).
 * undefined when git does not know the commit.
 */
function productHash(root, commit) {
	const trees = (rev, env) =>
		PRODUCT_DIRS.map(
			(dir) =>
				`${dir}:${rev ? git(root, ['rev-parse', `${rev}:${dir}`], env) : git(root, ['write-tree', `--prefix=${dir}/`], env)}`,
		).join(' ');
	if (commit) {
		try {
			return trees(commit);
		} catch {
			return undefined;
		}
	}
	if (git(root, ['status', '--porcelain', '--', ...PRODUCT_DIRS]) === '') return trees('HEAD');
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-product-'));
	const env = { GIT_INDEX_FILE: path.join(dir, 'index') };
	try {
		git(root, ['read-tree', 'HEAD'], env);
		git(root, ['add', '-A', '--', ...PRODUCT_DIRS], env);
		return trees(undefined, env);
	} finally {
		fs.rmSync(dir, { recursive: true, force: true });
	}
}

/** Where an entry was measured: its carried mark, else the run's own commit and product. */
const measuredOn = (entry, result) => entry.carried || result.git || {};

/** The entries (rows, targets) with what names them in a message. */
const entriesOf = (result) => [
	...(result.rows || []).map((e) => ({ e, name: `row "${e.label}"` })),
	...(result.targets || []).map((e) => ({ e, name: `target "${e.target}"` })),
];

/** Marks every entry measured on another product than `current`; returns how many it marked now. */
function markStale(result, current) {
	let marked = 0;
	for (const { e } of entriesOf(result)) {
		const on = measuredOn(e, result);
		if (on.product === current || e.stale) continue;
		e.stale = {
			reason: `measured on commit ${on.commit || '?'}, whose nodes/ and credentials/ ${on.product ? 'differ from the current tree' : 'are unknown (not recorded, and not in this repository)'}: measure the scenario again`,
			...('met' in e ? { metWhenMeasured: e.met } : {}),
		};
		if ('met' in e && e.met !== null) e.met = false;
		marked++;
	}
	return marked;
}

/** The entries measured on another product than `current` that do not say so (empty: all in order). */
function staleProblems(result, current) {
	const problems = [];
	for (const { e, name } of entriesOf(result)) {
		const on = measuredOn(e, result);
		if (on.product === current) continue;
		if (!e.stale)
			problems.push(
				`${name} (${e.scenario || '?'}): measured on another product, not marked stale`,
			);
		else if ('met' in e && e.met !== false && e.met !== null)
			problems.push(`${name} (${e.scenario || '?'}): stale but counted as met`);
	}
	return problems;
}

/** " _(stale: …)_" for a stale entry, "" otherwise. */
const staleText = (e) => (e.stale ? ` _(**stale**: ${e.stale.reason})_` : '');

module.exports = { productHash, markStale, staleProblems, staleText, measuredOn };
