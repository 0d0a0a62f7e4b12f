#!/usr/bin/env node
'use strict';
/*
 * Are the rows of bench/results/latest.json measured on the product as it is? (report/product.js)
 *
 *   node bench/stale.js           lists the rows and targets measured on other nodes/ or credentials/
 *                                 than the working tree's that are not marked stale; exit 1 if any
 *   node bench/stale.js --write   marks them stale (targets: not met), fills in the product hashes of
 *                                 commits git knows where a run did not record them, words retired
 *                                 targets as today's (report/receipt-sync.js), and writes latest.json
 *                                 and latest.md again
 *   --file F                      another results file (default bench/results/latest.json)
 *
 * After a change of nodes/ or credentials/: measure the scenarios again (npm run bench -- --only …), or
 * run this with --write so that latest.json says which rows stand on older code.
 */
const fs = require('node:fs');
const path = require('node:path');
const { productHash, markStale, staleProblems } = require('./report/product');
const { markdown } = require('./report/markdown');
const { rewordRetiredTargets } = require('./report/receipt-sync');

const ROOT = path.resolve(__dirname, '..');

/** The product hashes a results file lacks, from git where it knows the commit. */
function fillProducts(result) {
	const marks = [
		result.git,
		...[...(result.rows || []), ...(result.targets || [])].map((e) => e.carried),
		...Object.values(result.scenarios || {}).map((s) => s && s.carried),
		...Object.values(result.fileExports || {}).map((s) => s && s.carried),
	];
	for (const mark of marks)
		if (mark && mark.commit && !mark.product) {
			const product = productHash(ROOT, mark.commit);
			if (product) mark.product = product;
		}
}

function main() {
	const args = process.argv.slice(2);
	const file = args.includes('--file')
		? path.resolve(args[args.indexOf('--file') + 1])
		: path.join(__dirname, 'results', 'latest.json');
	const result = JSON.parse(fs.readFileSync(file, 'utf8'));
	const current = productHash(ROOT);
	if (args.includes('--write')) {
		fillProducts(result);
		rewordRetiredTargets(result.targets || []);
		const marked = markStale(result, current);
		fs.writeFileSync(file, JSON.stringify(result, null, 2) + '\n');
		fs.writeFileSync(file.replace(/\.json$/, '.md'), markdown(result));
		console.log(
			`${path.relative(ROOT, file)}: ${marked} entries marked stale now (product ${current})`,
		);
		return;
	}
	const problems = staleProblems(result, current);
	if (problems.length) {
		console.error(
			`${path.relative(ROOT, file)}: measured on other product files than ${current} and not marked stale:\n- ${problems.join('\n- ')}\n(measure again, or: node bench/stale.js --write)`,
		);
		process.exit(1);
	}
	console.log(`${path.relative(ROOT, file)}: every row on ${current} or marked stale`);
}

main();
