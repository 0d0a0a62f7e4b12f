/**
 * The package's credential for a sandbox as the harness takes it (`credentials` of runNode / runPoll /
 * the method runners): the demo key unless another is given. One place for the block every test needs.
 */
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET } from '../../sandbox/fixtures';

export function sandboxCredentials(
	baseUrl: string,
	clientId = DEMO_CLIENT_ID,
	clientSecret = DEMO_CLIENT_SECRET,
) {
	return { shoppingCenterApi: { baseUrl, clientId, clientSecret } };
}
