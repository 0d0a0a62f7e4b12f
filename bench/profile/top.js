/**
 * The heaviest functions of a V8 .cpuprofile by self time (and the share of garbage collection), the
 * way the issue's figures were read: `node bench/profile/top.js <file.cpuprofile> [--top 30] [--per N]`
 * (--per: also per N units, e.g. the records of the run, to get ms per 1000 records).
 */
const fs = require('node:fs');

const file = process.argv[2];
const top = Number(process.argv[process.argv.indexOf('--top') + 1]) || 30;
const perAt = process.argv.indexOf('--per');
const per = perAt > 0 ? Number(process.argv[perAt + 1]) : 0;
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = profile.timeDeltas;
for (let i = 0; i < profile.samples.length; i++) {
	const n = byId.get(profile.samples[i]);
	const f = n.callFrame;
	const url = (f.url || '').replace(/^.*\/(node_modules|nodes|test|bench)\//, '$1/');
	const key = `${f.functionName || '(anonymous)'} ${url}:${f.lineNumber + 1}`;
	self.set(key, (self.get(key) || 0) + (dt[i] || 0) / 1000);
}
const total = [...self.values()].reduce((a, b) => a + b, 0);
const idle = self.get('(idle) :0') || 0;
const rows = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, top);
console.log(`total ${total.toFixed(0)} ms, busy ${(total - idle).toFixed(0)} ms`);
for (const [k, ms] of rows)
	console.log(
		`${ms.toFixed(1).padStart(9)} ms ${((ms / total) * 100).toFixed(1).padStart(5)} %${per ? `  ${((ms / per) * 1000).toFixed(2).padStart(8)} /1000` : ''}  ${k}`,
	);
