/**
 * The Shopping Center API credential: base URL, Client ID and Client Secret, the token exchange
 * before each request (preAuthentication) and the credential test.
 */
import type {
	IAuthenticateGeneric,
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestHelper,
	INodeProperties,
} from 'n8n-workflow';
import { assertTransportAllowed, exchangeToken, normalizeBaseUrl } from '../nodes/shared/transport';

/**
 * Client ID + Client Secret, exchanged at POST /auth/token for the 1-hour bearer token.
 *
 * The nodes of this package keep their own token cache (see nodes/shared/transport/token.ts): it
 * refreshes on `token_expired` at ANY HTTP status, once per credential however many requests failed.
 * The preAuthentication below serves n8n's own paths: the credential "Test" button, and the HTTP
 * Request node when a user picks this credential there.
 */
export class ShoppingCenterApi implements ICredentialType {
	name = 'shoppingCenterApi';

	displayName = 'Shopping Center API';

	icon = { light: 'file:shoppingCenterApi.svg', dark: 'file:shoppingCenterApi.dark.svg' } as const;

	documentationUrl =
		'https://github.com/n8n-nodes-shopping-center/n8n-nodes-shopping-center#credential';

	properties: INodeProperties[] = [
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'https://api.example.com/api/external/v2',
			description:
				'The API address, ending with /api/external/v2. Production and stage are two URLs of the same shape: one field serves both.',
		},
		{
			displayName: 'Client ID',
			name: 'clientId',
			type: 'string',
			default: '',
			required: true,
		},
		{
			displayName: 'Client Secret',
			name: 'clientSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
		},
		{
			displayName: 'Allow Insecure Connection',
			name: 'allowInsecure',
			type: 'boolean',
			default: false,
			description:
				'Whether to allow sending the secret and token over plain http:// to a host that is not this machine. Leave off unless the network path is trusted.',
		},
		{
			displayName: 'Access Token',
			name: 'accessToken',
			type: 'hidden',
			typeOptions: { expirable: true, password: true },
			default: '',
		},
	];

	async preAuthentication(this: IHttpRequestHelper, credentials: ICredentialDataDecryptedObject) {
		const baseUrl = normalizeBaseUrl(credentials.baseUrl);
		assertTransportAllowed(baseUrl, credentials.allowInsecure === true);
		const token = await exchangeToken(this, {
			baseUrl,
			clientId: String(credentials.clientId ?? '').trim(),
			clientSecret: String(credentials.clientSecret ?? ''),
		});
		return { accessToken: token.accessToken };
	}

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				Authorization: '=Bearer {{$credentials.accessToken}}',
			},
		},
	};

	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl.replace(/\\/+$/, "")}}',
			url: '/sc',
			method: 'GET',
			headers: { Accept: 'application/json' },
		},
	};
}
