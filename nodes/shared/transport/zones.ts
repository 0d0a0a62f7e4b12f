/**
 * The time zone of each center the package has seen in a center list, so that messages of the
 * transport (when a spent budget returns) speak the center's local time.
 */
const zones = new Map<string, string>();

export function rememberZone(baseUrl: string, scId: string, zone: string): void {
	zones.set(`${baseUrl}|${scId}`, zone);
}

export function zoneOf(baseUrl: string, scId: string | undefined): string | undefined {
	return scId ? zones.get(`${baseUrl}|${scId}`) : undefined;
}
