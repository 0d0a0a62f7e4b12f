/**
 * Matches a method + path (relative to the API prefix) against the route table.
 */
/* eslint-disable @n8n/community-nodes/require-node-api-error -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import { ROUTES, type RouteDef } from './routes';
import { ApiError, type RouteName } from '../core/types';

export interface RouteMatch {
	route: RouteName;
	params: Record<string, string>;
}

interface Compiled {
	def: RouteDef;
	segments: string[];
}

const COMPILED: Compiled[] = ROUTES.map((def) => ({ def, segments: def.path.split('/').slice(1) }));

/** Splits a raw path into decoded segments; a bad percent-encoding is a 400. */
function segmentsOf(path: string): string[] {
	return path
		.split('/')
		.slice(1)
		.map((s) => {
			try {
				return decodeURIComponent(s);
			} catch {
				throw new ApiError(400, 'bad_request', 'The path contains a malformed percent-encoding.', {
					path,
				});
			}
		});
}

function matchSegments(template: string[], actual: string[]): Record<string, string> | undefined {
	if (template.length !== actual.length) return undefined;
	const params: Record<string, string> = {};
	for (let i = 0; i < template.length; i++) {
		const t = template[i];
		if (t.startsWith('{') && t.endsWith('}')) {
			if (actual[i] === '') return undefined;
			params[t.slice(1, -1)] = actual[i];
		} else if (t !== actual[i]) {
			return undefined;
		}
	}
	return params;
}

/** Resolves a route or throws 404 route_not_found / 405 method_not_allowed. */
export function matchRoute(method: string, path: string): RouteMatch {
	const actual = segmentsOf(path);
	const allowed: string[] = [];
	for (const c of COMPILED) {
		const params = matchSegments(c.segments, actual);
		if (!params) continue;
		if (c.def.method === method) return { route: c.def.name, params };
		allowed.push(c.def.method);
	}
	if (allowed.length > 0) {
		throw new ApiError(
			405,
			'method_not_allowed',
			`Method ${method} is not allowed here.`,
			{ allowed },
			{ Allow: allowed.join(', ') },
		);
	}
	throw new ApiError(404, 'route_not_found', `No route for ${method} ${path}.`, { path });
}
