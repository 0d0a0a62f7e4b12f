/**
 * The package's credential for a sandbox as the harness takes it (`credentials` of runNode / runPoll /
 * the method runners): the demo key unless another is given. One place for the block every test needs.
 */
import {
	DAY_CLIENT_ID,
	DAY_CLIENT_SECRET,
	DEMO_CLIENT_ID,
	DEMO_CLIENT_SECRET,
} from '../../sandbox/fixtures/centers';

export function sandboxCredentials(
	baseUrl: string,
	clientId = DEMO_CLIENT_ID,
	clientSecret = DEMO_CLIENT_SECRET,
) {
	return { shoppingCenterApi: { baseUrl, clientId, clientSecret } };
}

/** The day key's credential: it sees the two day centers (1008: 300 shops, 1009: 30 shops) only. */
export function dayCredentials(baseUrl: string) {
	return sandboxCredentials(baseUrl, DAY_CLIENT_ID, DAY_CLIENT_SECRET);
}
