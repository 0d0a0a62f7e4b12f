/**
 * The n8n contexts the transport runs in and the one helper it sends HTTP through.
 */
import type {
	IExecuteFunctions,
	IHookFunctions,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IPollFunctions,
} from 'n8n-workflow';

/** Every n8n context the transport runs in: nodes, list searches, the polling trigger. */
export type ApiContext =
	| IExecuteFunctions
	| ILoadOptionsFunctions
	| IPollFunctions
	| IHookFunctions;

/** The one n8n helper the transport sends HTTP through (also what a credential's preAuthentication gets). */
export interface HttpHelper {
	helpers: { httpRequest(options: IHttpRequestOptions): Promise<unknown> };
}

export const CREDENTIAL_TYPE = 'shoppingCenterApi';
