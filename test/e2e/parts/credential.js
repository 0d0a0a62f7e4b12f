'use strict';
/*
 * e2e part `credential`: n8n's credential test (the editor's "Test" button) with good keys,
 * a wrong secret, an unreachable URL and plain http to another host.
 */
const assert = require('node:assert/strict');

module.exports = async function credentialPart({ n8n, sb, step, credData }) {
	const testCred = async (name, data) => {
		const c = await n8n.api.createCredential({ name, type: 'shoppingCenterApi', data });
		return n8n.request('POST', '/rest/credentials/test', {
			credentials: { id: String(c.id), name, type: 'shoppingCenterApi', data },
		});
	};
	await step(
		'credential test: good keys → "Connection successful" (token call + GET /sc)',
		async () => {
			const since = await sb.control.lastSeq();
			const r = await testCred('e2e good', credData);
			assert.equal(r.status, 'OK', JSON.stringify(r));
			const log = await sb.control.log({ since });
			assert.ok(
				log.some((e) => e.route === 'token' && e.status === 200),
				'no token call',
			);
			assert.ok(
				log.some((e) => e.route === 'centers' && e.status === 200),
				'no GET /sc',
			);
		},
	);
	await step('credential test: wrong secret → fails, naming the Client ID / Secret', async () => {
		const r = await testCred('e2e bad secret', { ...credData, clientSecret: 'not-the-secret' });
		assert.equal(r.status, 'Error', JSON.stringify(r));
		assert.match(r.message, /Client ID|Client Secret|invalid_client/i);
	});
	await step('credential test: unreachable base URL → fails', async () => {
		const r = await testCred('e2e unreachable', {
			...credData,
			baseUrl: 'http://127.0.0.1:9/api/external/v2',
		});
		assert.equal(r.status, 'Error', JSON.stringify(r));
		assert.ok(r.message && r.message.length > 5, JSON.stringify(r));
	});
	await step(
		'credential test: plain http:// to another host → refused before sending the secret',
		async () => {
			const r = await testCred('e2e insecure', {
				...credData,
				baseUrl: 'http://10.255.255.1/api/external/v2',
			});
			assert.equal(r.status, 'Error', JSON.stringify(r));
			assert.match(r.message, /Allow Insecure|http:\/\//i);
		},
	);
};
