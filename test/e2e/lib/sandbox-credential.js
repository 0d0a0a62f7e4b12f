'use strict';
/*
 * The "Shopping Center API" credential of the sandbox's demo client, as the e2e legs create it in n8n
 * (REST): its data and the credential itself.
 */

/** The credential's data for a sandbox (scripts/lib/processes.js startSandboxProcess). */
const sandboxCredentialData = (sb) => ({
	baseUrl: sb.baseUrl,
	clientId: sb.clientId,
	clientSecret: sb.clientSecret,
	allowInsecure: false,
});

/** Creates it in n8n; { id, name, … } as n8n answers. */
const createSandboxCredential = (n8n, sb, name = 'Shopping Center API') =>
	n8n.api.createCredential({ name, type: 'shoppingCenterApi', data: sandboxCredentialData(sb) });

module.exports = { sandboxCredentialData, createSandboxCredential };
