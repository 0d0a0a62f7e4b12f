'use strict';
/*
 * e2e part `activation`: the anomaly → Slack example ACTIVATED in the running n8n.  n8n polls (twelve
 * "Custom" poll times, each once a minute at seconds 0, 5, … 55, so a poll every 5 s: n8n refuses a
 * single sub-minute expression, not several; slowPoll uses "Every Minute" instead), the first poll
 * remembers what exists, an anomaly inserted through /__sandbox/insert is posted to Slack (the real
 * Slack node, through a local HTTPS catcher, lib/slack-catcher.js) exactly once.
 */
const assert = require('node:assert/strict');
const { waitUntil, sleep } = require('../../../scripts/lib/processes');
const { bindExample } = require('../../../scripts/lib/examples');
const { PRO } = require('../lib/operations');
const { itemsOf, nodeErrorText } = require('../lib/workflows');
const { pollLines } = require('../../../scripts/lib/poll-line');

// Twelve "Custom" poll times, each once a minute at its own second (0, 5, … 55): together a poll every 5 s.
// n8n refuses one expression that polls more than once a minute (1.x: a '*' in the seconds field; 2.x: any
// seconds field that is not a single number), not several once-a-minute ones.
const POLL_EVERY_5_S = Array.from({ length: 12 }, (_, i) => ({
	mode: 'custom',
	cronExpression: `${i * 5} * * * * *`,
}));

const waitFor = (what, fn, { timeoutMs = 60000, everyMs = 500 } = {}) =>
	waitUntil(fn, { what, timeoutMs, everyMs });

module.exports = async function activationPart({
	n8n,
	sb,
	step,
	slack,
	credentials,
	examples,
	slowPoll,
}) {
	const SLOW_POLL = slowPoll;
	const example = examples['anomaly-to-slack'].workflow;
	const pollTimes = SLOW_POLL ? { item: [{ mode: 'everyMinute' }] } : { item: POLL_EVERY_5_S };
	const pollLabel = SLOW_POLL ? 'every minute' : 'every 5 s';
	const wfJson = bindExample(example, {
		credentials,
		patch: (node) => {
			if (node.type.endsWith('.shoppingCenterEventsTrigger')) node.parameters.pollTimes = pollTimes;
			// without openssl there is no Slack catcher: the message the workflow builds is checked instead
			if (!slack && node.type === 'n8n-nodes-base.slack') node.disabled = true;
		},
	});
	if (slack) slack.messages.splice(0); // only this leg's messages (the sandbox of every leg numbers inserted anomalies alike)
	const wf = await step('example "anomaly → Slack": import', () => n8n.api.importWorkflow(wfJson));
	if (!wf) return;
	const executions = async () => (await n8n.api.executions({ workflowId: wf.id })) || [];
	const activated = await step(
		`activate it (trigger polls ${pollLabel}; the first poll at activation remembers what exists)`,
		async () => {
			const since = await sb.control.lastSeq();
			await n8n.api.activate(wf.id);
			const after = await n8n.api.getWorkflow(wf.id);
			assert.ok(
				after.active || after.activeVersionId,
				`not active after activation: ${JSON.stringify({ active: after.active, activeVersionId: after.activeVersionId })}`,
			);
			const log = await waitFor(
				'the first poll',
				async () => {
					const l = await sb.control.log({ since });
					return l.some((e) => e.route === 'anomalies' && e.sc_id === PRO) ? l : null;
				},
				{ timeoutMs: 30000 },
			).catch(async (e) => {
				// n8n may accept the activation and fail to start the trigger (e.g. a refused poll time): say why
				const r = await n8n
					.request('GET', `/rest/active-workflows/error/${wf.id}`, undefined, {
						raw: true,
						ok: false,
					})
					.catch(() => null);
				throw new Error(
					`${e.message}; n8n's activation error: ${r ? r.text.slice(0, 500) : 'n/a'}`,
				);
			});
			const first = log.filter((e) => e.route === 'anomalies' && e.sc_id === PRO);
			assert.ok(
				first.every((e) => e.status === 200),
				JSON.stringify(first.map((e) => [e.status, e.code])),
			);
			await sleep(1500);
			assert.equal(
				(await executions()).length,
				0,
				'the first poll ("remember") must not start the workflow',
			);
			return true;
		},
	);
	if (!activated) return;
	let inserted;
	await step(
		'a new anomaly in the sandbox (POST /__sandbox/insert) reaches Slack through the active workflow, once',
		async () => {
			const since = await sb.control.lastSeq();
			[inserted] = (await sb.control.insert({ kind: 'anomaly', sc_id: PRO, count: 1 })).ids;
			const t0 = Date.now();
			let text;
			if (slack) {
				const msg = await slack.waitFor(
					(m) => String(m.text).includes(inserted),
					SLOW_POLL ? 150000 : 60000,
				);
				assert.equal(msg.channel, '#mall-anomalies');
				assert.equal(msg.authorization, 'Bearer xoxb-e2e-local-catcher');
				text = msg.text;
			}
			const list = await waitFor(
				'the execution of the workflow',
				async () => {
					const l = await executions();
					return l.length &&
						l.every((e) => e.finished !== false && e.status !== 'running' && e.status !== 'new')
						? l
						: null;
				},
				{ timeoutMs: slack ? 30000 : SLOW_POLL ? 150000 : 60000 },
			);
			assert.equal(list.length, 1, `${list.length} executions`);
			const ex = await n8n.api.execution(list[0].id);
			assert.equal(ex.status, 'success', nodeErrorText(ex, ex.lastNodeExecuted));
			assert.equal(ex.mode, 'trigger');
			const fired = itemsOf(ex)('New anomaly');
			assert.deepEqual(
				fired.map((a) => a.id),
				[inserted],
			);
			const [formatted] = itemsOf(ex)('Format message');
			text = text || formatted.text;
			assert.equal(formatted.anomaly_id, inserted);
			assert.ok(text.includes('Center 1002') && text.includes(`_anomaly ${inserted}_`), text);
			if (slack) assert.equal(itemsOf(ex)('Post to Slack')[0].ok, true);
			const polls = (await sb.control.log({ since })).filter(
				(e) => e.route === 'anomalies' && e.sc_id === PRO,
			).length;
			console.log(
				`       ${slack ? 'posted to Slack' : 'message built'} ${((Date.now() - t0) / 1000).toFixed(1)} s after the insert (${polls} poll(s) of 1002 meanwhile):\n${text.replace(/^/gm, '         │ ')}`,
			);
		},
	);
	if (inserted) {
		await step('the next polls emit nothing again (the anomaly is remembered)', async () => {
			// polls counted by the trigger's line per poll in n8n's log file (all of it), not by requests: a
			// center that found nothing is read again only after as long as it had been quiet
			// (docs/trigger.md, "Cost that follows activity"), so a poll may send none
			const polled = () => pollLines(n8n.logFile, 'New Anomaly').length;
			const before = polled();
			await waitFor('two more polls', async () => polled() >= before + 2, {
				timeoutMs: SLOW_POLL ? 150000 : 30000,
			});
			assert.equal((await executions()).length, 1);
			if (slack)
				assert.equal(slack.messages.filter((m) => String(m.text).includes(inserted)).length, 1);
		});
	}
	await step('deactivate', () => n8n.api.deactivate(wf.id));
};
