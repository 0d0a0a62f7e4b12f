/**
 * Shopping Center Trigger: the polling trigger's node class (its description, the center list search
 * and poll, which runs the one poll sequence of sequence.ts). One name everywhere: its display name,
 * the name a new node gets, its icon's file name and the README; its type (shoppingCenterEventsTrigger)
 * and class stay, saved workflows name them.
 */
import {
	NodeConnectionTypes,
	type IDataObject,
	type ILoadOptionsFunctions,
	type INodeExecutionData,
	type INodePropertyOptions,
	type INodeType,
	type INodeTypeDescription,
	type IPollFunctions,
} from 'n8n-workflow';
import { listCenters } from '../shared/center';
import { properties } from './description';
import { runPoll } from './sequence';
import { getCostEstimate } from './costEstimate';
import { EVENT_NAMES, EVENTS } from './events';

/** The canvas subtitle: the Event as the editor names it ("New Receipt"), not its value (newReceipt). */
const EVENT_SUBTITLE = `={{ (${JSON.stringify(
	Object.fromEntries(EVENT_NAMES.map((e) => [e, EVENTS[e].name])),
)})[$parameter["event"]] || $parameter["event"] }}`;

export class ShoppingCenterEventsTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Shopping Center Trigger',
		name: 'shoppingCenterEventsTrigger',
		icon: { light: 'file:shoppingCenterTrigger.svg', dark: 'file:shoppingCenterTrigger.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: EVENT_SUBTITLE,
		description:
			"Starts the workflow on new anomalies, new or changed tenant-portal tickets, new passes and new receipts of your shopping centers, or on each change of a center's tables (to keep them in a database)",
		defaults: { name: 'Shopping Center Trigger' },
		credentials: [{ name: 'shoppingCenterApi', required: true }],
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		properties,
	};

	methods = {
		loadOptions: {
			/** The centers the key has a role in (GET /sc, live). */
			async getCenters(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
				const centers = await listCenters(this, { fresh: true });
				return centers.map((c) => {
					const city = (c.city as IDataObject | undefined)?.name;
					return {
						name: `${String(c.title ?? c.id)} · ${String(c.id)}`,
						value: String(c.id),
						description: `${String(city ?? c.time_zone ?? '')} (sc_id ${String(c.id)})`,
					};
				});
			},
			getCostEstimate,
		},
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await runPoll(this);
	}
}
